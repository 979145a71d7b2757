import { SKELETON_COUNTS } from '#app/lib/browse/carousel.ts'
import { cn } from '#app/lib/ui/cn.ts'

/** A pulsing placeholder block shown while content loads. */
export function Skeleton({ className }: { className?: string }) {
	return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-surface-2 motion-reduce:animate-none', className)} />
}

/** A row of poster-shaped placeholders with a screen-reader status. */
export function PosterRowSkeleton({ count = SKELETON_COUNTS.row, label = 'Loading' }: { count?: number; label?: string }) {
	return (
		<div role="status" aria-live="polite" className="flex gap-3 overflow-hidden">
			<span className="sr-only">{label}…</span>
			{Array.from({ length: count }, (_, i) => (
				<Skeleton key={i} className="aspect-[2/3] w-32 shrink-0 sm:w-40" />
			))}
		</div>
	)
}
