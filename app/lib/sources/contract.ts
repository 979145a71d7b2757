// The playback contract the server sends and the player reads (issue
// "Playback sources"; product.md §3 Scrape result and Caption). Pure types shared by
// server/sources/ and the browser: no I/O here.

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
	/** Seconds of the end credits, when known (found by listening in the media folder, or set by its owner): Up next shows from their start (product.md §4). */
	credits?: { start: number; end: number }
	bingeGroup?: string
}

export interface HlsStream extends StreamBase {
	type: 'hls'
	/** Same-origin playlist URL. */
	playlist: string
	/**
	 * A transcoded stream's turn URL (decision 0046): the player POSTs `{ ticket?, from? }` to it before
	 * loading the playlist and again every `pollMs` while the answer is `waiting`, showing the place in line.
	 */
	queue?: string
}

/** The answer of an HLS stream's `queue` URL. */
export type TranscodeTurnAnswer = { state: 'ready' } | { state: 'waiting'; position: number; ticket: string; pollMs: number }

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

/** What a person can do about a source's `none` (issue 25 item 4): a same-site page to go to. */
export interface NextStep {
	/** A path on this site ("/login", "/4k", a title's page). */
	href: string
	/** The link's text ("Sign in"). */
	label: string
}

/** One NDJSON line of GET /api/sources/lookup. */
export type LookupEvent =
	| { event: 'checking'; source: { id: string; name: string } }
	| { event: 'found'; source: { id: string; name: string }; streams: Stream[] }
	| { event: 'subtitles'; source: { id: string; name: string }; captions: Caption[] }
	| { event: 'none'; source: { id: string; name: string }; reason: string; next?: NextStep }
	| { event: 'done' }
