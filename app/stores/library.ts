import { useCallback, useMemo, useSyncExternalStore } from 'react'
import {
	addBookmark,
	addCustomCategory,
	allCategories,
	bookmarkMembership,
	EMPTY_BOOKMARK_STATE,
	hasBookmark,
	isDefaultCategory,
	latestBookmarkChange,
	normaliseCategoryName,
	removeBookmark,
	removeCategoryBookmarks,
} from '#app/lib/library/bookmarks.ts'
import {
	continueWatching,
	historyByRecent,
	latestHistoryChange,
	recordEpisodeProgress,
	recordMovieProgress,
	removeHistoryItem,
	type WatchedEpisode,
	type WatchedMedia,
} from '#app/lib/library/history.ts'
import {
	DEFAULT_BOOKMARK_CATEGORY,
	type Bookmark,
	type BookmarkMedia,
	type BookmarkState,
	type Progress,
	type WatchHistory,
} from '#app/lib/library/types.ts'
import { track } from './analytics.ts'
import { DeviceStorageError, isDeviceStorageEvent, readDevice, writeDeviceBatch, type DeviceKey } from './device-storage.ts'
import { toast } from './toast.ts'
import { inNextTask } from '#app/utils/next-task.ts'

// The device library store: bookmarks and watch history read once from
// storage, kept in memory, written through on every change, and refreshed
// when another tab changes them (storage events). React reads it with
// useSyncExternalStore; other code (the account sync, the player) uses the
// exported functions.

export interface BookmarkSnapshot extends BookmarkState {
	/** False during server rendering and hydration, before storage is read. */
	ready: boolean
	customCategories: readonly string[]
	/** Storage failed to read (the message was also shown as a toast). */
	error?: string
}

export interface HistorySnapshot {
	ready: boolean
	history: WatchHistory
	error?: string
}

const SERVER_BOOKMARKS: BookmarkSnapshot = Object.freeze({ ...EMPTY_BOOKMARK_STATE, ready: false, customCategories: [] })
const SERVER_HISTORY: HistorySnapshot = Object.freeze({ ready: false, history: {} })

interface Store<T> {
	subscribe: (listener: () => void) => () => void
	get: () => T
	getServer: () => T
	/** What React shows: `get()`, or the server's snapshot until the task after a hydrating read (see hydratedWithServerSnapshot). */
	shown: () => T
	/** React's subscription to `shown`; told of every change, and when a hydrating read's task is over. */
	subscribeShown: (listener: () => void) => () => void
	notifyShown: () => void
	set: (next: T) => void
	/** Re-read from storage on next access and tell subscribers. */
	invalidate: () => void
	keys: readonly DeviceKey[]
}

const stores: Array<Store<unknown>> = []
let storageListening = false
/** The account sync (app/stores/sync.ts) fires this on window after writing merged data to the device, so stores and pages re-read it. */
export const LIBRARY_SYNCED_EVENT = 'willow:library-synced'

function listenToOtherTabs() {
	if (storageListening || typeof window === 'undefined') return
	storageListening = true
	const timers = new Map<Store<unknown>, ReturnType<typeof setTimeout>>()
	window.addEventListener(LIBRARY_SYNCED_EVENT, () => {
		for (const store of stores) store.invalidate()
	})
	window.addEventListener('storage', (event) => {
		if (!isDeviceStorageEvent(event)) return
		for (const store of stores) {
			if (event.key !== null && !store.keys.includes(event.key as DeviceKey)) continue
			// One change writes several keys; refresh once per burst.
			if (timers.has(store)) continue
			timers.set(
				store,
				setTimeout(() => {
					timers.delete(store)
					store.invalidate()
				}, 10),
			)
		}
	})
}

/**
 * After React hydrates a component with the server's snapshot, it shows the device's one task
 * later, not in the same task. React hydrates with `getServerSnapshot`; useSyncExternalStore then
 * compares that with `getSnapshot` in hydration's effects and, when they differ (always, once the
 * device is read: `ready`), renders again at once, in hydration's task. On /bookmarks that made the
 * task after hydration the page's longest (issue 27). So `shown()` (React's `getSnapshot`) gives
 * the server's snapshot until the task after the last hydrating read, then tells React's
 * subscribers. A component mounted in the browser (not hydrated) reads no server snapshot and sees
 * the device at once; code outside React (the sync, the player) reads `get()`.
 */
