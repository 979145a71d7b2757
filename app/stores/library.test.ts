import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '#tests/support/memory-storage.ts'

const toasts = vi.hoisted(() => [] as Array<[string, string, unknown?]>)
vi.mock('./toast.ts', () => ({
	toast: {
		message: (m: string, o?: unknown) => toasts.push(['message', m, o]),
		success: (m: string, o?: unknown) => toasts.push(['success', m, o]),
		info: (m: string, o?: unknown) => toasts.push(['info', m, o]),
		warning: (m: string, o?: unknown) => toasts.push(['warning', m, o]),
		error: (m: string, o?: unknown) => toasts.push(['error', m, o]),
		dismiss: () => {},
	},
}))

let storage: ReturnType<typeof createMemoryStorage>
let win: EventTarget & { localStorage: Storage }
const events: Array<{ name: string; props: Record<string, unknown> }> = []

async function load() {
	vi.resetModules()
	const library = await import('./library.ts')
	const boot = await import('./library-migrations.ts')
	const analytics = await import('./analytics.ts')
	win.addEventListener(analytics.ANALYTICS_EVENT, (e) => events.push((e as CustomEvent).detail))
	return { ...library, ...boot }
}

beforeEach(() => {
	storage = createMemoryStorage()
	win = Object.assign(new EventTarget(), { localStorage: storage as Storage })
	vi.stubGlobal('window', win)
	toasts.length = 0
	events.length = 0
})
afterEach(() => vi.unstubAllGlobals())

const dune = { mediaId: 438631, mediaType: 'movie' as const, title: 'Dune' }

