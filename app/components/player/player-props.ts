import type { Caption, SourceInfo, Stream } from '#app/lib/sources/contract.ts'

// Props of the lazily loaded player (contract between the watch flow and the player). Types only.

export interface PlayerMedia {
	type: 'movie' | 'tv'
	tmdbId: number
	title: string
	year: number | null
	posterPath: string | null
	backdropPath: string | null
	/** Episodes only */
	season?: number
	episode?: number
	/** The episode's own TMDB id, kept in the watch history item. */
	episodeId?: number
	episodeTitle?: string
	seasonTmdbId?: number | null
	/** Seasons of the show with episode counts (for the next-episode rule in app/lib/library/history.ts) */
	seasons?: Array<{ season_number: number; episode_count: number }>
}

export interface PlayerProps {
	media: PlayerMedia
	/** Streams found by the lookup that opened the player (first = default). */
	streams: Stream[]
	/** Subtitles-only answers (add-on subtitles) for when a stream has no captions. */
	extraCaptions: Caption[]
	/** Every source, for the server/source menu. */
	sources: SourceInfo[]
	/** Until then (ms since the epoch) a better-ranked stream that arrives takes over the one playing (decision 0037). */
	preferUntil?: number
	/** Home / path segments. */
	breadcrumb: Array<{ label: string; href?: string }>
	/** Close: the watch flow removes ?play=true and unmounts. */
	onClose: () => void
	/** Opens the download panel of the watch flow. */
	onDownload: () => void
}