let hydrating = false
let reopening: Promise<void> | undefined
function hydratedWithServerSnapshot() {
	hydrating = true
	reopening ??= inNextTask(() => {
		reopening = undefined
		hydrating = false
		for (const store of stores) store.notifyShown()
	})
}

function createStore<T>(keys: readonly DeviceKey[], load: () => T, server: T): Store<T> {
	let snapshot: T | undefined
	const listeners = new Set<() => void>()
	const shownListeners = new Set<() => void>()
	const notify = () => {
		for (const listener of listeners) listener()
		for (const listener of shownListeners) listener()
	}
	const store: Store<T> = {
		keys,
		subscribe(listener) {
			listeners.add(listener)
			listenToOtherTabs()
			return () => listeners.delete(listener)
		},
		subscribeShown(listener) {
			shownListeners.add(listener)
			listenToOtherTabs()
			return () => shownListeners.delete(listener)
		},
		get() {
			if (typeof window === 'undefined') return server
			snapshot ??= load()
			return snapshot
		},
		getServer() {
			if (typeof window !== 'undefined') hydratedWithServerSnapshot()
			return server
		},
		shown: () => (hydrating ? server : store.get()),
		notifyShown: () => {
			for (const listener of shownListeners) listener()
		},
		set(next) {
			snapshot = next
			notify()
		},
		invalidate() {
			snapshot = undefined
			notify()
		},
	}
	stores.push(store as Store<unknown>)
	return store
}

function readOr<T>(read: () => T | undefined, fallback: T): { value: T; error?: string } {
	try {
		return { value: read() ?? fallback }
	} catch (error) {
		if (error instanceof DeviceStorageError) return { value: fallback, error: error.message }
		throw error
	}
}

const bookmarkStore = createStore<BookmarkSnapshot>(
	['bookmarks', 'bookmark-tombstones', 'bookmark-categories'],
	() => {
		const bookmarks = readOr(() => readDevice('bookmarks'), [] as Bookmark[])
		const tombstones = readOr(() => readDevice('bookmark-tombstones'), [])
		const customCategories = readOr(() => readDevice('bookmark-categories'), [] as string[])
		const error = bookmarks.error ?? tombstones.error ?? customCategories.error
		return {
			ready: true,
			bookmarks: bookmarks.value,
			tombstones: tombstones.value,
			customCategories: customCategories.value,
			...(error ? { error } : {}),
		}
	},
	SERVER_BOOKMARKS,
)

const historyStore = createStore<HistorySnapshot>(
	['media-tracking'],
	() => {
		const history = readOr(() => readDevice('media-tracking'), {} as WatchHistory)
		return { ready: true, history: history.value, ...(history.error ? { error: history.error } : {}) }
	},
	SERVER_HISTORY,
)

export const getBookmarkSnapshot = () => bookmarkStore.get()
/** What useBookmarks hydrates with, shows, and subscribes with (exported for their test). */
export const getServerBookmarkSnapshot = () => bookmarkStore.getServer()
export const getShownBookmarkSnapshot = () => bookmarkStore.shown()
export const subscribeShownBookmarks = bookmarkStore.subscribeShown
export const getHistorySnapshot = () => historyStore.get()
export const subscribeBookmarks = bookmarkStore.subscribe
export const subscribeHistory = historyStore.subscribe
/** Forget what was read (after another module rewrote the keys, e.g. a migration). */
export function reloadLibrary() {
	bookmarkStore.invalidate()
	historyStore.invalidate()
}

function lockWith(time: number) {
	let lock: Record<string, unknown> = {}
	try {
		lock = readDevice('local-lock') ?? {}
	} catch {
		// Reading failed (already reported); write a fresh record.
	}
	return { ...lock, valid: true, lastBookmarkUpdateTime: time }
}

