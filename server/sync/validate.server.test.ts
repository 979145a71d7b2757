import { describe, expect, it } from 'vitest'
import { BookmarkSyncRequestSchema, WatchHistorySyncRequestSchema } from '#app/lib/sync/schemas.ts'
import { quickBookmarkSyncRequest, quickWatchHistorySyncRequest } from './validate.server.ts'

// The quick check must never accept what zod refuses, nor return other than
// what zod returns; it must accept the usual bodies (else it saves nothing).

const bookmark = {
	mediaId: 12,
	category: 'watchlist',
	addedAt: 1_700_000_000_000,
	mediaType: 'movie',
	title: 'Title',
	posterPath: '/p.jpg',
	voteAverage: 7.5,
	releaseDate: '2020-01-01',
}
const tombstone = { mediaId: 13, category: 'Anime night', deletedAt: 1_700_000_000_001 }
const episode = {
	id: 5,
	number: 2,
	title: 'E2',
	seasonId: 9,
	season: 1,
	updatedAt: 1_700_000_000_002,
	progress: { watched: 30, duration: 1500 },
}
const show = {
	type: 'show',
	title: 'Show',
	year: 2019,
	posterPath: null,
	popularity: 12.5,
	updatedAt: 1_700_000_000_003,
	episodes: { s1e2: episode },
}
const movie = {
	type: 'movie',
	title: 'Film',
	updatedAt: 1_700_000_000_004,
	progress: { watched: 1, duration: 2 },
	removedAt: 1_700_000_000_005,
}

const MAX_TIME = 7_258_118_400_000
/** Values to put in place of a field: some valid somewhere, most invalid for it. */
const ODD = [
	undefined,
	null,
	-1,
	0,
	0.5,
	1,
	10,
	10.5,
	11,
	3000,
	3001,
	10_000,
	10_001,
	100_000,
	100_001,
	1_000_000,
	1_000_001,
	2_147_483_647,
	2_147_483_648,
	Number.MAX_SAFE_INTEGER + 2,
	MAX_TIME,
	MAX_TIME + 1,
	'',
	' ',
	' watchlist',
	'x'.repeat(32),
	'x'.repeat(33),
	'x'.repeat(64),
	'x'.repeat(65),
	'x'.repeat(500),
	'x'.repeat(501),
	'movie',
	'tv',
	'show',
	'film',
	's1e1',
	'ep1',
	'1',
	'01',
	true,
	[],
	{},
	{ watched: 1, duration: 2 },
	{ watched: -1, duration: 2 },
	{ watched: 1, duration: 2, extra: 1 },
]

/** Every body obtained by replacing one field (at any depth) of `body` by each odd value, or adding an unknown key. */
function* mutations(body: unknown, path: string[] = []): Generator<{ path: string; value: unknown }> {
	if (typeof body !== 'object' || body === null) return
	for (const key of Object.keys(body)) {
		const child = (body as Record<string, unknown>)[key]
		for (const odd of ODD) yield { path: [...path, key].join('.'), value: replaceAt(body, key, odd) }
		for (const deeper of mutations(child, [...path, key])) yield { path: deeper.path, value: replaceAt(body, key, deeper.value) }
	}
	if (!Array.isArray(body)) yield { path: [...path, 'extra'].join('.'), value: { ...body, extra: 1 } }
}

function replaceAt(body: object, key: string, value: unknown) {
	if (Array.isArray(body)) return body.map((item, i) => (String(i) === key ? value : item))
	const copy: Record<string, unknown> = { ...body }
	if (value === undefined) delete copy[key]
	else copy[key] = value
	return copy
}

function agreesWithZod(
	quick: (body: unknown) => unknown,
	schema: typeof BookmarkSyncRequestSchema | typeof WatchHistorySyncRequestSchema,
	body: unknown,
) {
	const fast = quick(structuredClone(body))
	if (fast === undefined) return
	const slow = schema.safeParse(structuredClone(body))
	expect(slow.success, JSON.stringify(body).slice(0, 300)).toBe(true)
	expect(fast).toEqual(slow.data)
}

describe('quick sync body check', () => {
	it('accepts the usual bodies and returns what zod returns', () => {
		const bookmarks = {
			bookmarks: [bookmark, { mediaId: 1, category: 'w', addedAt: 0 }],
			tombstones: [tombstone],
			updatedAt: 5,
			changesOnly: true,
		}
		expect(quickBookmarkSyncRequest(bookmarks)).toEqual(BookmarkSyncRequestSchema.parse(bookmarks))
		expect(quickBookmarkSyncRequest({ bookmarks: [bookmark] })).toEqual({ bookmarks: [bookmark], tombstones: [] })
		const history = { items: { '7': show, '8': movie, '9': { type: 'movie', title: '', updatedAt: 0 } }, updatedAt: 5, changesOnly: false }
		expect(quickWatchHistorySyncRequest(history)).toEqual(WatchHistorySyncRequestSchema.parse(history))
	})

	it('never accepts a body zod refuses or would change, field by field', () => {
		const bookmarkBody = { bookmarks: [bookmark], tombstones: [tombstone], updatedAt: 5, changesOnly: true }
		const historyBody = { items: { '7': show, '8': movie }, updatedAt: 5, changesOnly: true }
		let refused = 0
		for (const { value } of mutations(bookmarkBody)) {
			agreesWithZod(quickBookmarkSyncRequest, BookmarkSyncRequestSchema, value)
			if (quickBookmarkSyncRequest(value) === undefined) refused += 1
		}
		for (const { value } of mutations(historyBody)) {
			agreesWithZod(quickWatchHistorySyncRequest, WatchHistorySyncRequestSchema, value)
			if (quickWatchHistorySyncRequest(value) === undefined) refused += 1
		}
		expect(refused).toBeGreaterThan(1000)
		// Keys and counts zod checks beyond the fields.
		for (const key of ['0', '01', 'abc', '__proto__', '12345678901'])
			agreesWithZod(quickWatchHistorySyncRequest, WatchHistorySyncRequestSchema, { items: { [key]: movie } })
		for (const key of ['s1', 'e1', 's12345e1', 'S1E1'])
			agreesWithZod(quickWatchHistorySyncRequest, WatchHistorySyncRequestSchema, {
				items: { '7': { ...show, episodes: { [key]: episode } } },
			})
		const tooMany = Array.from({ length: 10_001 }, (_, i) => ({ mediaId: i + 1, category: 'watchlist', addedAt: 1 }))
		expect(quickBookmarkSyncRequest({ bookmarks: tooMany })).toBeUndefined()
		expect(quickBookmarkSyncRequest({ bookmarks: tooMany.slice(0, 10_000) })).toBeDefined()
		const episodes = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`s1e${i + 1}`, episode]))
		agreesWithZod(quickWatchHistorySyncRequest, WatchHistorySyncRequestSchema, { items: { '7': { ...show, episodes } } })
		expect(quickWatchHistorySyncRequest({ items: { '7': { ...show, episodes } } })).toBeUndefined()
	})
})
