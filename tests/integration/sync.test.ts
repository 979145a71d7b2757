import { describe, expect, it } from 'vitest'
import { historyByRecent, recordEpisodeProgress, removeHistoryItem } from '#app/lib/library/history.ts'
import type { Bookmark, WatchHistory } from '#app/lib/library/types.ts'
import { bookmarkChangesFor, mergeBookmarkStates, type BookmarkState } from '#app/lib/sync/bookmarks.ts'
import { mergeWatchHistories, watchHistoryChangesFor } from '#app/lib/sync/watch-history.ts'
import { syncBookmarks } from '#server/sync/bookmarks.server.ts'
import { syncWatchHistory } from '#server/sync/watch-history.server.ts'
import { ApiClient } from '#tests/support/api-test-client.ts'
import { useApiOnTestDatabase } from '#tests/support/api.ts'
import { DIALECTS } from '#tests/support/db.ts'

interface BookmarkAnswer extends BookmarkState {
	updatedAt: number
}
interface HistoryAnswer {
	items: WatchHistory
	updatedAt: number
}

let counter = 0

describe.each(DIALECTS)('sync API on %s', (dialect) => {
	const running = useApiOnTestDatabase(dialect)

	/** A signed-in user; further devices of the same user log in with login(). */
	async function signUp() {
		counter += 1
		const account = {
			username: `deck_${counter}_${Date.now().toString(36)}`,
			email: `deck${counter}.${Date.now()}@example.com`,
			password: 'long enough pw',
			passwordConfirm: 'long enough pw',
		}
		const device = new ApiClient(running.api.baseUrl, { 'x-forwarded-for': `198.51.100.${counter % 250}` })
		expect((await device.post('/api/auth/signup', account)).status).toBe(201)
		const login = async () => {
			const other = new ApiClient(running.api.baseUrl, { 'x-forwarded-for': `198.51.100.${counter % 250}` })
			expect((await other.post('/api/auth/login', { username: account.username, password: account.password })).status).toBe(200)
			return other
		}
		return { device, login, account }
	}

	describe('bookmarks', () => {
		it('merges as §4 says and GET /api/users/me/bookmarks returns the merged list', async () => {
			const { device } = await signUp()
			const first = await device.post<BookmarkAnswer>('/api/sync/bookmarks', {
				bookmarks: [{ mediaId: 10, category: 'watchlist', addedAt: 100, title: 'Ten', mediaType: 'movie' }],
				updatedAt: 100,
			})
			expect(first.status).toBe(200)
			const second = await device.post<BookmarkAnswer>('/api/sync/bookmarks', {
				bookmarks: [{ mediaId: 11, category: 'favorites', addedAt: 90 }],
				updatedAt: 90,
			})
			expect(second.body.bookmarks.map((b) => b.mediaId)).toEqual([11, 10])
			expect(second.body.updatedAt).toBe(100)
			const listed = await device.get<BookmarkAnswer>('/api/users/me/bookmarks')
			expect(listed.status).toBe(200)
			expect(listed.body.bookmarks).toEqual(second.body.bookmarks)
			expect(listed.body.bookmarks[1]).toEqual({ mediaId: 10, category: 'watchlist', addedAt: 100, title: 'Ten', mediaType: 'movie' })
		})

		it('propagates a removal as a tombstone so another device cannot resurrect it', async () => {
			const { device: phone, login } = await signUp()
			const laptop = await login()
			const item: Bookmark = { mediaId: 5, category: 'watchlist', addedAt: 1000 }
			await phone.post('/api/sync/bookmarks', { bookmarks: [item] })
			await laptop.post('/api/sync/bookmarks', { bookmarks: [item] })
			// The phone removes it; the laptop still has it locally and syncs its old copy afterwards.
			await phone.post('/api/sync/bookmarks', { bookmarks: [], tombstones: [{ mediaId: 5, category: 'watchlist', deletedAt: 2000 }] })
			const laptopSync = await laptop.post<BookmarkAnswer>('/api/sync/bookmarks', { bookmarks: [item] })
			expect(laptopSync.body.bookmarks).toEqual([])
			expect(laptopSync.body.tombstones).toEqual([{ mediaId: 5, category: 'watchlist', deletedAt: 2000 }])
			// A deliberate later re-add wins over the removal.
			const readd = await laptop.post<BookmarkAnswer>('/api/sync/bookmarks', { bookmarks: [{ ...item, addedAt: 3000 }] })
			expect(readd.body.bookmarks).toHaveLength(1)
			expect(readd.body.tombstones).toEqual([])
		})

		it('converges whatever the order of concurrent syncs and retries, equal to the pure merge', async () => {
			const { device, login } = await signUp()
			const devices = [device, await login(), await login()]
			const states: BookmarkState[] = devices.map((_, d) => ({
				bookmarks: Array.from({ length: 40 }, (_, i) => ({
					mediaId: 1 + (i % 15),
					category: ['watchlist', 'watched', 'favorites'][(i + d) % 3]!,
					addedAt: 10 + ((i * 7 + d * 3) % 11),
					title: `T${d}`,
				})),
				tombstones: Array.from({ length: 10 }, (_, i) => ({
					mediaId: 1 + ((i * 4 + d) % 15),
					category: ['watchlist', 'watched', 'favorites'][i % 3]!,
					deletedAt: 10 + ((i * 5 + d) % 11),
				})),
			}))
			// All at once, twice over (a retry after a dropped answer resends the same body).
			await Promise.all([...devices, ...devices].map((client, i) => client.post('/api/sync/bookmarks', states[i % 3])))
			const answers = await Promise.all(
				devices.map((client) => client.post<BookmarkAnswer>('/api/sync/bookmarks', { bookmarks: [], tombstones: [] })),
			)
			const expected = mergeBookmarkStates(...states)
			for (const answer of answers) {
				expect(answer.body.bookmarks).toEqual(expected.bookmarks)
				expect(answer.body.tombstones).toEqual(expected.tombstones)
			}
		})

		it('with changesOnly answers only what the device lacks, and merging it gives the whole state', async () => {
			const { device, login } = await signUp()
			const laptop = await login()
			const state = (d: number): BookmarkState => ({
				bookmarks: Array.from({ length: 30 }, (_, i) => ({
					mediaId: 1 + (i % 12),
					category: ['watchlist', 'watched', 'favorites'][(i + d) % 3]!,
					addedAt: 10 + ((i * 7 + d * 3) % 9),
					title: `T${(i + d) % 2}`,
				})),
				tombstones: Array.from({ length: 8 }, (_, i) => ({
					mediaId: 1 + ((i * 5 + d) % 12),
					category: ['watchlist', 'watched', 'favorites'][i % 3]!,
					deletedAt: 10 + ((i * 3 + d) % 9),
				})),
			})
			const phoneState = state(0)
			const laptopState = state(1)
			await device.post('/api/sync/bookmarks', phoneState)
			const answer = await laptop.post<BookmarkAnswer & { revision: number; changesOnly?: boolean }>('/api/sync/bookmarks', {
				...laptopState,
				changesOnly: true,
			})
			expect(answer.status).toBe(200)
			expect(answer.body.changesOnly).toBe(true)
			const whole = mergeBookmarkStates(phoneState, laptopState)
			expect({ bookmarks: answer.body.bookmarks, tombstones: answer.body.tombstones }).toEqual(bookmarkChangesFor(whole, laptopState))
			expect(answer.body.bookmarks.length + answer.body.tombstones.length).toBeGreaterThan(0)
			expect(mergeBookmarkStates(answer.body, laptopState)).toEqual(whole)
			expect(answer.body.updatedAt).toBe(18)
			// Up to date: an empty answer, the same revision, the account's latest change.
			const again = await laptop.post<BookmarkAnswer & { revision: number }>('/api/sync/bookmarks', { ...whole, changesOnly: true })
			expect(again.body).toEqual({ bookmarks: [], tombstones: [], updatedAt: 18, revision: answer.body.revision, changesOnly: true })
			// Older clients still get the whole state.
			const full = await device.post<BookmarkAnswer>('/api/sync/bookmarks', phoneState)
			expect({ bookmarks: full.body.bookmarks, tombstones: full.body.tombstones }).toEqual(whole)
			expect((await device.post('/api/sync/bookmarks', { ...phoneState, changesOnly: 'yes' })).status).toBe(400)
		})

		it('skips a bad record with a clear message, refuses a bad body with 400 and oversized bodies with 413', async () => {
			const { device } = await signUp()
			// One bad record is left out and named; the rest of the batch is merged (sync-hardening.test.ts).
			const bad = await device.post<BookmarkAnswer & { skipped: Array<{ error: string }> }>('/api/sync/bookmarks', {
				bookmarks: [{ mediaId: 'x', category: 'watchlist', addedAt: 1 }],
			})
			expect(bad.status).toBe(200)
			expect(bad.body.skipped[0]!.error).toMatch(/^mediaId: /)
			const blank = await device.post<BookmarkAnswer & { skipped: unknown[] }>('/api/sync/bookmarks', {
				bookmarks: [{ mediaId: 1, category: '   ', addedAt: 1 }],
			})
			expect(blank.body.skipped).toHaveLength(1)
			expect(blank.body.bookmarks).toEqual([])
			expect((await device.post('/api/sync/bookmarks', '{"bookmarks": [')).status).toBe(400)
			expect((await device.post('/api/sync/bookmarks', { bookmarks: {} })).status).toBe(400)
			const tooMany = Array.from({ length: 10_001 }, (_, i) => ({ mediaId: i + 1, category: 'watchlist', addedAt: 1 }))
			const many = await device.post<{ error: string }>('/api/sync/bookmarks', { bookmarks: tooMany })
			expect(many.status).toBe(400)
			expect(many.body.error).toBe('bookmarks: At most 10000 bookmarks per sync')
			const exactly = await device.post<BookmarkAnswer>('/api/sync/bookmarks', { bookmarks: tooMany.slice(0, 10_000) })
			expect(exactly.status).toBe(200)
			expect(exactly.body.bookmarks).toHaveLength(10_000)
			const huge = await device.post<{ error: string }>('/api/sync/bookmarks', { bookmarks: [], padding: 'x'.repeat(5 * 1024 * 1024 + 10) })
			expect(huge.status).toBe(413)
			expect(huge.body.error).toBe('Request body is too large')
		}, 60_000)
	})

	describe('watch history', () => {
		it('merges per item and per episode; GET /api/users/me/watch-history returns the items', async () => {
			const { device: phone, login } = await signUp()
			const laptop = await login()
			const episode = (n: number, updatedAt: number, watched: number) => ({
				id: n,
				number: n,
				title: `E${n}`,
				seasonId: 77,
				season: 1,
				updatedAt,
				progress: { watched, duration: 1500 },
			})
			const phoneHistory: WatchHistory = {
				'100': { type: 'show', title: 'Show', updatedAt: 50, episodes: { s1e1: episode(1, 50, 700) } },
				'200': { type: 'movie', title: 'Film', updatedAt: 10, progress: { watched: 100, duration: 6000 } },
			}
			const laptopHistory: WatchHistory = {
				'100': { type: 'show', title: 'Show', updatedAt: 60, episodes: { s1e1: episode(1, 20, 100), s1e2: episode(2, 60, 300) } },
				'200': { type: 'movie', title: 'Film', updatedAt: 30, progress: { watched: 4000, duration: 6000 } },
			}
			await phone.post('/api/sync/watch-history', { items: phoneHistory, updatedAt: 50 })
			const answer = await laptop.post<HistoryAnswer>('/api/sync/watch-history', { items: laptopHistory, updatedAt: 60 })
			expect(answer.status).toBe(200)
			expect(answer.body.items).toEqual(mergeWatchHistories(phoneHistory, laptopHistory))
			expect(answer.body.items['100']?.episodes?.s1e1?.progress.watched).toBe(700)
			expect(answer.body.items['100']?.episodes?.s1e2?.progress.watched).toBe(300)
			expect(answer.body.items['200']?.progress?.watched).toBe(4000)
			expect(answer.body.updatedAt).toBe(60)
			const listed = await phone.get<HistoryAnswer>('/api/users/me/watch-history')
			expect(listed.body.items).toEqual(answer.body.items)
			// Replaying an older copy changes nothing.
			const replay = await phone.post<HistoryAnswer>('/api/sync/watch-history', { items: phoneHistory })
			expect(replay.body.items).toEqual(answer.body.items)
		})

		it('breaks equal-time ties like the pure merge whatever the order, and a resent copy writes nothing', async () => {
			const episode = (watched: number) => ({
				id: 1,
				number: 1,
				title: 'E1',
				seasonId: 7,
				season: 1,
				updatedAt: 40,
				progress: { watched, duration: 1500 },
			})
			// Same times, different contents: on two devices, sent in both orders to two accounts.
			const a: WatchHistory = {
				'300': { type: 'show', title: 'Show A', updatedAt: 40, episodes: { s1e1: episode(10) } },
				'301': { type: 'movie', title: 'Film', updatedAt: 40, progress: { watched: 5, duration: 90 } },
			}
			const b: WatchHistory = {
				'300': { type: 'show', title: 'Show B', updatedAt: 40, episodes: { s1e1: episode(900) } },
				'301': { type: 'movie', title: 'Film', updatedAt: 40, progress: { watched: 50, duration: 90 } },
			}
			const expected = mergeWatchHistories(a, b)
			for (const order of [
				[a, b],
				[b, a],
			]) {
				const { device } = await signUp()
				let answer: HistoryAnswer | undefined
				for (const items of order) answer = (await device.post<HistoryAnswer>('/api/sync/watch-history', { items })).body
				expect(answer?.items).toEqual(expected)
				// The stored state again, keys in another order: nothing changes, the revision stays.
				const before = (await device.get<{ revisions: { history: number } }>('/api/users/me/sync-state')).body.revisions.history
				const reordered = Object.fromEntries(
					Object.entries(expected)
						.reverse()
						.map(([key, item]) => [key, Object.fromEntries(Object.entries(item).reverse())]),
				)
				const resent = await device.post<HistoryAnswer & { revision: number }>('/api/sync/watch-history', { items: reordered })
				expect(resent.body.items).toEqual(expected)
				expect(resent.body.revision).toBe(before)
			}
		})

		it('carries a removal from the history to the other devices, and later progress brings the title back', async () => {
			const { device: phone, login } = await signUp()
			const laptop = await login()
			const watched: WatchHistory = {
				'400': {
					type: 'show',
					title: 'Show',
					updatedAt: 100,
					episodes: {
						s1e1: { id: 1, number: 1, title: 'E1', seasonId: 9, season: 1, updatedAt: 100, progress: { watched: 900, duration: 1000 } },
					},
				},
				'401': { type: 'movie', title: 'Film', updatedAt: 100, progress: { watched: 10, duration: 90 } },
			}
			await laptop.post('/api/sync/watch-history', { items: watched })
			const removed = removeHistoryItem(removeHistoryItem(watched, 400, 200), 401, 200)
			await phone.post('/api/sync/watch-history', { items: removed })
			// The laptop still holds the old copy: its next sync must not bring the titles back.
			const answer = await laptop.post<HistoryAnswer>('/api/sync/watch-history', { items: watched })
			expect(answer.body.items['401']).toEqual({ type: 'movie', title: 'Film', updatedAt: 200, removedAt: 200 })
			expect(historyByRecent(answer.body.items)).toEqual([])
			// Watching again later shows the title with only the new progress.
			const again = recordEpisodeProgress(
				answer.body.items,
				{ mediaId: 400, title: 'Show' },
				{ id: 2, season: 1, number: 2, title: 'E2', seasonId: 9 },
				{ watched: 5, duration: 1000 },
				300,
			)
			const after = await laptop.post<HistoryAnswer>('/api/sync/watch-history', { items: again })
			expect(historyByRecent(after.body.items).map((e) => [e.mediaId, Object.keys(e.item.episodes ?? {})])).toEqual([[400, ['s1e2']]])
		})

		it('with changesOnly answers only the items and episodes the device lacks', async () => {
			const { device: phone, login } = await signUp()
			const laptop = await login()
			const episode = (n: number, updatedAt: number, watched: number) => ({
				id: n,
				number: n,
				title: `E${n}`,
				seasonId: 77,
				season: 1,
				updatedAt,
				progress: { watched, duration: 1500 },
			})
			const phoneHistory: WatchHistory = {
				'100': { type: 'show', title: 'Show', updatedAt: 50, episodes: { s1e1: episode(1, 50, 700), s1e3: episode(3, 45, 10) } },
				'200': { type: 'movie', title: 'Film', updatedAt: 10, progress: { watched: 100, duration: 6000 } },
				'300': { type: 'movie', title: 'Only on the phone', updatedAt: 5, progress: { watched: 1, duration: 60 } },
			}
			const laptopHistory: WatchHistory = {
				'100': { type: 'show', title: 'Show', updatedAt: 60, episodes: { s1e1: episode(1, 20, 100), s1e2: episode(2, 60, 300) } },
				'200': { type: 'movie', title: 'Film', updatedAt: 30, progress: { watched: 4000, duration: 6000 } },
			}
			await phone.post('/api/sync/watch-history', { items: phoneHistory })
			const answer = await laptop.post<HistoryAnswer & { changesOnly?: boolean }>('/api/sync/watch-history', {
				items: laptopHistory,
				changesOnly: true,
			})
			expect(answer.status).toBe(200)
			const whole = mergeWatchHistories(phoneHistory, laptopHistory)
			expect(answer.body.items).toEqual(watchHistoryChangesFor(whole, laptopHistory))
			// The show comes with the laptop's own fields and only the phone's episodes; the film the laptop holds is not sent back.
			expect(answer.body.items).toEqual({
				'100': { type: 'show', title: 'Show', updatedAt: 60, episodes: { s1e1: episode(1, 50, 700), s1e3: episode(3, 45, 10) } },
				'300': phoneHistory['300'],
			})
			expect(mergeWatchHistories(answer.body.items, laptopHistory)).toEqual(whole)
			expect(answer.body.updatedAt).toBe(60)
			const again = await laptop.post<HistoryAnswer & { changesOnly?: boolean }>('/api/sync/watch-history', {
				items: whole,
				changesOnly: true,
			})
			expect(again.body.items).toEqual({})
			expect(again.body.updatedAt).toBe(60)
		})

		it('skips malformed items and refuses a malformed body with 400', async () => {
			const { device } = await signUp()
			const skippedOf = async (items: unknown) =>
				(await device.post<{ skipped?: unknown[]; items: WatchHistory }>('/api/sync/watch-history', { items })).body
			expect((await skippedOf({ abc: { type: 'movie', title: 'x', updatedAt: 1 } })).skipped).toHaveLength(1)
			expect((await skippedOf({ '1': { type: 'film', title: 'x', updatedAt: 1 } })).skipped).toHaveLength(1)
			const episodes = await skippedOf({ '1': { type: 'show', title: 'x', updatedAt: 1, episodes: { ep1: {} } } })
			expect(episodes.skipped).toHaveLength(1)
			expect(episodes.items).toEqual({})
			expect((await device.post('/api/sync/watch-history', { items: [] })).status).toBe(400)
		})
	})

	describe('settings', () => {
		it('merges per field and GET /api/users/me/settings returns the document', async () => {
			const { device: phone, login } = await signUp()
			const laptop = await login()
			const empty = { player: {}, appearance: {}, content: {}, account: {}, notifications: {} }
			await phone.post('/api/sync/settings', {
				settings: { values: { ...empty, player: { autoplay: false } }, changedAt: { 'player.autoplay': 200 } },
			})
			const answer = await laptop.post<{ settings: { values: { player: { autoplay: boolean }; appearance: { subtitleSize: number } } } }>(
				'/api/sync/settings',
				{
					settings: {
						values: { ...empty, player: { autoplay: true }, appearance: { subtitleSize: 150 } },
						changedAt: { 'player.autoplay': 100, 'appearance.subtitleSize': 300 },
					},
				},
			)
			expect(answer.status).toBe(200)
			expect(answer.body.settings.values.player.autoplay).toBe(false)
			expect(answer.body.settings.values.appearance.subtitleSize).toBe(150)
			const listed = await phone.get<{ settings: unknown }>('/api/users/me/settings')
			expect(listed.body.settings).toEqual(answer.body.settings)
			expect(
				(await phone.post('/api/sync/settings', { settings: { values: { ...empty, appearance: { subtitleSize: 1000 } }, changedAt: {} } }))
					.status,
			).toBe(400)
		})
	})

	describe('another app process', () => {
		it('sees every row another process wrote, though this one kept the rows of its last sync', async () => {
			const { device } = await signUp()
			const userId = (await device.get<{ user: { id: string } }>('/api/users/me')).body.user.id
			const mine: Bookmark = { mediaId: 1, category: 'watchlist', addedAt: 10 }
			const item: WatchHistory = { '5': { type: 'movie', title: 'M', updatedAt: 10, progress: { watched: 1, duration: 9 } } }
			await device.post('/api/sync/bookmarks', { bookmarks: [mine], changesOnly: true })
			await device.post('/api/sync/watch-history', { items: item, changesOnly: true })
			// Another worker or machine: same database, its own memory.
			const other = { ...running.testDb.handle }
			await syncBookmarks(other, userId, {
				bookmarks: [{ mediaId: 2, category: 'watchlist', addedAt: 20 }],
				tombstones: [{ mediaId: 1, category: 'watchlist', deletedAt: 15 }],
			})
			await syncWatchHistory(other, userId, { '5': { ...item['5']!, updatedAt: 20, progress: { watched: 5, duration: 9 } } })
			const bookmarks = await device.post<BookmarkAnswer>('/api/sync/bookmarks', { bookmarks: [mine], changesOnly: true })
			expect(bookmarks.body).toMatchObject({
				bookmarks: [{ mediaId: 2, category: 'watchlist', addedAt: 20 }],
				tombstones: [{ mediaId: 1, category: 'watchlist', deletedAt: 15 }],
				updatedAt: 20,
			})
			const history = await device.post<HistoryAnswer>('/api/sync/watch-history', { items: item, changesOnly: true })
			expect(history.body.items['5']?.progress?.watched).toBe(5)
			// And this process's own writes stay visible to the other one.
			await device.post('/api/sync/bookmarks', { bookmarks: [{ mediaId: 3, category: 'watched', addedAt: 30 }], changesOnly: true })
			const seen = await syncBookmarks(other, userId, { bookmarks: [], tombstones: [] })
			expect(seen.bookmarks.map((b) => b.mediaId)).toEqual([2, 3])
		})
	})

	describe('revisions', () => {
		it('rise only when a sync changed something, so open devices know when to pull', async () => {
			const { device: phone, login } = await signUp()
			const laptop = await login()
			const revisions = async () =>
				(await laptop.get<{ revisions: { bookmarks: number; history: number; settings: number } }>('/api/users/me/sync-state')).body
					.revisions
			expect(await revisions()).toEqual({ bookmarks: 0, history: 0, settings: 0 })
			const first = await phone.post<BookmarkAnswer & { revision: number }>('/api/sync/bookmarks', {
				bookmarks: [{ mediaId: 1, category: 'watchlist', addedAt: 5 }],
			})
			expect(first.body.revision).toBe(1)
			// The same state again (a retry, or a device that is up to date) changes nothing.
			const again = await phone.post<BookmarkAnswer & { revision: number }>('/api/sync/bookmarks', {
				bookmarks: [{ mediaId: 1, category: 'watchlist', addedAt: 5 }],
			})
			expect(again.body.revision).toBe(1)
			await phone.post('/api/sync/watch-history', {
				items: { '9': { type: 'movie', title: 'M', updatedAt: 3, progress: { watched: 1, duration: 9 } } },
			})
			await phone.post('/api/sync/watch-history', {
				items: { '9': { type: 'movie', title: 'M', updatedAt: 3, progress: { watched: 1, duration: 9 } } },
			})
			const empty = { player: {}, appearance: {}, content: {}, account: {}, notifications: {} }
			await phone.post('/api/sync/settings', {
				settings: { values: { ...empty, player: { autoplay: false } }, changedAt: { 'player.autoplay': 7 } },
			})
			await phone.post('/api/sync/settings', {
				settings: { values: { ...empty, player: { autoplay: false } }, changedAt: { 'player.autoplay': 7 } },
			})
			expect(await revisions()).toEqual({ bookmarks: 1, history: 1, settings: 1 })
		})
	})

	describe('isolation between users', () => {
		it('no user can read or change another user’s data', async () => {
			const alice = await signUp()
			const bob = await signUp()
			await alice.device.post('/api/sync/bookmarks', { bookmarks: [{ mediaId: 42, category: 'watchlist', addedAt: 1 }] })
			await alice.device.post('/api/sync/watch-history', {
				items: { '42': { type: 'movie', title: 'Secret', updatedAt: 1, progress: { watched: 1, duration: 2 } } },
			})
			await alice.device.post('/api/sync/4k_token', { token: `ey${'s'.repeat(60)}` })
			// Bob's reads show only his own (empty) data.
			expect((await bob.device.get<BookmarkAnswer>('/api/users/me/bookmarks')).body.bookmarks).toEqual([])
			expect((await bob.device.get<HistoryAnswer>('/api/users/me/watch-history')).body.items).toEqual({})
			expect((await bob.device.get<{ user: Record<string, unknown> }>('/api/users/me')).body.user['4k_token']).toBeNull()
			// Bob's writes (even naming Alice's id) land in his account only.
			const aliceId = (await alice.device.get<{ user: { id: string } }>('/api/users/me')).body.user.id
			await bob.device.post('/api/sync/bookmarks', {
				userId: aliceId,
				bookmarks: [],
				tombstones: [{ mediaId: 42, category: 'watchlist', deletedAt: 99 }],
			})
			await bob.device.post('/api/users/me/updateName', { name: 'Pwned', userId: aliceId })
			expect((await alice.device.get<BookmarkAnswer>('/api/users/me/bookmarks')).body.bookmarks).toHaveLength(1)
			expect((await alice.device.get<{ user: { name: string } }>('/api/users/me')).body.user.name).toBe(alice.account.username)
			// Bob deleting his account (he confirms with his password) removes his rows and leaves Alice's untouched.
			const bobId = (await bob.device.get<{ user: { id: string } }>('/api/users/me')).body.user.id
			await bob.device.post('/api/sync/watch-history', {
				items: { '42': { type: 'movie', title: 'Bob watched it too', updatedAt: 2, progress: { watched: 1, duration: 2 } } },
			})
			const { db } = running.testDb.handle
			const rowsOf = async (userId: string) => ({
				bookmarks: (await db.selectFrom('user_bookmarks').select('media_id').where('user_id', '=', userId).execute()).length,
				history: (await db.selectFrom('user_watch_items').select('media_id').where('user_id', '=', userId).execute()).length,
				users: (await db.selectFrom('users').select('id').where('id', '=', userId).execute()).length,
			})
			expect(await rowsOf(bobId)).toEqual({ bookmarks: 1, history: 1, users: 1 })
			const deleted = await bob.device.request('DELETE', '/api/users/me', { password: bob.account.password })
			expect(deleted.status).toBe(200)
			expect(await rowsOf(bobId)).toEqual({ bookmarks: 0, history: 0, users: 0 })
			expect(await rowsOf(aliceId)).toEqual({ bookmarks: 1, history: 1, users: 1 })
			expect((await alice.device.get<HistoryAnswer>('/api/users/me/watch-history')).body.items['42']?.title).toBe('Secret')
			expect((await alice.device.get<BookmarkAnswer>('/api/users/me/bookmarks')).body.bookmarks).toHaveLength(1)
		})
	})
})
