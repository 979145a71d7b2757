import { History as HistoryIcon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ContinueWatchingRow } from '#app/components/library/continue-watching-row.tsx'
import { HistoryCard } from '#app/components/library/history-card.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { SKELETON_COUNTS } from '#app/lib/browse/carousel.ts'
import { useWatchHistory } from '#app/stores/library.ts'

export function meta() {
	return [{ title: 'Watch History · Willow' }, { name: 'robots', content: 'noindex' }]
}

const PAGE_SIZE = 60

export default function History() {
	const { ready, error, recent } = useWatchHistory()
	const [shown, setShown] = useState(PAGE_SIZE)
	return (
		<div className="flex flex-col gap-8">
			<PageHeader title="Watch History" description="What you played on this device, most recent first.">
				<Link to="/calendar" className="text-sm underline">
					New and upcoming episodes
				</Link>
			</PageHeader>
			{error ? (
				<p role="alert" className="rounded-md border border-red-700/40 bg-red-700/10 p-3 text-sm">
					{error}
				</p>
			) : null}
			<ContinueWatchingRow />
			{!ready ? (
				<div role="status" aria-live="polite" className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
					<span className="sr-only">Loading watch history…</span>
					{Array.from({ length: SKELETON_COUNTS.historyGrid }, (_, i) => (
						<Skeleton key={i} className="aspect-[2/3] w-full" />
					))}
				</div>
			) : recent.length === 0 ? (
				<EmptyState icon={<HistoryIcon className="h-10 w-10" />} title="Nothing watched yet">
					Titles you play show up here with your progress.{' '}
					<Link to="/movies" className="underline">
						Browse movies
					</Link>
				</EmptyState>
			) : (
				<section aria-labelledby="watched-heading">
					<h2 id="watched-heading" className="mb-3 text-xl font-semibold">
						Watched titles
					</h2>
					<ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6" data-testid="history-grid">
						{recent.slice(0, shown).map(({ mediaId, item }) => (
							<HistoryCard key={mediaId} mediaId={mediaId} item={item} />
						))}
					</ul>
					{recent.length > shown ? (
						<div className="mt-6 flex justify-center">
							<Button variant="secondary" onClick={() => setShown((n) => n + PAGE_SIZE)}>
								Show more ({recent.length - shown} left)
							</Button>
						</div>
					) : null}
				</section>
			)}
		</div>
	)
}
