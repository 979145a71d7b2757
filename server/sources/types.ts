// The contract every playback source speaks (issue "Playback sources", product.md §3
// Scrape request / Scrape result / Caption). Pure types: no I/O here. What the
// browser also reads (streams, captions, lookup events) lives in app/lib/sources/contract.ts.
import type { Caption, NextStep, SourceInfo, Stream } from '#app/lib/sources/contract.ts'

export { QUALITY_KEYS } from '#app/lib/sources/contract.ts'
export type {
	Caption,
	NextStep,
	FileStream,
	HlsStream,
	LookupEvent,
	QualityKey,
	SourceInfo,
	SourceKind,
	Stream,
} from '#app/lib/sources/contract.ts'

/** §3 Scrape request, built by the server from its own catalogue (the browser sends ids only). */
export interface ScrapeRequest {
	type: 'movie' | 'show'
	title: string
	/** Original title/name when it differs (helps name matching). */
	originalTitle?: string
	releaseYear: number | null
	tmdbId: number
	imdbId: string | null
	/** Shows only. */
	season?: { number: number; tmdbId: number | null }
	episode?: { number: number; tmdbId: number | null }
}

/** What a lookup knows about the caller, beyond the title wanted. */
export interface LookupContext {
	/** Aborted at the source's timeout or when the client goes away. */
	signal: AbortSignal
	/** Signed-in user, if any. */
	user: { id: string; username: string } | null
	/** The 4K token the browser sent in the Ui-Token header (never logged). */
	uiToken?: string
	/** Client key for per-client limits (IP or user id). */
	clientKey: string
}

export type SourceResult =
	| { kind: 'found'; streams: Stream[] }
	| { kind: 'subtitles'; captions: Caption[] }
	/** `next`: what the viewer can do about it (app/lib/sources/reasons.ts); filled in for the shared reason texts. */
	| { kind: 'none'; reason: string; next?: NextStep }

export interface PlaybackSource extends SourceInfo {
	lookup(request: ScrapeRequest, context: LookupContext): Promise<SourceResult>
}
