import { Button } from '#app/components/ui/button.tsx'
import { imageUrl } from '#app/lib/catalog/images.ts'
import { episodeUnavailableText, nextEpisodeLabel, TEXT, upNextCountdownText } from '#app/lib/player/player-rules.ts'
import type { NextEpisode } from './use-next-episode.ts'

/**
 * The up-next card (product.md §4): the next episode's still and title, the
 * seconds left until it starts by itself, Play now and Cancel; or, when the
 * look-ahead found nothing to play, the text saying so (playback ends here).
 */
export function UpNextCard({
	next,
	unavailable,
	countdown,
	onPlay,
	onCancel,
}: {
	next: NextEpisode
	unavailable: boolean
	/** Seconds left, or null when the advance will not happen by itself. */
	countdown: number | null
	onPlay: () => void
	onCancel: () => void
}) {
	const still = imageUrl(next.stillPath, 'w300')
	return (
		<section
			aria-label={TEXT.nextEpisode}
			className="pointer-events-auto flex w-72 max-w-full gap-3 rounded-md bg-neutral-900/95 p-2 text-sm shadow-lg"
			data-testid="player-up-next"
		>
			{still ? (
				<img src={still} alt="" className="aspect-video w-24 shrink-0 rounded object-cover" data-testid="player-up-next-still" />
			) : null}
			<div className="flex min-w-0 flex-1 flex-col gap-1">
				<p className="text-xs text-white/80">{TEXT.nextEpisode}</p>
				<p className="truncate font-semibold" data-testid="player-up-next-title">
					{nextEpisodeLabel(next.season, next.episode, next.name)}
				</p>
				{unavailable ? (
					<p role="status" data-testid="player-up-next-unavailable">
						{episodeUnavailableText(next.episode)}
					</p>
				) : (
					<>
						{countdown !== null ? (
							<p className="text-white/80 tabular-nums" data-testid="player-up-next-countdown">
								{upNextCountdownText(countdown)}
							</p>
						) : null}
						<div className="flex gap-2">
							<Button variant="light" size="compact" onClick={onPlay}>
								Play now
							</Button>
							<Button variant="overlay" size="compact" onClick={onCancel}>
								Cancel
							</Button>
						</div>
					</>
				)}
			</div>
		</section>
	)
}
