import { describe, expect, it } from 'vitest'
import { MAX_TOMBSTONES, TOMBSTONE_MAX_AGE_MS } from '#app/lib/library/bookmarks.ts'
import { REMOVAL_MARKER_MAX_AGE_MS } from '#app/lib/library/history.ts'
import type { BookmarkTombstone, WatchHistory } from '#app/lib/library/types.ts'
import type { BookmarkState } from '#app/lib/sync/bookmarks.ts'
import { SYNC_CLOCK_SKEW_MS } from '#app/lib/sync/clock.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { ApiClient } from '#tests/support/api-test-client.ts'
import { useApiOnTestDatabase } from '#tests/support/api.ts'
import { DIALECTS } from '#tests/support/db.ts'

// Issue "Hardening", item 6 and the sync part of item 8: a library can no
// longer grow past what the sync accepts, one bad record does not block the
// rest, each account has a storage quota, and future times are clamped.

interface BookmarkAnswer extends BookmarkState {
	updatedAt: number
	skipped?: Array<{ kind: string; at: number | string; error: string }>
}
interface HistoryAnswer {
	items: WatchHistory
	skipped?: Array<{ kind: string; at: number | string; error: string }>
}

let counter = 0

const tombstones = (count: number, from: number, firstId = 1): BookmarkTombstone[] =>
	Array.from({ length: count }, (_, i) => ({ mediaId: firstId + i, category: 'watchlist', deletedAt: from + i }))

