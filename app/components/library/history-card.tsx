import { Flame, X } from 'lucide-react'
import { Link } from 'react-router'
import { MediaImage } from '#app/components/catalog/media-image.tsx'
import { IconButton } from '#app/components/ui/icon-button.tsx'
import { episodeKey, isHistoryTrending, itemPercent, latestEpisode, type EpisodeToWatch } from '#app/lib/library/history.ts'
import type { WatchHistoryItem } from '#app/lib/library/types.ts'
import { episodeHref, movieHref, seriesHref } from '#app/lib/catalog/slug.ts'
import { removeFromHistory } from '#app/stores/library.ts'
import { ProgressBar } from './progress-bar.tsx'

export function TrendingBadge() {
	return (
		<span
			className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white"
			data-testid="trending-badge"
		>
			<Flame className="h-3 w-3" aria-hidden="true" />
			Trending
		</span>
	)
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })

function episodeLabel(episode: { season: number; episode: number }) {
	return `S${episode.season} · E${episode.episode}`
}

/** A watched title on /history: poster, trending badge (popularity above 400), progress and when it was last watched. */
export function HistoryCard({ mediaId, item }: { mediaId: number; item: WatchHistoryItem }) {
	const href = item.type === 'movie' ? movieHref(mediaId, item.title) : seriesHref(mediaId, item.title)
	const percent = itemPercent(item)
	const latest = item.type === 'show' ? latestEpisode(item) : undefined
	const detail = latest
		? `Last: ${episodeLabel({ season: latest.season, episode: latest.number })}`
		: item.type === 'movie'
			? 'Movie'
			: 'Series'
	return (
		<li className="group relative" data-testid="history-card" data-media-id={mediaId}>
			<Link to={href} prefetch="intent" className="block rounded-lg">
				<div className="relative overflow-hidden rounded-lg">
					<MediaImage
						path={item.posterPath}
						kind="poster"
						alt=""
						caption={{ title: item.title, year: item.year }}
						sizes="(min-width: 640px) 180px, 45vw"
						className="w-full"
					/>
					{isHistoryTrending(item.popularity) ? <TrendingBadge /> : null}
				</div>
				<p className="mt-2 truncate text-sm font-medium" title={item.title}>
					{item.title}
				</p>
			</Link>
			<IconButton
				variant="bare"
				onClick={() => removeFromHistory(mediaId)}
				label={`Remove ${item.title} from history`}
				title="Remove from history"
				data-testid="history-remove"
				className="absolute top-2 right-2 inline-flex h-8 w-8 items-center justify-center rounded-full bg-black/70 text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
			>
				<X className="h-4 w-4" aria-hidden="true" />
			</IconButton>
			<p className="text-xs text-muted">
				{[item.year, detail].filter(Boolean).join(' · ')}
				<span className="sr-only">, </span>
				<span className="block">Watched {dateFormat.format(item.updatedAt)}</span>
			</p>
			<ProgressBar value={percent} label={`Progress of ${item.title}`} className="mt-2" />
		</li>
	)
}

/** A card of the Continue Watching row: resumes a movie or goes to the next episode. */
export function ContinueCard({
	mediaId,
	item,
	episode,
	percent,
	newEpisode = false,
}: {
	mediaId: number
	item: WatchHistoryItem
	episode: EpisodeToWatch | null
	percent: number
	newEpisode?: boolean
}) {
	// Continue means play: the page starts playback by itself (?play=true).
	const href = `${episode ? episodeHref(mediaId, item.title, episode.season, episode.episode) : movieHref(mediaId, item.title)}?play=true`
	const stored = episode ? item.episodes?.[episodeKey(episode.season, episode.episode)] : undefined
	const subtitle = episode
		? `${episode.kind === 'next' ? 'Next: ' : ''}${episodeLabel(episode)}${stored?.title ? ` – ${stored.title}` : ''}`
		: `${Math.round(percent)}% watched`
	return (
		<li className="w-36 shrink-0 sm:w-44" data-testid="continue-card" data-media-id={mediaId}>
			<Link
				to={href}
				prefetch="intent"
				className="group block rounded-lg"
				aria-label={`Continue ${item.title}: ${subtitle}${newEpisode ? ' (new episode)' : ''}`}
			>
				<div className="relative overflow-hidden rounded-lg">
					<MediaImage
						path={item.posterPath}
						kind="poster"
						alt=""
						caption={{ title: item.title, year: item.year }}
						sizes="(min-width: 640px) 176px, 144px"
						className="w-full"
					/>
					{newEpisode ? (
						<span
							className="absolute top-2 left-2 rounded bg-accent px-1.5 py-0.5 text-xs font-semibold text-accent-foreground"
							data-testid="new-episode-badge"
						>
							New episode
						</span>
					) : null}
				</div>
				<p className="mt-2 truncate text-sm font-medium">{item.title}</p>
				<p className="truncate text-xs text-muted">{subtitle}</p>
			</Link>
			<ProgressBar value={percent} label={`Progress of ${item.title}`} className="mt-2" />
		</li>
	)
}
