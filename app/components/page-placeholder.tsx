import { PosterRowSkeleton } from './ui/skeleton.tsx'
import { PageHeader } from './ui/page-header.tsx'

/** Layout of a catalogue page while its rows load: a title and shimmering rows. */
export function CatalogueLoading({ title, rows = 3 }: { title: string; rows?: number }) {
	return (
		<div>
			<PageHeader title={title} />
			<div className="flex flex-col gap-8">
				{Array.from({ length: rows }, (_, i) => (
					<section key={i} aria-label={`${title} row ${i + 1}`}>
						<div className="mb-3 h-6 w-40 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" aria-hidden="true" />
						<PosterRowSkeleton label={`Loading ${title.toLowerCase()}`} />
					</section>
				))}
			</div>
		</div>
	)
}