describe.each(DIALECTS)('sync hardening on %s', (dialect) => {
	const running = useApiOnTestDatabase(dialect)

	async function signUp() {
		counter += 1
		const tag = `${counter}${Date.now().toString(36)}`
		const account = {
			username: `hard_${tag}`,
			email: `hard${tag}@example.com`,
			password: 'long enough pw',
			passwordConfirm: 'long enough pw',
		}
		const device = new ApiClient(running.api.baseUrl, { 'x-forwarded-for': `203.0.113.${counter % 250}` })
		expect((await device.post('/api/auth/signup', account)).status).toBe(201)
		return device
	}

	it('keeps at most 10,000 tombstones, so the state it answers is always accepted back (the 10,001 break)', async () => {
		const device = await signUp()
		// A device at the cap syncs it all; then it removes one more (and drops its oldest, as it caps).
		expect((await device.post('/api/sync/bookmarks', { bookmarks: [], tombstones: tombstones(MAX_TOMBSTONES, 1_000) })).status).toBe(200)
		const next = { mediaId: 900_000, category: 'watchlist', deletedAt: 50_000 }
		const answer = await device.post<BookmarkAnswer>('/api/sync/bookmarks', {
			bookmarks: [],
			tombstones: [...tombstones(MAX_TOMBSTONES - 1, 1_001, 2), next],
		})
		expect(answer.status).toBe(200)
		expect(answer.body.tombstones).toHaveLength(MAX_TOMBSTONES)
		expect(answer.body.tombstones.some((t) => t.mediaId === 1)).toBe(false)
		expect(answer.body.tombstones.at(-1)).toEqual(next)
		// The merged state goes back as it is: accepted, and what is stored stays within the cap.
		const again = await device.post<BookmarkAnswer>('/api/sync/bookmarks', {
			bookmarks: answer.body.bookmarks,
			tombstones: answer.body.tombstones,
		})
		expect(again.status).toBe(200)
		expect((await device.get<BookmarkAnswer>('/api/users/me/bookmarks')).body.tombstones).toHaveLength(MAX_TOMBSTONES)
	}, 60_000)

	it('accepts more than 10,000 tombstones from an old device and keeps the newest 10,000', async () => {
		const device = await signUp()
		const answer = await device.post<BookmarkAnswer>('/api/sync/bookmarks', {
			bookmarks: [],
			tombstones: tombstones(MAX_TOMBSTONES + 1, 1_000),
		})
		expect(answer.status).toBe(200)
		expect(answer.body.tombstones).toHaveLength(MAX_TOMBSTONES)
		expect(answer.body.tombstones[0]!.mediaId).toBe(2)
	}, 60_000)

	it('forgets removals older than the tombstone age before the latest change, and their rows', async () => {
		const device = await signUp()
		await device.post('/api/sync/bookmarks', {
			bookmarks: [{ mediaId: 1, category: 'watchlist', addedAt: 10 }],
			tombstones: [{ mediaId: 2, category: 'watchlist', deletedAt: 20 }],
		})
		const later = 30 + TOMBSTONE_MAX_AGE_MS
		// An old removal that beats a stored bookmark still removes it, and is then forgotten.
		const answer = await device.post<BookmarkAnswer>('/api/sync/bookmarks', {
			bookmarks: [{ mediaId: 3, category: 'watched', addedAt: later }],
			tombstones: [{ mediaId: 1, category: 'watchlist', deletedAt: 25 }],
		})
		expect(answer.body.bookmarks.map((b) => b.mediaId)).toEqual([3])
		expect(answer.body.tombstones).toEqual([])
		const { db } = running.testDb.handle
		const rows = await db
			.selectFrom('user_bookmarks')
			.innerJoin('users', 'users.id', 'user_bookmarks.user_id')
			.select(['media_id'])
			.where('users.username', 'like', `hard_${counter}%`)
			.execute()
		expect(rows.map((row) => row.media_id)).toEqual([3])
	})

	it('forgets watch-history removal markers older than their age, keeps newer ones', async () => {
		const device = await signUp()
		const marker = (at: number) => ({ type: 'movie' as const, title: 'Gone', updatedAt: at, removedAt: at })
		await device.post('/api/sync/watch-history', { items: { '1': marker(10), '2': marker(20 + REMOVAL_MARKER_MAX_AGE_MS) } })
		const answer = await device.post<HistoryAnswer>('/api/sync/watch-history', {
			items: { '3': { type: 'movie', title: 'Now', updatedAt: 30 + REMOVAL_MARKER_MAX_AGE_MS, progress: { watched: 1, duration: 9 } } },
		})
		expect(Object.keys(answer.body.items).sort()).toEqual(['2', '3'])
		expect(Object.keys((await device.get<HistoryAnswer>('/api/users/me/watch-history')).body.items).sort()).toEqual(['2', '3'])
	})

	it('skips a bad record instead of refusing the batch, and says which', async () => {
		const device = await signUp()
		const answer = await device.post<BookmarkAnswer>('/api/sync/bookmarks', {
			bookmarks: [
				{ mediaId: 1, category: 'watchlist', addedAt: 10 },
				{ mediaId: 'x', category: 'watchlist', addedAt: 10 },
				{ mediaId: 3, category: '', addedAt: 1 },
			],
			tombstones: [
				{ mediaId: 4, category: 'watchlist', deletedAt: -1 },
				{ mediaId: 5, category: 'watchlist', deletedAt: 5 },
			],
		})
		expect(answer.status).toBe(200)
		expect(answer.body.bookmarks.map((b) => b.mediaId)).toEqual([1])
		expect(answer.body.tombstones.map((t) => t.mediaId)).toEqual([5])
		expect(answer.body.skipped?.map((s) => [s.kind, s.at])).toEqual([
			['bookmark', 1],
			['bookmark', 2],
			['tombstone', 0],
		])
		expect(answer.body.skipped?.every((s) => typeof s.error === 'string' && s.error.length > 0)).toBe(true)
		const history = await device.post<HistoryAnswer>('/api/sync/watch-history', {
			items: {
				'7': { type: 'movie', title: 'Fine', updatedAt: 3 },
				'8': { type: 'film', title: 'Bad', updatedAt: 3 },
				abc: { type: 'movie', title: 'Key', updatedAt: 3 },
			},
		})
		expect(history.status).toBe(200)
		expect(Object.keys(history.body.items)).toEqual(['7'])
		expect(history.body.skipped?.map((s) => [s.kind, s.at]).sort()).toEqual([
			['item', '8'],
			['item', 'abc'],
		])
		// The envelope itself still has to be right.
		expect((await device.post<{ error: string }>('/api/sync/bookmarks', { bookmarks: 'nope' })).status).toBe(400)
		expect(
			(await device.post<{ error: string }>('/api/sync/bookmarks', { bookmarks: Array.from({ length: 10_001 }, () => ({})) })).status,
		).toBe(400)
	})

	it('refuses a sync over the storage quota with 413 {error} and keeps nothing of it', async () => {
		const device = await signUp()
		process.env.SYNC_QUOTA_BYTES = '65536'
		resetEnvForTests()
		try {
			const small = await device.post<BookmarkAnswer>('/api/sync/bookmarks', {
				bookmarks: [{ mediaId: 1, category: 'watchlist', addedAt: 1, title: 'Small' }],
			})
			expect(small.status).toBe(200)
			const big = Array.from({ length: 200 }, (_, i) => ({ mediaId: 10 + i, category: 'watchlist', addedAt: 2, title: 'T'.repeat(400) }))
			const refused = await device.post<{ error: string }>('/api/sync/bookmarks', { bookmarks: big })
			expect(refused.status).toBe(413)
			expect(refused.body.error).toMatch(/storage quota/)
			expect(Object.keys(refused.body)).toEqual(['error'])
			expect((await device.get<BookmarkAnswer>('/api/users/me/bookmarks')).body.bookmarks.map((b) => b.mediaId)).toEqual([1])
			// Watch history counts against the same quota.
			const episodes = Object.fromEntries(
				Array.from({ length: 300 }, (_, i) => [
					`s1e${i + 1}`,
					{ id: i, number: i + 1, title: 'E'.repeat(300), seasonId: 1, season: 1, updatedAt: 5, progress: { watched: 1, duration: 2 } },
				]),
			)
			expect(
				(await device.post('/api/sync/watch-history', { items: { '9': { type: 'show', title: 'Long', updatedAt: 5, episodes } } })).status,
			).toBe(413)
		} finally {
			delete process.env.SYNC_QUOTA_BYTES
			resetEnvForTests()
		}
	})

	it('clamps times to server time plus a small skew, so a future record cannot win forever', async () => {
		const device = await signUp()
		const farFuture = Date.now() + 365 * 24 * 60 * 60 * 1000
		const first = await device.post<BookmarkAnswer>('/api/sync/bookmarks', {
			bookmarks: [{ mediaId: 1, category: 'watchlist', addedAt: farFuture }],
		})
		const stored = first.body.bookmarks[0]!.addedAt
		expect(stored).toBeLessThanOrEqual(Date.now() + SYNC_CLOCK_SKEW_MS)
		expect(stored).toBeGreaterThan(Date.now())
		// A removal made once that skew has passed wins over it (here: dated just after the clamped time).
		const removed = await device.post<BookmarkAnswer>('/api/sync/bookmarks', {
			bookmarks: [],
			tombstones: [{ mediaId: 1, category: 'watchlist', deletedAt: stored + 1 }],
		})
		expect(removed.body.bookmarks).toEqual([])
		const history = await device.post<HistoryAnswer>('/api/sync/watch-history', {
			items: {
				'5': {
					type: 'show',
					title: 'S',
					updatedAt: farFuture,
					removedAt: farFuture,
					episodes: {
						s1e1: { id: 1, number: 1, title: 'E', seasonId: 1, season: 1, updatedAt: farFuture, progress: { watched: 1, duration: 2 } },
					},
				},
			},
		})
		const item = history.body.items['5']!
		for (const time of [item.updatedAt, item.removedAt!, item.episodes!.s1e1!.updatedAt])
			expect(time).toBeLessThanOrEqual(Date.now() + SYNC_CLOCK_SKEW_MS)
	})
})
