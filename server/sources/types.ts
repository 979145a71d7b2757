// The contract every playback source speaks (issue "Playback sources", spec §3
// Scrape request / Scrape result / Caption). Pure types: no I/O here.

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

/** Quality keys of a file stream; shown as §9's "360p" … "4K" and "Original" (unknown). */
export const QUALITY_KEYS = ['360', '480', '720', '1080', '4k', 'unknown'] as const
export type QualityKey = (typeof QUALITY_KEYS)[number]

export interface Caption {
	id: string
	/** ISO 639-1 (`eng` and `en` both become `en`). */
	language: string
	/** From Intl.DisplayNames, e.g. "English". */
	label: string
	/** Same-origin URL (/api/stream/…). */
	url: string
	type: 'srt' | 'vtt'
}

interface StreamBase {
	id: string
	sourceId: string
	/** What the viewer sees in the source/stream list. */
	label: string
	captions: Caption[]
	/** A WebVTT thumbnails track URL (§9 trickplay). */
	thumbnails?: string
	/** Seconds of the intro, when known. */
	intro?: { start: number; end: number }
	bingeGroup?: string
}

export interface HlsStream extends StreamBase {
	type: 'hls'
	/** Same-origin playlist URL. */
	playlist: string
}

export interface FileStream extends StreamBase {
	type: 'file'
	qualities: Partial<Record<QualityKey, { type: 'mp4' | 'webm'; url: string }>>
}

export type Stream = HlsStream | FileStream

export type SourceKind = 'library' | 'addon' | 'token' | 'sample'

export interface SourceInfo {
	id: string
	name: string
	kind: SourceKind
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
	| { kind: 'none'; reason: string }

export interface PlaybackSource extends SourceInfo {
	lookup(request: ScrapeRequest, context: LookupContext): Promise<SourceResult>
}

/** One NDJSON line of GET /api/sources/lookup. */
export type LookupEvent =
	| { event: 'checking'; source: { id: string; name: string } }
	| { event: 'found'; source: { id: string; name: string }; streams: Stream[] }
	| { event: 'subtitles'; source: { id: string; name: string }; captions: Caption[] }
	| { event: 'none'; source: { id: string; name: string }; reason: string }
	| { event: 'done' }
