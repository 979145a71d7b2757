import { describe, expect, it } from 'vitest'
import { runLookup, type LookupOptions } from './lookup.server.ts'
import type { LookupContext, LookupEvent, PlaybackSource, ScrapeRequest, SourceResult, Stream } from './types.ts'

const request: ScrapeRequest = { type: 'movie', title: 'Fight Club', releaseYear: 1999, tmdbId: 550, imdbId: 'tt0137523' }

const stream: Stream = { id: 's1', sourceId: 'wrong', label: 'Film', type: 'hls', playlist: '/api/stream/x.m3u8', captions: [] }

function fake(id: string, lookup: (context: LookupContext) => Promise<SourceResult>): PlaybackSource {
	return { id, name: `Source ${id}`, kind: 'addon', lookup: (_request, context) => lookup(context) }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function collect(sources: PlaybackSource[], overrides: Partial<LookupOptions> = {}) {
	const events: Array<{ at: number; event: LookupEvent }> = []
	const started = performance.now()
	await runLookup(
		request,
		sources,
		{ timeoutMs: 300, signal: new AbortController().signal, user: null, clientKey: 'ip:test', ...overrides },
		(event) => events.push({ at: performance.now() - started, event }),
	)
	return events
}

describe('runLookup', () => {
	it('sends checking in the given order, each answer as it comes, a slow or broken source as none, and done last', async () => {
		let slowSignal: AbortSignal | undefined
		const sources = [
			// Never answers and ignores its signal: the timeout still ends the wait.
			fake('slow', async (context) => {
				slowSignal = context.signal
				await sleep(5_000)
				return { kind: 'found', streams: [stream] }
			}),
			fake('broken', async () => {
				await sleep(20)
				throw new Error('manifest is not JSON')
			}),
			fake('found', async () => {
				await sleep(10)
				return { kind: 'found', streams: [stream] }
			}),
			fake('subs', async () => ({
				kind: 'subtitles',
				captions: [{ id: 'c1', language: 'en', label: 'English', url: '/api/stream/c1.vtt', type: 'vtt' }],
			})),
		]
		const events = await collect(sources)
		const lines = events.map(({ event }) => event)
		expect(lines.slice(0, 4)).toEqual(
			['slow', 'broken', 'found', 'subs'].map((id) => ({ event: 'checking', source: { id, name: `Source ${id}` } })),
		)
		expect(lines.slice(4)).toEqual([
			{
				event: 'subtitles',
				source: { id: 'subs', name: 'Source subs' },
				captions: [{ id: 'c1', language: 'en', label: 'English', url: '/api/stream/c1.vtt', type: 'vtt' }],
			},
			// The stream is stamped with the id of the source that answered.
			{ event: 'found', source: { id: 'found', name: 'Source found' }, streams: [{ ...stream, sourceId: 'found' }] },
			{ event: 'none', source: { id: 'broken', name: 'Source broken' }, reason: 'manifest is not JSON' },
			{ event: 'none', source: { id: 'slow', name: 'Source slow' }, reason: 'timed out' },
			{ event: 'done' },
		])
		const foundAt = events.find(({ event }) => event.event === 'found')!.at
		const doneAt = events.at(-1)!.at
		expect(foundAt).toBeLessThan(200)
		expect(doneAt).toBeGreaterThanOrEqual(290)
		expect(doneAt).toBeLessThan(1_500)
		expect(slowSignal?.aborted).toBe(true)
	})

	it('answers none for a source that times out by rejecting on its abort signal', async () => {
		const source = fake(
			'polite',
			(context) => new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('aborted')))),
		)
		const events = await collect([source], { timeoutMs: 100 })
		expect(events.map(({ event }) => event)).toContainEqual({
			event: 'none',
			source: { id: 'polite', name: 'Source polite' },
			reason: 'timed out',
		})
	})

	it('turns empty or malformed answers into none with a reason', async () => {
		const sources = [
			fake('empty', async () => ({ kind: 'found', streams: [] })),
			fake('nothing', async () => undefined as unknown as SourceResult),
			fake('no-subs', async () => ({ kind: 'subtitles', captions: [] })),
			fake('none', async () => ({ kind: 'none', reason: 'not in the library' })),
			fake('throws-sync', () => {
				throw new Error('bad configuration')
			}),
		]
		const answers = (await collect(sources)).map(({ event }) => event).filter((event) => event.event === 'none')
		expect(
			Object.fromEntries(
				answers.map((event) => [event.event === 'none' ? event.source.id : '', event.event === 'none' ? event.reason : '']),
			),
		).toEqual({
			empty: 'nothing returned',
			nothing: 'nothing returned',
			'no-subs': 'nothing returned',
			none: 'not in the library',
			'throws-sync': 'bad configuration',
		})
	})

	it('passes the user, client key and Ui-Token to every source', async () => {
		const seen: LookupContext[] = []
		const source = fake('ctx', async (context) => {
			seen.push(context)
			return { kind: 'none', reason: 'x' }
		})
		await collect([source, { ...source, id: 'ctx2' }], { user: { id: 'u1', username: 'ann' }, uiToken: 'ey-token', clientKey: 'user:u1' })
		expect(seen.map(({ user, uiToken, clientKey }) => ({ user, uiToken, clientKey }))).toEqual([
			{ user: { id: 'u1', username: 'ann' }, uiToken: 'ey-token', clientKey: 'user:u1' },
			{ user: { id: 'u1', username: 'ann' }, uiToken: 'ey-token', clientKey: 'user:u1' },
		])
		expect(seen.every((context) => context.signal.aborted)).toBe(true)
	})

	it('tells every source when the client goes away and emits nothing more', async () => {
		const client = new AbortController()
		let signal: AbortSignal | undefined
		const source = fake('long', async (context) => {
			signal = context.signal
			await sleep(2_000)
			return { kind: 'found', streams: [stream] }
		})
		setTimeout(() => client.abort(), 30)
		const started = performance.now()
		const events = await collect([source], { signal: client.signal, timeoutMs: 5_000 })
		expect(events.map(({ event }) => event.event)).toEqual(['checking'])
		// The lookup ends with the client, not with the source.
		expect(performance.now() - started).toBeLessThan(1_000)
		expect(signal?.aborted).toBe(true)
	})

	it('ends at once with only done when there is no source', async () => {
		expect((await collect([])).map(({ event }) => event)).toEqual([{ event: 'done' }])
	})
})
