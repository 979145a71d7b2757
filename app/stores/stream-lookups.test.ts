import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LookupEvent, Stream } from '#app/lib/sources/contract.ts'
import { ApiError } from '../utils/api-client.ts'
import { listSources, lookupStreams, readLookupEvents } from './stream-lookups.ts'

const encoder = new TextEncoder()

/** A body that hands out the given pieces one read at a time, like a network stream. */
function chunkedBody(pieces: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
	let index = 0
	return new ReadableStream<Uint8Array>({
		pull(controller) {
			const piece = pieces[index++]
			if (piece === undefined) controller.close()
			else controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece)
		},
	})
}

async function collect(body: ReadableStream<Uint8Array>) {
	const out: LookupEvent[] = []
	for await (const event of readLookupEvents(body)) out.push(event)
	return out
}

const sample = { id: 'sample', name: 'Sample clips' }
const folder = { id: 'library', name: 'Media folder' }
const stream: Stream = { id: 's1', sourceId: 'sample', label: 'Sample', type: 'hls', playlist: '/api/stream/x/master.m3u8', captions: [] }
const caption = { id: 'c1', language: 'en', label: 'English', url: '/api/stream/c1.vtt', type: 'vtt' as const }

describe('readLookupEvents', () => {
	it('reads one event a line even when lines and characters are split across chunks', async () => {
		const text = `${JSON.stringify({ event: 'checking', source: { id: 'x', name: 'Café ☕' } })}\n{"event":"done"}\n`
		const bytes = encoder.encode(text)
		// Split inside the multi-byte ☕ and inside the JSON of both lines.
		const cut = bytes.indexOf(0xe2) + 1
		const events = await collect(chunkedBody([bytes.slice(0, 10), bytes.slice(10, cut), bytes.slice(cut, cut + 7), bytes.slice(cut + 7)]))
		expect(events).toEqual([{ event: 'checking', source: { id: 'x', name: 'Café ☕' } }, { event: 'done' }])
	})

	it('skips blank, broken and unknown lines and reads a last line without a newline', async () => {
		const events = await collect(
			chunkedBody([
				'\n',
				'not json\n',
				'{"event":"mystery"}\n',
				'{"event":"found","source":{"id":"a","name":"A"}}\n',
				`${JSON.stringify({ event: 'none', source: folder, reason: 'timed out' })}`,
			]),
		)
		// A found event without streams is not a found event.
		expect(events).toEqual([{ event: 'none', source: folder, reason: 'timed out' }])
	})
})

