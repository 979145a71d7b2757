import { useId } from 'react'
import { useWatchHistory } from '#app/stores/library.ts'
import { useNewEpisodes } from '#app/utils/new-episodes.ts'
import { ContinueCard } from './history-card.tsx'

/**
 * "Continue Watching": movies in progress and, for series, the episode to
 * watch next, most recent first. Renders nothing while loading or when empty,
 * so pages can place it unconditionally.
 */
export function ContinueWatchingRow({
	heading = 'Continue Watching',
	limit = 20,
	className,
}: {
	heading?: string
	limit?: number
	className?: string
}) {
	const { ready, continueWatching } = useWatchHistory()
	const headingId = useId()
	const items = continueWatching.slice(0, limit)
	const newEpisodes = useNewEpisodes(ready ? items : [])
	if (!ready || continueWatching.length === 0) return null
	return (
		<section aria-labelledby={headingId} className={className} data-testid="continue-watching">
			<h2 id={headingId} className="mb-3 text-xl font-semibold">
				{heading}
			</h2>
			<ul className="flex gap-3 overflow-x-auto pb-2" tabIndex={0} aria-label={heading}>
				{items.map((entry) => (
					<ContinueCard
						key={entry.mediaId}
						mediaId={entry.mediaId}
						item={entry.item}
						episode={entry.episode}
						percent={entry.percent}
						newEpisode={newEpisodes.has(entry.mediaId)}
					/>
				))}
			</ul>
		</section>
	)
}
