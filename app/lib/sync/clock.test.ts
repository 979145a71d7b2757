import { describe, expect, it } from 'vitest'
import { mergeBookmarkStates } from './bookmarks.ts'
import { clampBookmarkTimes, clampHistoryTimes, latestAcceptedTime, SYNC_CLOCK_SKEW_MS } from './clock.ts'

describe('sync clock clamp', () => {
	const now = 1_700_000_000_000
	const latest = latestAcceptedTime(now)

	it('allows a small skew and no more', () => {
		expect(latest).toBe(now + SYNC_CLOCK_SKEW_MS)
		expect(SYNC_CLOCK_SKEW_MS).toBe(5 * 60_000)
	})

	it('clamps future bookmark and removal times; leaves the state alone when none is', () => {
		const state = {
			bookmarks: [
				{ mediaId: 1, category: 'watchlist', addedAt: now + 10 ** 12 },
				{ mediaId: 2, category: 'watchlist', addedAt: now },
			],
			tombstones: [{ mediaId: 3, category: 'watchlist', deletedAt: now + 10 ** 9 }],
		}
		const clamped = clampBookmarkTimes(state, latest)
		expect(clamped.bookmarks.map((b) => b.addedAt)).toEqual([latest, now])
		expect(clamped.tombstones[0]!.deletedAt).toBe(latest)
		const past = { bookmarks: [{ mediaId: 2, category: 'watchlist', addedAt: now }], tombstones: [] }
		expect(clampBookmarkTimes(past, latest)).toBe(past)
		// A removal made after the skew beats the clamped future bookmark.
		const merged = mergeBookmarkStates(clamped, {
			bookmarks: [],
			tombstones: [{ mediaId: 1, category: 'watchlist', deletedAt: latest + 1 }],
		})
		expect(merged.bookmarks.map((b) => b.mediaId)).toEqual([2])
	})

	it('clamps item, removal and episode times of a history', () => {
		const future = now + 10 ** 10
		const history = {
			'1': {
				type: 'show' as const,
				title: 'S',
				updatedAt: future,
				removedAt: future,
				episodes: {
					s1e1: { id: 1, number: 1, title: 'E', seasonId: 1, season: 1, updatedAt: future, progress: { watched: 1, duration: 2 } },
				},
			},
			'2': { type: 'movie' as const, title: 'M', updatedAt: now },
		}
		const clamped = clampHistoryTimes(history, latest)
		expect([clamped['1']!.updatedAt, clamped['1']!.removedAt, clamped['1']!.episodes!.s1e1!.updatedAt]).toEqual([latest, latest, latest])
		expect(clamped['2']).toBe(history['2'])
		expect(clampHistoryTimes({ '2': history['2'] }, latest)['2']).toBe(history['2'])
	})
})