describe('bookmark store', () => {
	it('adds with toast "Added {title} to {category}", analytics, and lastBookmarkUpdateTime', async () => {
		const lib = await load()
		expect(lib.addToBookmarks(dune, 'watchlist', 1000)).toBe(true)
		expect(toasts).toEqual([['success', 'Added Dune to watchlist', undefined]])
		expect(events.map((e) => [e.name, e.props])).toEqual([['bookmark_add', { mediaId: 438631, mediaType: 'movie', category: 'watchlist' }]])
		expect(JSON.parse(storage.getItem('bookmarks')!)).toEqual([
			{ mediaId: 438631, mediaType: 'movie', title: 'Dune', category: 'watchlist', addedAt: 1000 },
		])
		expect(storage.getItem('lastBookmarkUpdateTime')).toBe('1000')
		expect(JSON.parse(storage.getItem('local-lock')!)).toEqual({ valid: true, lastBookmarkUpdateTime: 1000 })
	})

	it('re-adding only refreshes addedAt: no toast, no event, time updated', async () => {
		const lib = await load()
		lib.addToBookmarks(dune, 'watchlist', 1000)
		toasts.length = 0
		events.length = 0
		lib.addToBookmarks(dune, 'watchlist', 2000)
		expect(toasts).toEqual([])
		expect(events).toEqual([])
		expect(lib.getBookmarkSnapshot().bookmarks).toMatchObject([{ addedAt: 2000 }])
		expect(storage.getItem('lastBookmarkUpdateTime')).toBe('2000')
	})

	it('removing deletes the pair, keeps a tombstone, fires analytics and updates the time', async () => {
		const lib = await load()
		lib.addToBookmarks(dune, 'watchlist', 1000)
		lib.addToBookmarks(dune, 'favorites', 1100)
		events.length = 0
		lib.removeFromBookmarks(dune, 'watchlist', 3000)
		expect(lib.getBookmarkSnapshot().bookmarks.map((b) => b.category)).toEqual(['favorites'])
		expect(JSON.parse(storage.getItem('bookmark-tombstones')!)).toEqual([{ mediaId: 438631, category: 'watchlist', deletedAt: 3000 }])
		expect(events.map((e) => e.name)).toEqual(['bookmark_remove'])
		expect(storage.getItem('lastBookmarkUpdateTime')).toBe('3000')
	})

	it('toggles the default list', async () => {
		const lib = await load()
		lib.toggleInBookmarks(dune)
		expect(lib.getBookmarkSnapshot().bookmarks.map((b) => b.category)).toEqual(['watchlist'])
		lib.toggleInBookmarks(dune)
		expect(lib.getBookmarkSnapshot().bookmarks).toEqual([])
	})

	it('a refused write changes nothing, neither in memory nor in storage, and reports the exact message', async () => {
		const lib = await load()
		const { onDeviceStorageError } = await import('./device-storage.ts')
		const reported: string[] = []
		onDeviceStorageError((e) => reported.push(e.message))
		lib.addToBookmarks(dune, 'watchlist', 1000)
		storage.failWrites(['bookmarks'])
		toasts.length = 0
		expect(lib.addToBookmarks({ ...dune, mediaId: 2, title: 'Two' }, 'watchlist', 2000)).toBe(false)
		expect(reported).toEqual(['Failed to update localStorage, clear all data and try again.'])
		expect(toasts).toEqual([])
		expect(lib.getBookmarkSnapshot().bookmarks).toHaveLength(1)
		expect(JSON.parse(storage.getItem('bookmarks')!)).toHaveLength(1)
		expect(storage.getItem('lastBookmarkUpdateTime')).toBe('1000')
	})

	it('custom categories: trimmed, empty ignored, duplicates refused; deleting removes its bookmarks', async () => {
		const lib = await load()
		expect(lib.addBookmarkCategory('   ')).toEqual({ ok: false, reason: 'empty' })
		expect(lib.addBookmarkCategory('  Anime  ')).toEqual({ ok: true, name: 'Anime' })
		expect(lib.addBookmarkCategory('anime')).toEqual({ ok: false, reason: 'exists' })
		expect(lib.addBookmarkCategory('Favorites')).toEqual({ ok: false, reason: 'exists' })
		expect(JSON.parse(storage.getItem('bookmark-categories')!)).toEqual(['Anime'])
		lib.addToBookmarks(dune, 'Anime', 1000)
		expect(lib.deleteBookmarkCategory('watchlist')).toBe(false)
		expect(lib.deleteBookmarkCategory('Anime', 2000)).toBe(true)
		expect(lib.getBookmarkSnapshot()).toMatchObject({
			bookmarks: [],
			customCategories: [],
			tombstones: [{ mediaId: 438631, category: 'Anime', deletedAt: 2000 }],
		})
	})

	it('picks up changes made by another tab (storage event)', async () => {
		const lib = await load()
		const seen: number[] = []
		const off = lib.subscribeBookmarks(() => seen.push(lib.getBookmarkSnapshot().bookmarks.length))
		expect(lib.getBookmarkSnapshot().bookmarks).toEqual([])
		storage.setItem('bookmarks', JSON.stringify([{ mediaId: 5, category: 'watchlist', addedAt: 1 }]))
		win.dispatchEvent(Object.assign(new Event('storage'), { key: 'bookmarks', storageArea: storage }))
		await new Promise((resolve) => setTimeout(resolve, 30))
		expect(seen).toEqual([1])
		off()
	})

	it('a read failure yields an empty, ready library with the error', async () => {
		storage.failReads(['bookmarks'])
		const lib = await load()
		expect(lib.getBookmarkSnapshot()).toMatchObject({
			ready: true,
			bookmarks: [],
			error: 'Failed to read from localStorage, clear all data and try again.',
		})
	})

	it('records watch progress with lastWatchHistoryUpdateTime', async () => {
		const lib = await load()
		lib.saveMovieProgress({ mediaId: 1, title: 'One' }, { watched: 10, duration: 100 }, 500)
		lib.saveEpisodeProgress(
			{ mediaId: 2, title: 'Two' },
			{ id: 9, season: 1, number: 3, title: 'E3', seasonId: 4 },
			{ watched: 1, duration: 2 },
			600,
		)
		expect(Object.keys(JSON.parse(storage.getItem('media-tracking')!))).toEqual(['1', '2'])
		expect(storage.getItem('lastWatchHistoryUpdateTime')).toBe('600')
		expect(lib.getHistorySnapshot().history['2']!.episodes!.s1e3!.season).toBe(1)
	})
})

