import { describe, expect, it } from 'vitest'
import type { Bookmark, BookmarkTombstone, WatchHistory, WatchHistoryItem } from '../library/types.ts'
import { bookmarkChangesFor, bookmarkStateUpdatedAt, mergeBookmarkStates, type BookmarkState } from './bookmarks.ts'
import { emptySettingsDocument, mergeSettings, setSetting, type SettingsDocument } from './settings.ts'
import { mergeWatchHistories, mergeWatchItems, watchHistoryChangesFor, watchHistoryUpdatedAt } from './watch-history.ts'

// Property-style checks with a small seeded generator: many random states,
// and the laws a sync merge needs (commutative, associative, idempotent).

function rng(seed: number) {
	let state = seed >>> 0
	return () => {
		state = (state * 1664525 + 1013904223) >>> 0
		return state / 2 ** 32
	}
}

function pick<T>(random: () => number, items: readonly T[]): T {
	return items[Math.floor(random() * items.length)]!
}

function randomBookmarkState(random: () => number): BookmarkState {
	const bookmarks: Bookmark[] = []
	const tombstones: BookmarkTombstone[] = []
	const count = Math.floor(random() * 12)
	for (let i = 0; i < count; i++) {
		const mediaId = 1 + Math.floor(random() * 6)
		const category = pick(random, ['watchlist', 'watched', 'favorites', 'Anime night'])
		// Few distinct times so ties (and removal-vs-add ties) happen often.
		const at = 1000 + Math.floor(random() * 5)
		if (random() < 0.3) tombstones.push({ mediaId, category, deletedAt: at })
		else
			bookmarks.push({
				mediaId,
				category,
				addedAt: at,
				title: pick(random, ['A', 'B', 'Ç']),
				mediaType: pick(random, ['movie', 'tv'] as const),
			})
	}
	return { bookmarks, tombstones }
}

function randomEpisodes(random: () => number) {
	const episodes: NonNullable<WatchHistoryItem['episodes']> = {}
	const count = Math.floor(random() * 4)
	for (let i = 0; i < count; i++) {
		const number = 1 + Math.floor(random() * 3)
		episodes[`s1e${number}`] = {
			id: number,
			number,
			title: `Episode ${number}`,
			seasonId: 10,
			season: 1,
			updatedAt: 2000 + Math.floor(random() * 4),
			progress: { watched: Math.floor(random() * 3) * 100, duration: 1200 },
		}
	}
	return episodes
}

function randomHistory(random: () => number): WatchHistory {
	const history: WatchHistory = {}
	const count = Math.floor(random() * 5)
	for (let i = 0; i < count; i++) {
		const id = String(1 + Math.floor(random() * 4))
		const isShow = Number(id) % 2 === 0
		history[id] = isShow
			? { type: 'show', title: `Show ${id}`, updatedAt: 2000 + Math.floor(random() * 4), episodes: randomEpisodes(random) }
			: {
					type: 'movie',
					title: `Movie ${id}`,
					updatedAt: 2000 + Math.floor(random() * 4),
					progress: { watched: Math.floor(random() * 3) * 100, duration: 5400 },
				}
	}
	return history
}

const RUNS = 300