/** Persists a bookmark state; false (storage unchanged, failure reported) when the browser refuses. */
function commitBookmarks(next: BookmarkState, customCategories: readonly string[], time: number): boolean {
	const current = bookmarkStore.get()
	try {
		writeDeviceBatch({
			...(next.bookmarks !== current.bookmarks ? { bookmarks: next.bookmarks } : {}),
			...(next.tombstones !== current.tombstones ? { 'bookmark-tombstones': next.tombstones } : {}),
			...(customCategories !== current.customCategories ? { 'bookmark-categories': [...customCategories] } : {}),
			lastBookmarkUpdateTime: time,
			'local-lock': lockWith(time),
		})
	} catch (error) {
		if (error instanceof DeviceStorageError) return false
		throw error
	}
	const { error: _readError, ...rest } = current
	bookmarkStore.set({ ...rest, bookmarks: next.bookmarks, tombstones: next.tombstones, customCategories })
	return true
}

const label = (media: { title?: string }) => media.title?.trim() || 'this title'

/** Adds to a list (default watchlist): toast and analytics only when it is new. Returns whether storage accepted it. */
export function addToBookmarks(media: BookmarkMedia, category: string = DEFAULT_BOOKMARK_CATEGORY, now: number = Date.now()) {
	const current = bookmarkStore.get()
	const isNew = !hasBookmark(current.bookmarks, media.mediaId, category)
	const next = addBookmark(current, media, category, now)
	if (!commitBookmarks(next, current.customCategories, now)) return false
	if (isNew) {
		toast.success(`Added ${label(media)} to ${category}`)
		track('bookmark_add', { mediaId: media.mediaId, mediaType: media.mediaType, category })
	}
	return true
}

export function removeFromBookmarks(
	media: { mediaId: number; title?: string; mediaType?: string },
	category: string = DEFAULT_BOOKMARK_CATEGORY,
	now: number = Date.now(),
) {
	const current = bookmarkStore.get()
	const next = removeBookmark(current, media.mediaId, category, now)
	if (next === current) return true
	if (!commitBookmarks(next, current.customCategories, now)) return false
	toast.message(`Removed ${label(media)} from ${category}`)
	track('bookmark_remove', { mediaId: media.mediaId, mediaType: media.mediaType ?? null, category })
	return true
}

export function toggleInBookmarks(media: BookmarkMedia, category: string = DEFAULT_BOOKMARK_CATEGORY, now: number = Date.now()) {
	return hasBookmark(bookmarkStore.get().bookmarks, media.mediaId, category)
		? removeFromBookmarks(media, category, now)
		: addToBookmarks(media, category, now)
}

export type CategoryResult = { ok: true; name: string } | { ok: false; reason: 'empty' | 'exists' | 'storage' }

/** Adds a custom list (product.md §5: trimmed, empty ignored). */
export function addBookmarkCategory(name: string): CategoryResult {
	const normal = normaliseCategoryName(name)
	if (!normal) return { ok: false, reason: 'empty' }
	const current = bookmarkStore.get()
	const next = addCustomCategory(current.customCategories, normal)
	const taken = allCategories(current.bookmarks, current.customCategories).some((c) => c.toLowerCase() === normal.toLowerCase())
	if (next === current.customCategories || taken) return { ok: false, reason: 'exists' }
	try {
		writeDeviceBatch({ 'bookmark-categories': [...next] })
	} catch (error) {
		if (error instanceof DeviceStorageError) return { ok: false, reason: 'storage' }
		throw error
	}
	bookmarkStore.set({ ...current, customCategories: next })
	track('bookmark_category_add', {})
	return { ok: true, name: normal }
}

/** Deletes a custom list and its bookmarks (each remembered as a removal). Default lists cannot be deleted. */
export function deleteBookmarkCategory(name: string, now: number = Date.now()) {
	if (isDefaultCategory(name)) return false
	const current = bookmarkStore.get()
	const next = removeCategoryBookmarks(current, name, now)
	const customCategories = current.customCategories.filter((c) => c !== name)
	if (!commitBookmarks(next, customCategories, now)) return false
	track('bookmark_category_delete', {})
	return true
}

