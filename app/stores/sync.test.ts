import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bookmark, BookmarkTombstone } from '#app/lib/library/types.ts'
import { bookmarkChangesFor, mergeBookmarkStates, type BookmarkState } from '#app/lib/sync/bookmarks.ts'

// The browser side of sync, against a fake localStorage and a fake server
// that merges with the shared functions (the real server is covered by the
// integration tests).

class MemoryStorage {
	data = new Map<string, string>()
	getItem(key: string) {
		return this.data.has(key) ? this.data.get(key)! : null
	}
	setItem(key: string, value: string) {
		this.data.set(key, String(value))
	}
	removeItem(key: string) {
		this.data.delete(key)
	}
}

let storage: MemoryStorage
let server: BookmarkState & { revision: number }
let fetchCalls: string[]
let bookmarkBodies: Array<BookmarkState & { changesOnly?: boolean }>
let sessionValid: boolean
let username: string

function json(status: number, body: unknown) {
	return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

beforeEach(() => {
	vi.resetModules()
	storage = new MemoryStorage()
	server = { bookmarks: [], tombstones: [], revision: 0 }
	fetchCalls = []
	bookmarkBodies = []
	sessionValid = true
	username = 'ann'
	const target = new EventTarget()
	vi.stubGlobal('window', Object.assign(target, { localStorage: storage, setInterval, clearInterval }))
	vi.stubGlobal(
		'fetch',
		vi.fn(async (path: string, init?: RequestInit) => {
			fetchCalls.push(`${init?.method ?? 'GET'} ${path}`)
			if (!sessionValid && !path.startsWith('/api/auth/')) return json(401, { error: 'Unauthorized' })
			if (path === '/api/users/me')
				return json(200, {
					user: { id: username, username, email: `${username}@x.io`, name: username, isDonator: false, '4k_token': null },
				})
			if (path === '/api/sync/bookmarks') {
				const body = JSON.parse(String(init?.body)) as BookmarkState & { changesOnly?: boolean }
				bookmarkBodies.push(body)
				// The account's schema limit (app/lib/sync/schemas.ts).
				if (body.tombstones.length > 10_000) return json(400, { error: 'tombstones: At most 10000 removed bookmarks per sync' })
				const merged = mergeBookmarkStates(server, body)
				if (JSON.stringify(merged) !== JSON.stringify({ bookmarks: server.bookmarks, tombstones: server.tombstones })) server.revision += 1
				server = { ...merged, revision: server.revision }
				// Like the real server: with changesOnly, only what the device did not send.
				const answer = body.changesOnly ? { ...bookmarkChangesFor(merged, body), changesOnly: true } : merged
				return json(200, {
					...answer,
					updatedAt: Math.max(0, ...merged.bookmarks.map((b) => b.addedAt), ...merged.tombstones.map((t) => t.deletedAt)),
					revision: server.revision,
				})
			}
			if (path === '/api/sync/watch-history') return json(200, { items: {}, updatedAt: 0, revision: 0 })
			if (path === '/api/sync/settings') return json(200, { settings: JSON.parse(String(init?.body)).settings, revision: 0 })
			if (path === '/api/sync/4k_token') return json(200, { ok: true })
			if (path === '/api/users/me/sync-state') return json(200, { revisions: { bookmarks: server.revision, history: 0, settings: 0 } })
			return json(404, { error: 'Not found' })
		}),
	)
})

afterEach(() => {
	vi.unstubAllGlobals()
})

const setLocal = (bookmarks: Bookmark[], tombstones: BookmarkTombstone[] = [], at = Date.now()) => {
	storage.setItem('bookmarks', JSON.stringify(bookmarks))
	storage.setItem('bookmark-tombstones', JSON.stringify(tombstones))
	storage.setItem('lastBookmarkUpdateTime', JSON.stringify(at))
}
const localBookmarks = () => (JSON.parse(storage.getItem('bookmarks') ?? '[]') as Bookmark[]).map((b) => b.mediaId)

describe('app-start sync', () => {
	it('fetches the user, merges bookmarks both ways and stores user info', async () => {
		const sync = await import('./sync.ts')
		server.bookmarks = [{ mediaId: 1, category: 'watchlist', addedAt: 10 }]
		setLocal([{ mediaId: 2, category: 'watchlist', addedAt: 20 }])
		const result = await sync.runStartupSync({ toasts: false })
		expect(result.ok).toBe(true)
		expect(localBookmarks()).toEqual([1, 2])
		expect(server.bookmarks.map((b) => b.mediaId)).toEqual([1, 2])
		expect(JSON.parse(storage.getItem('user-info')!)).toMatchObject({ username: 'ann' })
		expect(fetchCalls.slice(0, 3)).toEqual(['GET /api/users/me', 'POST /api/sync/bookmarks', 'POST /api/sync/watch-history'])
		// The whole library went out, and only what the device lacked came back.
		expect(bookmarkBodies[0]).toMatchObject({ changesOnly: true, bookmarks: [{ mediaId: 2 }] })
		// Nothing new anywhere: the answer is empty and the library stays as it is.
		await sync.syncBookmarks('ann')
		expect(localBookmarks()).toEqual([1, 2])
	})

	it('runs the logout routine on 401: user info removed, onLoggedOut called', async () => {
		const sync = await import('./sync.ts')
		storage.setItem('user-info', JSON.stringify({ username: 'ann' }))
		sessionValid = false
		const onLoggedOut = vi.fn()
		const result = await sync.runStartupSync({ toasts: false, onLoggedOut })
		expect(result.ok).toBe(false)
		expect(onLoggedOut).toHaveBeenCalledOnce()
		expect(storage.getItem('user-info')).toBeNull()
	})

	it('pushes a 4K token only when it starts with ey and is over 50 characters', async () => {
		const sync = await import('./sync.ts')
		storage.setItem('4kToken', `xx${'a'.repeat(60)}`)
		await sync.runStartupSync({ toasts: false })
		expect(fetchCalls).not.toContain('POST /api/sync/4k_token')
		storage.setItem('4kToken', `ey${'a'.repeat(60)}`)
		await sync.runStartupSync({ toasts: false })
		expect(fetchCalls).toContain('POST /api/sync/4k_token')
		expect(storage.getItem('4kTokenSynced')).toBe('true')
	})
})

describe('another account on the same device', () => {
	it('receives only what the visitor changed after the previous account signed out', async () => {
		const sync = await import('./sync.ts')
		const account = await import('./account.ts')
		setLocal([{ mediaId: 1, category: 'watchlist', addedAt: 100 }], [], 100)
		await sync.runStartupSync({ toasts: false })
		expect(server.bookmarks.map((b) => b.mediaId)).toEqual([1])
		account.clearAccountDevice(200)
		// Signed out, the visitor keeps the library and adds to it.
		setLocal(
			[
				{ mediaId: 1, category: 'watchlist', addedAt: 100 },
				{ mediaId: 2, category: 'watchlist', addedAt: 300 },
			],
			[],
			300,
		)
		// Bob signs in on this device: his (empty) account must not receive Ann's bookmark 1.
		username = 'bob'
		server = { bookmarks: [], tombstones: [], revision: 0 }
		await sync.runStartupSync({ toasts: false })
		expect(server.bookmarks.map((b) => b.mediaId)).toEqual([2])
		expect(localBookmarks()).toEqual([2])
	})

	it('the same account signing in again keeps everything', async () => {
		const sync = await import('./sync.ts')
		const account = await import('./account.ts')
		setLocal([{ mediaId: 1, category: 'watchlist', addedAt: 100 }], [], 100)
		await sync.runStartupSync({ toasts: false })
		account.clearAccountDevice(200)
		await sync.runStartupSync({ toasts: false })
		expect(localBookmarks()).toEqual([1])
		expect(JSON.parse(storage.getItem('sync-outbox')!).loggedOutAt).toBeUndefined()
	})
})

describe('outbox', () => {
	it('knows what is unsent from the persisted library, so pending work survives a reload', async () => {
		let sync = await import('./sync.ts')
		storage.setItem('user-info', JSON.stringify({ username: 'ann' }))
		setLocal([{ mediaId: 1, category: 'watchlist', addedAt: 100 }], [], 100)
		expect(sync.pendingChanges('ann').bookmarks).toBe(true)
		expect(await sync.flushOutbox()).toBe(true)
		expect(sync.pendingChanges('ann').bookmarks).toBe(false)
		// A change, then a "reload" (fresh modules, same storage) before it was sent.
		setLocal(
			[
				{ mediaId: 1, category: 'watchlist', addedAt: 100 },
				{ mediaId: 2, category: 'watchlist', addedAt: 200 },
			],
			[],
			200,
		)
		vi.resetModules()
		sync = await import('./sync.ts')
		expect(sync.pendingChanges('ann').bookmarks).toBe(true)
		await sync.flushOutbox()
		expect(server.bookmarks.map((b) => b.mediaId)).toEqual([1, 2])
	})

	it('keeps changes pending after a failure and backs off before retrying', async () => {
		const sync = await import('./sync.ts')
		storage.setItem('user-info', JSON.stringify({ username: 'ann' }))
		setLocal([{ mediaId: 3, category: 'watchlist', addedAt: 300 }], [], 300)
		vi.mocked(fetch).mockImplementationOnce(async () => {
			throw new TypeError('network down')
		})
		expect(await sync.flushOutbox()).toBe(false)
		expect(sync.pendingChanges('ann').bookmarks).toBe(true)
		const calls = fetchCalls.length
		expect(await sync.flushOutbox()).toBe(false) // within the back-off: no request
		expect(fetchCalls.length).toBe(calls)
		expect(await sync.flushOutbox(undefined, {}, Date.now() + 10_000)).toBe(true)
		expect(server.bookmarks.map((b) => b.mediaId)).toEqual([3])
	})

	it('keeps an edit made while the request was out pending, even in the same millisecond', async () => {
		const sync = await import('./sync.ts')
		storage.setItem('user-info', JSON.stringify({ username: 'ann' }))
		setLocal([{ mediaId: 5, category: 'watchlist', addedAt: 500 }], [], 500)
		const serve = vi.mocked(fetch).getMockImplementation()!
		vi.mocked(fetch).mockImplementationOnce(async (path, init) => {
			// Another edit lands, stamped with the same time as the one being sent.
			setLocal(
				[
					{ mediaId: 5, category: 'watchlist', addedAt: 500 },
					{ mediaId: 6, category: 'watchlist', addedAt: 500 },
				],
				[],
				500,
			)
			return serve(path, init)
		})
		await sync.flushOutbox(['bookmarks'])
		expect(server.bookmarks.map((b) => b.mediaId)).toEqual([5])
		expect(localBookmarks()).toEqual([5, 6])
		expect(sync.pendingChanges('ann').bookmarks).toBe(true)
		await sync.flushOutbox(['bookmarks'])
		expect(server.bookmarks.map((b) => b.mediaId)).toEqual([5, 6])
		expect(sync.pendingChanges('ann').bookmarks).toBe(false)
	})

	it('sends one flush at a time: a check while a slow request is out waits for it and does not send the same changes again', async () => {
		const sync = await import('./sync.ts')
		storage.setItem('user-info', JSON.stringify({ username: 'ann' }))
		setLocal([{ mediaId: 7, category: 'watchlist', addedAt: 700 }], [], 700)
		const serve = vi.mocked(fetch).getMockImplementation()!
		let answer!: () => void
		const slow = new Promise<void>((resolve) => (answer = resolve))
		vi.mocked(fetch).mockImplementationOnce(async (path, init) => {
			await slow
			return serve(path, init)
		})
		const first = sync.flushOutbox()
		const second = sync.flushOutbox(['bookmarks'])
		answer()
		expect(await Promise.all([first, second])).toEqual([true, true])
		expect(bookmarkBodies).toHaveLength(1)
		// Once it is back, the next flush goes out again.
		setLocal(
			[
				{ mediaId: 7, category: 'watchlist', addedAt: 700 },
				{ mediaId: 8, category: 'watchlist', addedAt: 800 },
			],
			[],
			800,
		)
		await sync.flushOutbox()
		expect(bookmarkBodies).toHaveLength(2)
		expect(server.bookmarks.map((b) => b.mediaId)).toEqual([7, 8])
	})

	it('pulls when another device raised the revision, and a removal there removes it here', async () => {
		const sync = await import('./sync.ts')
		storage.setItem('user-info', JSON.stringify({ username: 'ann' }))
		setLocal([{ mediaId: 4, category: 'watchlist', addedAt: 400 }], [], 400)
		await sync.flushOutbox()
		// Another device removes it.
		server = {
			...mergeBookmarkStates(server, { bookmarks: [], tombstones: [{ mediaId: 4, category: 'watchlist', deletedAt: 500 }] }),
			revision: server.revision + 1,
		}
		await sync.flushOutbox()
		expect(localBookmarks()).toEqual([4]) // nothing pending here and no remote check asked for
		await sync.flushOutbox(undefined, { checkRemote: true })
		expect(localBookmarks()).toEqual([])
	})
})

describe('caps after every merge', () => {
	it('never ends over 10,000 tombstones when the account sends back a removal this device dropped, so the next sync still works', async () => {
		const sync = await import('./sync.ts')
		storage.setItem('user-info', JSON.stringify({ username: 'ann' }))
		// The account kept a removal this device dropped when it capped its own list (the oldest).
		server = { bookmarks: [], tombstones: [{ mediaId: 1, category: 'watchlist', deletedAt: 1000 }], revision: 1 }
		const local = Array.from({ length: 10_000 }, (_, i) => ({ mediaId: 2 + i, category: 'watchlist', deletedAt: 1001 + i }))
		setLocal([], local, 11_000)
		await sync.flushOutbox()
		const stored = JSON.parse(storage.getItem('bookmark-tombstones') ?? '[]') as BookmarkTombstone[]
		expect(stored).toHaveLength(10_000)
		expect(stored.some((t) => t.mediaId === 1)).toBe(false)
		// Another change, another sync: accepted (before the caps it was 400 for good).
		storage.setItem('bookmarks', JSON.stringify([{ mediaId: 99_999, category: 'watchlist', addedAt: 20_000 }]))
		storage.setItem('lastBookmarkUpdateTime', JSON.stringify(20_000))
		expect(await sync.flushOutbox()).toBe(true)
		expect(bookmarkBodies.at(-1)!.tombstones).toHaveLength(10_000)
	})
})