describe('mergeBookmarkStates', () => {
	it('is commutative, associative and idempotent', () => {
		const random = rng(42)
		for (let run = 0; run < RUNS; run++) {
			const a = randomBookmarkState(random)
			const b = randomBookmarkState(random)
			const c = randomBookmarkState(random)
			expect(mergeBookmarkStates(a, b)).toEqual(mergeBookmarkStates(b, a))
			expect(mergeBookmarkStates(mergeBookmarkStates(a, b), c)).toEqual(mergeBookmarkStates(a, mergeBookmarkStates(b, c)))
			const ab = mergeBookmarkStates(a, b)
			expect(mergeBookmarkStates(ab, ab)).toEqual(ab)
			expect(mergeBookmarkStates(ab, a)).toEqual(ab)
		}
	})

	it('keeps each pair once, at its latest change, and never loses the latest write', () => {
		const random = rng(7)
		for (let run = 0; run < RUNS; run++) {
			const a = randomBookmarkState(random)
			const b = randomBookmarkState(random)
			const merged = mergeBookmarkStates(a, b)
			const keys = [...merged.bookmarks, ...merged.tombstones].map((x) => `${x.mediaId}/${x.category}`)
			expect(new Set(keys).size).toBe(keys.length)
			expect(bookmarkStateUpdatedAt(merged)).toBe(Math.max(bookmarkStateUpdatedAt(a), bookmarkStateUpdatedAt(b)))
		}
	})

	it('takes server items plus local items not on the server (product.md §4)', () => {
		const server: BookmarkState = { bookmarks: [{ mediaId: 1, category: 'watchlist', addedAt: 10 }], tombstones: [] }
		const local: BookmarkState = {
			bookmarks: [
				{ mediaId: 1, category: 'watchlist', addedAt: 10 },
				{ mediaId: 2, category: 'favorites', addedAt: 11 },
				{ mediaId: 1, category: 'watched', addedAt: 12 },
			],
			tombstones: [],
		}
		const merged = mergeBookmarkStates(server, local)
		expect(merged.bookmarks.map((b) => [b.mediaId, b.category])).toEqual([
			[1, 'watchlist'],
			[2, 'favorites'],
			[1, 'watched'],
		])
	})

	it('does not resurrect a bookmark removed on another device, but a later re-add wins', () => {
		const deviceA: BookmarkState = { bookmarks: [{ mediaId: 5, category: 'watchlist', addedAt: 100 }], tombstones: [] }
		const deviceB: BookmarkState = { bookmarks: [], tombstones: [{ mediaId: 5, category: 'watchlist', deletedAt: 200 }] }
		expect(mergeBookmarkStates(deviceA, deviceB).bookmarks).toEqual([])
		const readded: BookmarkState = { bookmarks: [{ mediaId: 5, category: 'watchlist', addedAt: 300 }], tombstones: [] }
		expect(mergeBookmarkStates(deviceB, readded).bookmarks).toHaveLength(1)
		expect(mergeBookmarkStates(deviceB, readded).tombstones).toEqual([])
	})

	it('answers a device only what it lacks, and merging that gives the same library as the whole state', () => {
		const random = rng(99)
		for (let run = 0; run < RUNS; run++) {
			const stored = randomBookmarkState(random)
			const sent = randomBookmarkState(random)
			// The device may have changed more while the request was out.
			const local = mergeBookmarkStates(sent, randomBookmarkState(random))
			const merged = mergeBookmarkStates(stored, sent)
			const changes = bookmarkChangesFor(merged, sent)
			expect(mergeBookmarkStates(changes, local)).toEqual(mergeBookmarkStates(merged, local))
			// A device that already holds the whole state is answered nothing.
			expect(bookmarkChangesFor(merged, merged)).toEqual({ bookmarks: [], tombstones: [] })
		}
		const held = { mediaId: 1, category: 'watchlist', addedAt: 10, title: 'A' }
		const state = {
			bookmarks: [held, { mediaId: 2, category: 'watchlist', addedAt: 11 }],
			tombstones: [{ mediaId: 3, category: 'watched', deletedAt: 12 }],
		}
		expect(bookmarkChangesFor(state, { bookmarks: [held], tombstones: [] })).toEqual({
			bookmarks: [state.bookmarks[1]],
			tombstones: state.tombstones,
		})
		// Same time, other contents: the device's copy lost the tie, so the winner is answered.
		expect(
			bookmarkChangesFor(state, { bookmarks: [{ ...held, title: '0' }, state.bookmarks[1]!], tombstones: state.tombstones }).bookmarks,
		).toEqual([held])
	})

	it('lets a removal win a tie with an addition', () => {
		const merged = mergeBookmarkStates(
			{ bookmarks: [{ mediaId: 1, category: 'watchlist', addedAt: 5 }], tombstones: [] },
			{ bookmarks: [], tombstones: [{ mediaId: 1, category: 'watchlist', deletedAt: 5 }] },
		)
		expect(merged.bookmarks).toEqual([])
	})
})

