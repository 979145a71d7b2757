import { addSourceCaptions, rankStreams } from '#app/lib/player/watch-flow.ts'
import type { Caption, LookupEvent, NextStep, SourceInfo, Stream } from '#app/lib/sources/contract.ts'
import { apiRequest, apiStream } from '../utils/api-client.ts'
import { peekDeviceRaw } from './device-storage-core.ts'

/**
 * The browser's client of the playback-source API (issue "Playback sources"):
 * GET /api/sources and the NDJSON lookup GET /api/sources/lookup, read line by
 * line as the server answers so the watch flow can show each source being
 * checked. Types come from app/lib/sources/contract.ts; the server code is never
 * imported here.
 */

export type LookupSourceStatus = 'checking' | 'found' | 'none' | 'subtitles'

export interface LookupSource {
	id: string
	name: string
	status: LookupSourceStatus
	reason?: string
	/** What the viewer can do about `reason` (app/lib/sources/reasons.ts). */
	next?: NextStep
}

export interface LookupOutcome {
	/** Best-ranked first: by the source's place in the lookup's order (decision 0037). */
	streams: Stream[]
	/** Subtitles-only sources' captions, labelled with the source, one per language and source. */
	subtitles: Caption[]
	/** In the lookup's (rank) order. */
	sources: LookupSource[]
	/** Whether the lookup has ended (`done`); until then more may arrive. */
	complete: boolean
}

export interface LookupParams {
	type: 'movie' | 'tv'
	tmdbId: number
	season?: number
	episode?: number
	/** Ask one source only (source change in the player). */
	source?: string
	signal?: AbortSignal
	/** Every event as it arrives. */
	onEvent?: (event: LookupEvent) => void
	/** The outcome so far after each event (a fresh object each time), for showing streams before the slowest source answers. */
	onUpdate?: (outcome: LookupOutcome) => void
}

/** Every source the viewer can use, in lookup order. */
export async function listSources(signal?: AbortSignal): Promise<SourceInfo[]> {
	const answer = await apiRequest<{ sources?: SourceInfo[] } | null>('/api/sources', { signal })
	return Array.isArray(answer?.sources) ? answer.sources : []
}

const EVENT_NAMES = new Set(['checking', 'found', 'subtitles', 'none', 'done'])

/** A parsed NDJSON line when it is a lookup event; anything else (a future event kind, a broken line) is skipped. */
function asLookupEvent(value: unknown): LookupEvent | null {
	if (!value || typeof value !== 'object' || !('event' in value) || typeof value.event !== 'string' || !EVENT_NAMES.has(value.event))
		return null
	const event = value as LookupEvent
	if (event.event === 'done') return event
	const source = (event as { source?: unknown }).source
	if (!source || typeof source !== 'object' || typeof (source as { id?: unknown }).id !== 'string') return null
	if (event.event === 'found' && !Array.isArray(event.streams)) return null
	if (event.event === 'subtitles' && !Array.isArray(event.captions)) return null
	return event
}

/**
 * The lookup events of an NDJSON body, one per line, as they arrive. Lines may
 * be split across chunks (and characters across bytes); blank and unreadable
 * lines are skipped.
 */
export async function* readLookupEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<LookupEvent> {
	const reader = body.getReader()
	// stream: true keeps a character split across chunks for the next read.
	const decoder = new TextDecoder()
	let buffered = ''
	const parse = (line: string) => {
		if (!line.trim()) return null
		try {
			return asLookupEvent(JSON.parse(line))
		} catch {
			return null
		}
	}
	try {
		for (;;) {
			const { value, done } = await reader.read()
			if (done) break
			buffered += decoder.decode(value, { stream: true })
			let newline = buffered.indexOf('\n')
			while (newline !== -1) {
				const event = parse(buffered.slice(0, newline))
				buffered = buffered.slice(newline + 1)
				if (event) yield event
				newline = buffered.indexOf('\n')
			}
		}
		const last = parse(buffered + decoder.decode())
		if (last) yield last
	} finally {
		reader.releaseLock()
	}
}