/**
 * Replaces the whole bookmark state (an import, or a merge from the account
 * sync). No toasts. lastBookmarkUpdateTime becomes `changedAt` when given (an
 * import passes now, so the sync sends it), else the latest change in the state.
 */
export function replaceBookmarkState(next: BookmarkState, customCategories?: readonly string[], changedAt?: number) {
	const current = bookmarkStore.get()
	return commitBookmarks(next, customCategories ?? current.customCategories, changedAt ?? latestBookmarkChange(next))
}

function commitHistory(history: WatchHistory, time: number): boolean {
	try {
		writeDeviceBatch({ 'media-tracking': history, lastWatchHistoryUpdateTime: time })
	} catch (error) {
		if (error instanceof DeviceStorageError) return false
		throw error
	}
	historyStore.set({ ready: true, history })
	return true
}

/** Saves a movie's progress (the player calls this). */
export function saveMovieProgress(media: WatchedMedia, progress: Progress, now: number = Date.now()) {
	return commitHistory(recordMovieProgress(historyStore.get().history, media, progress, now), now)
}

/** Saves an episode's progress under s{season}e{episode}. */
export function saveEpisodeProgress(media: WatchedMedia, episode: WatchedEpisode, progress: Progress, now: number = Date.now()) {
	return commitHistory(recordEpisodeProgress(historyStore.get().history, media, episode, progress, now), now)
}

/** Removes a title from the watch history; sync removes it from the visitor's other devices too. */
export function removeFromHistory(mediaId: number, now: number = Date.now()) {
	const history = historyStore.get().history
	const item = history[String(mediaId)]
	if (!item) return true
	if (!commitHistory(removeHistoryItem(history, mediaId, now), now)) return false
	toast.message(`Removed ${label(item)} from your history`)
	track('history_remove', { mediaId, mediaType: item.type === 'show' ? 'tv' : 'movie' })
	return true
}

/** Replaces the whole history (an import, or a merge from the account sync); `changedAt` as for bookmarks. */
export function replaceWatchHistory(history: WatchHistory, changedAt?: number) {
	return commitHistory(history, changedAt ?? latestHistoryChange(history))
}

// ---- React hooks ----

// Which lists each title is in, computed once per bookmark list.
const membershipCache = new WeakMap<readonly Bookmark[], Map<number, string[]>>()
function membershipOf(bookmarks: readonly Bookmark[]) {
	let map = membershipCache.get(bookmarks)
	if (!map) membershipCache.set(bookmarks, (map = bookmarkMembership(bookmarks)))
	return map
}

const NO_LISTS: readonly string[] = Object.freeze([])

/** Bookmarks with their actions; re-renders on changes here and in other tabs. */
export function useBookmarks() {
	const snapshot = useSyncExternalStore(bookmarkStore.subscribeShown, bookmarkStore.shown, bookmarkStore.getServer)
	const categories = useMemo(
		() => allCategories(snapshot.bookmarks, snapshot.customCategories),
		[snapshot.bookmarks, snapshot.customCategories],
	)
	const listsOf = useCallback(
		(mediaId: number): readonly string[] => membershipOf(snapshot.bookmarks).get(mediaId) ?? NO_LISTS,
		[snapshot.bookmarks],
	)
	return {
		...snapshot,
		categories,
		listsOf,
		add: addToBookmarks,
		remove: removeFromBookmarks,
		toggle: toggleInBookmarks,
		addCategory: addBookmarkCategory,
		deleteCategory: deleteBookmarkCategory,
	}
}

/** Watch history with the derived lists the pages show. */
export function useWatchHistory() {
	const snapshot = useSyncExternalStore(historyStore.subscribeShown, historyStore.shown, historyStore.getServer)
	const recent = useMemo(() => historyByRecent(snapshot.history), [snapshot.history])
	const resume = useMemo(() => continueWatching(snapshot.history), [snapshot.history])
	return { ...snapshot, recent, continueWatching: resume }
}