describe('mergeWatchHistories', () => {
	it('is commutative, associative and idempotent', () => {
		const random = rng(1234)
		for (let run = 0; run < RUNS; run++) {
			const a = randomHistory(random)
			const b = randomHistory(random)
			const c = randomHistory(random)
			expect(mergeWatchHistories(a, b)).toEqual(mergeWatchHistories(b, a))
			expect(mergeWatchHistories(mergeWatchHistories(a, b), c)).toEqual(mergeWatchHistories(a, mergeWatchHistories(b, c)))
			const ab = mergeWatchHistories(a, b)
			expect(mergeWatchHistories(ab, ab)).toEqual(ab)
			expect(watchHistoryUpdatedAt(ab)).toBe(Math.max(watchHistoryUpdatedAt(a), watchHistoryUpdatedAt(b)))
		}
	})

	it('answers a device only the items and episodes it lacks, and merging that gives the same history', () => {
		const random = rng(4321)
		for (let run = 0; run < RUNS; run++) {
			const stored = randomHistory(random)
			const sent = randomHistory(random)
			const local = mergeWatchHistories(sent, randomHistory(random))
			const merged = mergeWatchHistories(stored, sent)
			const changes = watchHistoryChangesFor(merged, sent)
			expect(mergeWatchHistories(changes, local)).toEqual(mergeWatchHistories(merged, local))
			expect(watchHistoryChangesFor(merged, merged)).toEqual({})
		}
		const episode = (n: number) => ({
			id: n,
			number: n,
			title: `E${n}`,
			seasonId: 9,
			season: 1,
			updatedAt: 50,
			progress: { watched: 1, duration: 9 },
		})
		const merged: WatchHistory = { '2': { type: 'show', title: 'Show', updatedAt: 50, episodes: { s1e1: episode(1), s1e2: episode(2) } } }
		// The device holds the item and one episode: the other comes with the item's fields.
		expect(watchHistoryChangesFor(merged, { '2': { type: 'show', title: 'Show', updatedAt: 50, episodes: { s1e1: episode(1) } } })).toEqual(
			{ '2': { type: 'show', title: 'Show', updatedAt: 50, episodes: { s1e2: episode(2) } } },
		)
	})

	it('keeps the larger updatedAt per item and per episode', () => {
		const phone: WatchHistoryItem = {
			type: 'show',
			title: 'Show',
			updatedAt: 50,
			episodes: {
				s1e1: { id: 1, number: 1, title: 'One', seasonId: 9, season: 1, updatedAt: 50, progress: { watched: 600, duration: 1200 } },
			},
		}
		const laptop: WatchHistoryItem = {
			type: 'show',
			title: 'Show (renamed)',
			updatedAt: 40,
			episodes: {
				s1e1: { id: 1, number: 1, title: 'One', seasonId: 9, season: 1, updatedAt: 30, progress: { watched: 100, duration: 1200 } },
				s1e2: { id: 2, number: 2, title: 'Two', seasonId: 9, season: 1, updatedAt: 40, progress: { watched: 300, duration: 1200 } },
			},
		}
		const merged = mergeWatchItems(phone, laptop)
		expect(merged.title).toBe('Show')
		expect(merged.updatedAt).toBe(50)
		expect(merged.episodes?.s1e1?.progress.watched).toBe(600)
		expect(merged.episodes?.s1e2?.progress.watched).toBe(300)
	})

	it('takes a movie’s progress from the later copy', () => {
		const merged = mergeWatchHistories(
			{ '7': { type: 'movie', title: 'M', updatedAt: 10, progress: { watched: 900, duration: 5400 } } },
			{ '7': { type: 'movie', title: 'M', updatedAt: 20, progress: { watched: 300, duration: 5400 } } },
		)
		expect(merged['7']?.progress?.watched).toBe(300)
	})
})

describe('mergeSettings', () => {
	it('keeps the latest change of each field, from whichever device', () => {
		let phone: SettingsDocument = emptySettingsDocument()
		let laptop: SettingsDocument = emptySettingsDocument()
		phone = setSetting(phone, 'player.autoplay', false, 100)
		laptop = setSetting(laptop, 'appearance.subtitleSize', 150, 110)
		laptop = setSetting(laptop, 'player.autoplay', true, 90)
		const merged = mergeSettings(phone, laptop)
		expect(merged.values.player.autoplay).toBe(false)
		expect(merged.values.appearance.subtitleSize).toBe(150)
		expect(mergeSettings(laptop, phone)).toEqual(merged)
		expect(mergeSettings(merged, merged)).toEqual(merged)
	})

	it('breaks ties the same way in any order', () => {
		const a = setSetting(emptySettingsDocument(), 'player.quality', '720p', 5)
		const b = setSetting(emptySettingsDocument(), 'player.quality', '1080p', 5)
		expect(mergeSettings(a, b)).toEqual(mergeSettings(b, a))
	})
})

describe('compareText', () => {
	it('orders like the UTF-8 bytes (the databases’ order), surrogates included', async () => {
		const { compareText } = await import('./canonical.ts')
		const samples = ['', 'a', 'ab', 'b', 'Z', 'é', '\uE000', '\uFFFD', '😀', 'a😀', 'a\uFFFF', '中文', '{"title":"A"}', '{"title":"Ç"}']
		const encoder = new TextEncoder()
		const bytes = (s: string) => encoder.encode(s)
		const byteOrder = (a: string, b: string) => {
			const x = bytes(a)
			const y = bytes(b)
			for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!
			return x.length - y.length
		}
		for (const a of samples) for (const b of samples) expect(Math.sign(compareText(a, b))).toBe(Math.sign(byteOrder(a, b)))
	})
})