describe('load-time migrations', () => {
	it('deletes stored bookmarks that are not a list with "Cleared Bad Bookmark Data"', async () => {
		storage.setItem('bookmarks', '{"1":{"mediaId":1}}')
		storage.setItem('theme', 'light')
		const lib = await load()
		lib.runLibraryMigrations(1)
		expect(storage.getItem('bookmarks')).toBeNull()
		expect(storage.getItem('theme')).toBe('light')
		expect(toasts).toEqual([['warning', 'Cleared Bad Bookmark Data', undefined]])
	})

	it('leaves a valid list alone', async () => {
		storage.setItem('bookmarks', '[]')
		const lib = await load()
		lib.runLibraryMigrations(1)
		expect(storage.getItem('bookmarks')).toBe('[]')
		expect(toasts).toEqual([])
	})

	it('migrates legacy media-bookmarks to the watchlist with the two toasts (second 10 s) and removes the old key', async () => {
		storage.setItem('bookmarks', JSON.stringify([{ mediaId: 7, category: 'favorites', addedAt: 3 }]))
		storage.setItem(
			'media-bookmarks',
			JSON.stringify({ 'movie-1': { data: { id: 1, title: 'One' }, info: { addedAt: 1_700_000_000_000 } } }),
		)
		const lib = await load()
		lib.runLibraryMigrations(5)
		expect(storage.getItem('media-bookmarks')).toBeNull()
		expect(JSON.parse(storage.getItem('bookmarks')!)).toEqual([
			{ mediaId: 7, category: 'favorites', addedAt: 3 },
			{ mediaId: 1, category: 'watchlist', addedAt: 1_700_000_000_000, title: 'One', mediaType: 'movie' },
		])
		expect(toasts).toEqual([
			['info', 'Migrating your bookmarks to support new features and syncing...', undefined],
			['success', 'Your bookmarks have been upgraded and new features are now available for you!', { duration: 10_000 }],
		])
		expect(lib.getBookmarkSnapshot().bookmarks).toHaveLength(2)
	})

	it('shows "Error" when the legacy data cannot be migrated, keeping it', async () => {
		storage.setItem('media-bookmarks', '[1,2,3]')
		const lib = await load()
		lib.runLibraryMigrations(5)
		expect(toasts.map((t) => t[1])).toEqual(['Migrating your bookmarks to support new features and syncing...', 'Error'])
		expect(storage.getItem('media-bookmarks')).toBe('[1,2,3]')
	})

	it('strips legacy watch-history fields once (storage version 0 → 1)', async () => {
		storage.setItem(
			'media-tracking',
			JSON.stringify({ '1': { type: 'movie', title: 'One', updatedAt: 1, poster: 'x', seasons: [], episodes: {} } }),
		)
		const lib = await load()
		lib.runLibraryMigrations(5)
		expect(JSON.parse(storage.getItem('media-tracking')!)).toEqual({ '1': { type: 'movie', title: 'One', updatedAt: 1 } })
		expect(storage.getItem('device-storage-version')).toBe('1')
		// A later legacy-shaped write is not touched again by the migration.
		storage.setItem('media-tracking', JSON.stringify({ '1': { type: 'movie', title: 'One', updatedAt: 1, poster: 'x' } }))
		lib.runLibraryMigrations(6)
		expect(JSON.parse(storage.getItem('media-tracking')!)).toHaveProperty(['1', 'poster'])
	})
})

describe('what React shows', () => {
	afterEach(() => vi.useRealTimers())

	it("after hydrating with the server's snapshot, the device's from the next task on", async () => {
		vi.useFakeTimers()
		const lib = await load()
		lib.addToBookmarks(dune, 'watchlist', 1000)
		const heard = vi.fn()
		lib.subscribeShownBookmarks(heard)
		// React hydrates with the server's snapshot…
		expect(lib.getServerBookmarkSnapshot()).toMatchObject({ ready: false, bookmarks: [] })
		// …and compares it with this in hydration's effects: equal, so it does not render again in that task.
		expect(lib.getShownBookmarkSnapshot()).toMatchObject({ ready: false, bookmarks: [] })
		// Code outside React reads the device at once.
		expect(lib.getBookmarkSnapshot()).toMatchObject({ ready: true, bookmarks: [{ mediaId: dune.mediaId }] })
		for (let i = 0; i < 10; i++) await Promise.resolve()
		expect(heard).not.toHaveBeenCalled()
		await vi.runAllTimersAsync()
		expect(heard).toHaveBeenCalledTimes(1)
		expect(lib.getShownBookmarkSnapshot()).toMatchObject({ ready: true, bookmarks: [{ mediaId: dune.mediaId }] })
		// From then on a change is shown as it happens.
		lib.removeFromBookmarks(dune, 'watchlist', 2000)
		expect(heard).toHaveBeenCalledTimes(2)
		expect(lib.getShownBookmarkSnapshot().bookmarks).toEqual([])
	})

	it('a component mounted in the browser, not hydrated, sees the device at once', async () => {
		const lib = await load()
		lib.addToBookmarks(dune, 'watchlist', 1000)
		expect(lib.getShownBookmarkSnapshot()).toMatchObject({ ready: true, bookmarks: [{ mediaId: dune.mediaId }] })
	})
})
