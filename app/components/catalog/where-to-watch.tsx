import { lazy, Suspense, useId } from 'react'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import type { WatchOptions } from '#app/lib/catalog/watch-providers.ts'
import { useAfterLoad } from '#app/utils/after-load.ts'

// "Where to watch" on the movie and series pages. The region comes from the
// viewer's settings or browser, which the server does not know: the server
// renders the section's frame, and the offers appear for the right region
// once the page has loaded and the browser is idle (no flash of another
// region's offers, and no work competing with the first paint). The
// offers module brings the settings store with it, so it loads on its own.
const WhereToWatchOffers = lazy(() => import('./where-to-watch-offers.tsx'))

function OffersPlaceholder() {
	return (
		<div role="status" className="flex flex-col gap-3">
			<span className="sr-only">Loading where to watch…</span>
			<Skeleton className="h-5 w-40" />
			<div className="flex gap-3">
				<Skeleton className="h-12 w-12" />
				<Skeleton className="h-12 w-12" />
				<Skeleton className="h-12 w-12" />
			</div>
		</div>
	)
}

export function WhereToWatch({ options, title }: { options: WatchOptions; title: string }) {
	const id = useId()
	const ready = useAfterLoad()
	return (
		<section
			aria-labelledby={`${id}-heading`}
			className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 sm:p-6"
			data-testid="where-to-watch"
		>
			<h2 id={`${id}-heading`} className="text-xl font-semibold">
				Where to watch
			</h2>
			{ready ? (
				<Suspense fallback={<OffersPlaceholder />}>
					<WhereToWatchOffers options={options} title={title} />
				</Suspense>
			) : (
				<OffersPlaceholder />
			)}
		</section>
	)
}
