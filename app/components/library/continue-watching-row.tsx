import { useId } from 'react'
import { useWatchHistory } from '#app/utils/library.ts'
import { ContinueCard } from './history-card.tsx'

/**
 * "Continue Watching": movies in progress and, for series, the episode to
 * watch next, most recent first. Renders nothing while loading or when empty,
 * so pages can place it unconditionally.
 */
export function ContinueWatchingRow({ heading = 'Continue Watching', limit = 20, className }: { heading?: string; limit?: number; className?: string }) {
	const { ready, continueWatching } = useWatchHistory()
	const headingId = useId()
	if (!ready || continueWatching.length === 0) return null
	const items = continueWatching.slice(0, limit)
	return (
		<section aria-labelledby={headingId} className={className} data-testid="continue-watching">
			<h2 id={headingId} className="mb-3 text-xl font-semibold">
				{heading}
			</h2>
			<ul className="flex gap-3 overflow-x-auto pb-2" tabIndex={0} aria-label={heading}>
				{items.map((entry) => (
					<ContinueCard key={entry.mediaId} mediaId={entry.mediaId} item={entry.item} episode={entry.episode} percent={entry.percent} />
				))}
			</ul>
		</section>
	)
}