describe('lookupStreams', () => {
	let requests: Array<{ url: string; init: RequestInit }>
	let answer: () => Response

	beforeEach(() => {
		requests = []
		vi.stubGlobal(
			'fetch',
			vi.fn(async (url: string, init: RequestInit) => {
				requests.push({ url, init })
				return answer()
			}),
		)
	})
	afterEach(() => {
		vi.unstubAllGlobals()
	})

	const ndjson = (events: unknown[]) => () =>
		new Response(chunkedBody(events.map((e) => `${JSON.stringify(e)}\n`)), {
			status: 200,
			headers: { 'content-type': 'application/x-ndjson' },
		})

	it('gathers streams, subtitles and each source status, passing every event on as it comes', async () => {
		answer = ndjson([
			{ event: 'checking', source: sample },
			{ event: 'checking', source: folder },
			{ event: 'subtitles', source: folder, captions: [caption] },
			{ event: 'found', source: sample, streams: [stream] },
			{ event: 'done' },
			{ event: 'found', source: folder, streams: [stream] },
		])
		const seen: string[] = []
		const outcome = await lookupStreams({ type: 'movie', tmdbId: 10378, onEvent: (e) => seen.push(e.event) })
		expect(seen).toEqual(['checking', 'checking', 'subtitles', 'found', 'done'])
		expect(outcome).toEqual({
			streams: [stream],
			// Labelled with their source, so they are told apart from a stream's own captions.
			subtitles: [{ ...caption, id: 'library:sub:c1', label: 'English · Media folder' }],
			sources: [
				{ id: 'sample', name: 'Sample clips', status: 'found' },
				{ id: 'library', name: 'Media folder', status: 'subtitles' },
			],
			complete: true,
		})
		expect(requests[0]!.url).toBe('/api/sources/lookup?type=movie&tmdbId=10378')
		expect(new Headers(requests[0]!.init.headers).get('ui-token')).toBeNull()
	})

	it('asks for an episode (and one source) and sends the stored 4K token as Ui-Token', async () => {
		vi.stubGlobal('window', { localStorage: { getItem: (key: string) => (key === '4kToken' ? JSON.stringify('eyToken') : null) } })
		answer = ndjson([{ event: 'checking', source: folder }, { event: 'none', source: folder, reason: 'no match' }, { event: 'done' }])
		const outcome = await lookupStreams({ type: 'tv', tmdbId: 66732, season: 1, episode: 2, source: 'library' })
		expect(requests[0]!.url).toBe('/api/sources/lookup?type=tv&tmdbId=66732&season=1&episode=2&source=library')
		expect(new Headers(requests[0]!.init.headers).get('ui-token')).toBe('eyToken')
		expect(outcome).toEqual({
			streams: [],
			subtitles: [],
			sources: [{ id: 'library', name: 'Media folder', status: 'none', reason: 'no match' }],
			complete: true,
		})
	})

	it('ranks streams by their source’s place in the lookup, reports the outcome after every event, and keeps next steps on this site', async () => {
		const owner = { id: 'library', name: 'Media folder' }
		const addon = { id: 'addon:a', name: 'An add-on' }
		const mine: Stream = { ...stream, id: 'l1', sourceId: 'library', label: 'My file' }
		const theirs: Stream = { ...stream, id: 'a1', sourceId: 'addon:a', label: 'Their file' }
		answer = ndjson([
			{ event: 'checking', source: owner },
			{ event: 'checking', source: addon },
			{ event: 'checking', source: sample },
			{ event: 'found', source: sample, streams: [stream] },
			{ event: 'found', source: addon, streams: [theirs] },
			{ event: 'found', source: owner, streams: [mine] },
			{ event: 'none', source: { id: 'fourk', name: '4K service' }, reason: 'Your 4K token…', next: { href: '/4k', label: 'Set up 4K' } },
			{ event: 'none', source: { id: 'evil', name: 'Evil' }, reason: 'Click', next: { href: 'https://evil.example/', label: 'Go' } },
			{ event: 'none', source: { id: 'evil2', name: 'Evil' }, reason: 'Click', next: { href: '//evil.example/', label: 'Go' } },
			{ event: 'done' },
		])
		const updates: Array<{ streams: string[]; complete: boolean }> = []
		const outcome = await lookupStreams({
			type: 'movie',
			tmdbId: 10378,
			onUpdate: (current) => updates.push({ streams: current.streams.map((s) => s.id), complete: current.complete }),
		})
		expect(updates.map((u) => u.streams.join(','))).toEqual([
			'',
			'',
			'',
			's1',
			'a1,s1',
			'l1,a1,s1',
			'l1,a1,s1',
			'l1,a1,s1',
			'l1,a1,s1',
			'l1,a1,s1',
		])
		expect(updates.map((u) => u.complete)).toEqual([false, false, false, false, false, false, false, false, false, true])
		expect(outcome.sources.find((s) => s.id === 'fourk')).toEqual({
			id: 'fourk',
			name: '4K service',
			status: 'none',
			reason: 'Your 4K token…',
			next: { href: '/4k', label: 'Set up 4K' },
		})
		// A step off this site is not a next step Willow shows.
		expect(outcome.sources.find((s) => s.id === 'evil')).toEqual({ id: 'evil', name: 'Evil', status: 'none', reason: 'Click' })
		expect(outcome.sources.find((s) => s.id === 'evil2')).toEqual({ id: 'evil2', name: 'Evil', status: 'none', reason: 'Click' })
	})

	it('rejects with the server text when the lookup is refused before the stream', async () => {
		answer = () => new Response('{"error":"Too many lookups. Try again in a minute."}', { status: 429, headers: { 'retry-after': '60' } })
		const error = await lookupStreams({ type: 'movie', tmdbId: 1 }).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(ApiError)
		expect(error).toMatchObject({ status: 429, serverMessage: 'Too many lookups. Try again in a minute.', retryAfterSeconds: 60 })
	})

	it('lists the sources', async () => {
		answer = () => new Response(JSON.stringify({ sources: [{ ...sample, kind: 'sample' }] }), { status: 200 })
		expect(await listSources()).toEqual([{ ...sample, kind: 'sample' }])
		expect(requests[0]!.url).toBe('/api/sources')
	})
})