/** The device's 4K token (set by the 4K wizard), sent so the token service can answer. */
function fourKToken(): string | undefined {
	const raw = peekDeviceRaw('4kToken')
	if (!raw) return undefined
	let token: unknown = raw
	try {
		token = JSON.parse(raw)
	} catch {
		// Stored bare.
	}
	return typeof token === 'string' && token.trim() ? token.trim() : undefined
}

/** The outcome after one more event; a new object (and new lists where they changed), never a mutation. */
export function nextOutcome(outcome: LookupOutcome, event: LookupEvent): LookupOutcome {
	if (event.event === 'done') return { ...outcome, complete: true }
	const name = typeof event.source.name === 'string' ? event.source.name : event.source.id
	const entry: LookupSource = { id: event.source.id, name, status: event.event }
	if (event.event === 'none') {
		entry.reason = event.reason
		// Only a path on this site ("//host" and a backslash after the slash lead elsewhere).
		if (event.next && typeof event.next.href === 'string' && /^\/(?![/\\])/.test(event.next.href) && typeof event.next.label === 'string')
			entry.next = { href: event.next.href, label: event.next.label }
	}
	const known = outcome.sources.some((source) => source.id === entry.id)
	const sources = known ? outcome.sources.map((source) => (source.id === entry.id ? entry : source)) : [...outcome.sources, entry]
	const order = sources.map((source) => source.id)
	const streams = event.event === 'found' ? rankStreams([...outcome.streams, ...event.streams], order) : outcome.streams
	const subtitles = event.event === 'subtitles' ? addSourceCaptions(outcome.subtitles, event.captions, event.source) : outcome.subtitles
	return { streams, subtitles, sources, complete: false }
}

/**
 * Runs one lookup: every event goes to `onEvent` as it arrives, and the
 * outcome gathers the streams (best-ranked first), the add-on subtitles and
 * each source's last status; `onUpdate` gets it after every event. Rejects with ApiError for a 4xx
 * before the stream, and as fetch does on network failure or abort.
 */
export async function lookupStreams(params: LookupParams): Promise<LookupOutcome> {
	const token = fourKToken()
	const body = await apiStream('/api/sources/lookup', {
		query: {
			type: params.type,
			tmdbId: params.tmdbId,
			season: params.type === 'tv' ? params.season : undefined,
			episode: params.type === 'tv' ? params.episode : undefined,
			source: params.source,
		},
		headers: token ? { 'Ui-Token': token } : undefined,
		signal: params.signal,
	})
	let outcome: LookupOutcome = { streams: [], subtitles: [], sources: [], complete: false }
	for await (const event of readLookupEvents(body)) {
		outcome = nextOutcome(outcome, event)
		params.onEvent?.(event)
		params.onUpdate?.(outcome)
		if (event.event === 'done') break
	}
	return outcome
}

// ---- Lookups run ahead (the next episode, while this one ends) ----

/** Found streams are signed for hours; an ahead lookup is used within this time or not at all. */
const AHEAD_TTL_MS = 10 * 60 * 1000
const ahead = new Map<string, { outcome: LookupOutcome; at: number }>()
const aheadKey = (target: { type: 'movie' | 'tv'; tmdbId: number; season?: number; episode?: number }) =>
	`${target.type}:${target.tmdbId}:${target.season ?? ''}:${target.episode ?? ''}`

/** Keeps what a lookup run ahead found, for the page of that title to use instead of looking again. */
export function rememberLookupAhead(
	target: { type: 'movie' | 'tv'; tmdbId: number; season?: number; episode?: number },
	outcome: LookupOutcome,
) {
	if (outcome.streams.length === 0) return
	ahead.set(aheadKey(target), { outcome, at: Date.now() })
}

/** The outcome of a lookup run ahead for this title (once), if it is recent. */
export function takeLookupAhead(target: {
	type: 'movie' | 'tv'
	tmdbId: number
	season?: number
	episode?: number
}): LookupOutcome | undefined {
	const key = aheadKey(target)
	const entry = ahead.get(key)
	ahead.delete(key)
	return entry && Date.now() - entry.at < AHEAD_TTL_MS ? entry.outcome : undefined
}
