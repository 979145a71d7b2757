import { toast } from './toast.ts'
import { capBookmarkState } from '#app/lib/library/bookmarks.ts'
import { pruneHistoryRemovals } from '#app/lib/library/history.ts'
import type { WatchHistory } from '#app/lib/library/types.ts'
import { bookmarkStateUpdatedAt, mergeBookmarkStates, type BookmarkState } from '#app/lib/sync/bookmarks.ts'
import { emptyOutbox, retryDelayMs, type SyncOutbox } from '#app/lib/sync/outbox.ts'
import { emptySettingsDocument, mergeSettings, type SettingsDocument } from '#app/lib/sync/settings.ts'
import { mergeWatchHistories, watchHistoryUpdatedAt } from '#app/lib/sync/watch-history.ts'
import { clearAccountDevice, fetchMe, storeUserInfo, storedUserInfo, type AccountUser } from './account.ts'
import { apiRequest, UnauthorizedError } from '../utils/api-client.ts'
import { readDevice, readDeviceRaw, writeDevice, writeDeviceBatch, type DeviceKey } from './device-storage.ts'
import { LIBRARY_SYNCED_EVENT, subscribeBookmarks, subscribeHistory } from './library.ts'

// Account sync in the browser (product.md §4, §7, §8). The device library is the
// outbox: every change carries its time, the sync-outbox key remembers what
// the account acknowledged, and anything newer is sent on the next flush, on
// app start, when the browser comes back online, or every 25 s while playing.
// The server merges with the same functions (app/lib/sync), so retries and
// concurrent devices are harmless.

export const SYNC_MESSAGES = {
	bookmarksOk: 'Bookmarks synced successfully.',
	bookmarksFailed: 'Failed to sync bookmarks, you may not be connected to internet.',
	historyOk: 'Watch progress and history synced successfully.',
	historyFailed: 'Failed to sync watch progress.',
	userFailed: 'Failed to fetch user data.',
	tokenOk: 'Your 4k token has been synced to your account.',
	tokenFailed: 'Failed to sync 4k token.',
} as const

export const PLAYBACK_SYNC_INTERVAL_MS = 25_000
/** How often a signed-in page looks for unsent changes (a cheap read of two numbers). */
export const OUTBOX_CHECK_INTERVAL_MS = 5_000
/** How often a visible signed-in page asks whether another device wrote (a few bytes). */
export const REMOTE_CHECK_INTERVAL_MS = 15_000
const LOCAL_CHANGE_DELAY_MS = 1_000

export const SETTINGS_CHANGED_EVENT = 'willow:settings-changed'

function safeRead<T>(read: () => T | undefined): T | undefined {
	try {
		return read()
	} catch {
		return undefined
	}
}

// ---- the device side -------------------------------------------------------

export function readLocalBookmarks(): BookmarkState {
	return { bookmarks: safeRead(() => readDevice('bookmarks')) ?? [], tombstones: safeRead(() => readDevice('bookmark-tombstones')) ?? [] }
}

export function readLocalHistory(): WatchHistory {
	return safeRead(() => readDevice('media-tracking')) ?? {}
}

export function readLocalSettings(): SettingsDocument {
	return safeRead(() => readDevice('settings')) ?? emptySettingsDocument()
}

function settingsUpdatedAt(document: SettingsDocument) {
	return Math.max(0, ...Object.values(document.changedAt))
}

function readOutbox(username: string): SyncOutbox {
	const stored = safeRead(() => readDevice('sync-outbox'))
	// Another account's acknowledgements say nothing about this one.
	return stored && stored.username === username ? stored : emptyOutbox(username)
}

function updateOutbox(username: string, change: Partial<SyncOutbox>) {
	try {
		writeDevice('sync-outbox', { ...readOutbox(username), ...change, username })
	} catch {
		// Without storage the outbox lives only as long as the page; the next start syncs everything anyway.
	}
}

function announce(kind: 'bookmarks' | 'history' | 'settings') {
	if (typeof window === 'undefined') return
	window.dispatchEvent(new CustomEvent(LIBRARY_SYNCED_EVENT, { detail: { kind } }))
	if (kind === 'settings') window.dispatchEvent(new CustomEvent(SETTINGS_CHANGED_EVENT))
}

/** Whether the device holds changes the account has not acknowledged. */
export function pendingChanges(username: string) {
	const outbox = readOutbox(username)
	const bookmarksAt = safeRead(() => readDevice('lastBookmarkUpdateTime')) ?? bookmarkStateUpdatedAt(readLocalBookmarks())
	const historyAt = safeRead(() => readDevice('lastWatchHistoryUpdateTime')) ?? watchHistoryUpdatedAt(readLocalHistory())
	return {
		bookmarks: bookmarksAt > outbox.bookmarksAckedAt,
		history: historyAt > outbox.historyAckedAt,
		settings: settingsUpdatedAt(readLocalSettings()) > outbox.settingsAckedAt,
	}
}

/**
 * When the device last synced with a different account, its library holds
 * that account's data: only what changed after that account signed out (a
 * visitor's edits) may go to the account signing in now. Returns whether
 * anything was dropped.
 */
export function adoptDeviceForAccount(username: string): boolean {
	const stored = safeRead(() => readDevice('sync-outbox'))
	if (!stored?.username || stored.username === username) return false
	const cutoff = stored.loggedOutAt ?? Number.POSITIVE_INFINITY
	const bookmarks = readLocalBookmarks()
	const history = readLocalHistory()
	const keptHistory: WatchHistory = {}
	for (const [key, item] of Object.entries(history)) {
		if (item.updatedAt <= cutoff) continue
		const episodes = item.episodes
			? Object.fromEntries(Object.entries(item.episodes).filter(([, episode]) => episode.updatedAt > cutoff))
			: undefined
		keptHistory[key] =
			episodes && Object.keys(episodes).length > 0 ? { ...item, episodes } : (({ episodes: _dropped, ...rest }) => rest)(item)
	}
	const kept: BookmarkState = {
		bookmarks: bookmarks.bookmarks.filter((b) => b.addedAt > cutoff),
		tombstones: bookmarks.tombstones.filter((t) => t.deletedAt > cutoff),
	}
	writeDeviceBatch({
		bookmarks: kept.bookmarks,
		'bookmark-tombstones': kept.tombstones,
		lastBookmarkUpdateTime: bookmarkStateUpdatedAt(kept),
		'media-tracking': keptHistory,
		lastWatchHistoryUpdateTime: watchHistoryUpdatedAt(keptHistory),
		'sync-outbox': emptyOutbox(username),
	})
	announce('bookmarks')
	announce('history')
	return true
}

// ---- one sync per kind ------------------------------------------------------

const inFlight = new Map<string, Promise<void>>()

/** One run per kind at a time; a call during a run waits for it and then runs again (its changes may be newer). */
function singleFlight(kind: string, run: () => Promise<void>): Promise<void> {
	const previous = inFlight.get(kind) ?? Promise.resolve()
	const next = previous.catch(() => {}).then(run)
	inFlight.set(kind, next)
	void next
		.finally(() => {
			if (inFlight.get(kind) === next) inFlight.delete(kind)
		})
		.catch(() => {})
	return next
}

/** The stored text of some keys, to tell whether the library changed while a request was out. */
function rawSnapshot(keys: DeviceKey[]) {
	return keys.map((key) => safeRead(() => readDeviceRaw(key)) ?? '').join('\u0000')
}

/**
 * What an answer acknowledges. An edit made while the request was out can
 * carry the same millisecond as the last one sent (progress saved every
 * second, a fast device): then the acknowledgement stays just below the
 * library's latest change, so that edit still counts as unsent.
 */
function ackedAt(acknowledged: number, latestLocal: number, changedMeanwhile: boolean) {
	return changedMeanwhile ? Math.min(acknowledged, latestLocal - 1) : acknowledged
}

/** Sends the device's bookmarks and tombstones; the merged answer (plus anything changed meanwhile) is saved locally. */
export function syncBookmarks(username: string) {
	return singleFlight('bookmarks', async () => {
		// Capped before it goes: a library stored over the caps (by an older version) would be refused for good.
		const local = capBookmarkState(readLocalBookmarks())
		const sent = rawSnapshot(['bookmarks', 'bookmark-tombstones'])
		const server = await apiRequest<BookmarkState & { updatedAt: number; revision: number }>('/api/sync/bookmarks', {
			// The whole library goes out; only what it lacks comes back (merging either gives the same library).
			body: { bookmarks: local.bookmarks, tombstones: local.tombstones, updatedAt: bookmarkStateUpdatedAt(local), changesOnly: true },
		})
		// Re-read: the user may have changed something while the request was out.
		const changedMeanwhile = rawSnapshot(['bookmarks', 'bookmark-tombstones']) !== sent
		// The caps again after every merge: the answer may hold removals this device had dropped.
		const merged = capBookmarkState(
			mergeBookmarkStates({ bookmarks: server.bookmarks, tombstones: server.tombstones }, readLocalBookmarks()),
		)
		const updatedAt = bookmarkStateUpdatedAt(merged)
		writeDeviceBatch({ bookmarks: merged.bookmarks, 'bookmark-tombstones': merged.tombstones, lastBookmarkUpdateTime: updatedAt })
		updateOutbox(username, {
			bookmarksAckedAt: ackedAt(Math.max(server.updatedAt, bookmarkStateUpdatedAt(local)), updatedAt, changedMeanwhile),
			bookmarksRev: server.revision,
		})
		announce('bookmarks')
	})
}

/** Sends the device's watch history; merged per item and per episode. */
export function syncWatchHistory(username: string) {
	return singleFlight('history', async () => {
		const local = readLocalHistory()
		const sent = rawSnapshot(['media-tracking'])
		const server = await apiRequest<{ items: WatchHistory; updatedAt: number; revision: number }>('/api/sync/watch-history', {
			body: { items: local, updatedAt: watchHistoryUpdatedAt(local), changesOnly: true },
		})
		const changedMeanwhile = rawSnapshot(['media-tracking']) !== sent
		const merged = pruneHistoryRemovals(mergeWatchHistories(server.items, readLocalHistory()))
		const updatedAt = watchHistoryUpdatedAt(merged)
		writeDeviceBatch({ 'media-tracking': merged, lastWatchHistoryUpdateTime: updatedAt })
		updateOutbox(username, {
			historyAckedAt: ackedAt(Math.max(server.updatedAt, watchHistoryUpdatedAt(local)), updatedAt, changedMeanwhile),
			historyRev: server.revision,
		})
		announce('history')
	})
}

/** Sends the device's settings; each field keeps its latest change from any device. */
export function syncSettings(username: string) {
	return singleFlight('settings', async () => {
		const local = readLocalSettings()
		const answer = await apiRequest<{ settings: SettingsDocument; revision: number }>('/api/sync/settings', { body: { settings: local } })
		const merged = mergeSettings(answer.settings, readLocalSettings())
		writeDevice('settings', merged)
		updateOutbox(username, { settingsAckedAt: settingsUpdatedAt(local), settingsRev: answer.revision })
		announce('settings')
	})
}

/** A 4K token is synced only when it starts with ey and is over 50 characters (product.md §5). */
export function isSyncableToken(token: string | undefined | null): token is string {
	return typeof token === 'string' && token.startsWith('ey') && token.length > 50
}

/**
 * Pushes the device's 4K token when it has not been synced yet; a device
 * without one takes the account's, so the token follows the user.
 */
export async function syncFourKToken(user: AccountUser, options: { toasts: boolean }) {
	const local = safeRead(() => readDevice('4kToken'))
	const synced = safeRead(() => readDevice('4kTokenSynced')) ?? false
	if (isSyncableToken(local) && (!synced || local !== user['4k_token'])) {
		try {
			await apiRequest('/api/sync/4k_token', { body: { token: local } })
			writeDevice('4kTokenSynced', true)
			if (options.toasts) toast.success(SYNC_MESSAGES.tokenOk)
		} catch (error) {
			if (error instanceof UnauthorizedError) throw error
			if (options.toasts) toast.error(SYNC_MESSAGES.tokenFailed)
		}
		return
	}
	if (!local && isSyncableToken(user['4k_token'])) {
		try {
			writeDeviceBatch({ '4kToken': user['4k_token'], '4kTokenSynced': true })
		} catch {
			// The token stays on the account; this device just does not keep a copy.
		}
	}
}

// ---- app start, background flushes and the logout routine -----------------

let onLoggedOut: (() => void) | undefined

/** The routine of product.md §8 for an Unauthorized answer: forget the account here and go to /login. */
function handleUnauthorized() {
	clearAccountDevice()
	onLoggedOut?.()
}

export interface StartupSyncOptions {
	/** Called when the session turned out to be gone (navigate to /login, revalidate). */
	onLoggedOut?: () => void
	/** Toasts of product.md §8; on by default. */
	toasts?: boolean
}

/**
 * Sync on app start for a signed-in user (product.md §4): fetch user, sync
 * bookmarks, migrate local watch data once (the first sync sends it all),
 * sync watch history, push the 4K token; then settings.
 */
export async function runStartupSync(options: StartupSyncOptions = {}) {
	onLoggedOut = options.onLoggedOut
	const toasts = options.toasts ?? true
	let user: AccountUser
	try {
		user = (await fetchMe()).user
		storeUserInfo(user)
		adoptDeviceForAccount(user.username)
		// Signed in again: a sign-out time from before no longer describes this library.
		if (readOutbox(user.username).loggedOutAt !== undefined) updateOutbox(user.username, { loggedOutAt: undefined })
	} catch (error) {
		if (error instanceof UnauthorizedError) handleUnauthorized()
		else if (toasts) toast.error(SYNC_MESSAGES.userFailed)
		return { ok: false as const }
	}
	let ok = true
	const step = async (run: () => Promise<void>, success: string | null, failure: string) => {
		try {
			await run()
			if (toasts && success) toast.success(success)
		} catch (error) {
			if (error instanceof UnauthorizedError) throw error
			ok = false
			if (toasts) toast.error(failure)
		}
	}
	try {
		await step(() => syncBookmarks(user.username), SYNC_MESSAGES.bookmarksOk, SYNC_MESSAGES.bookmarksFailed)
		await step(() => syncWatchHistory(user.username), SYNC_MESSAGES.historyOk, SYNC_MESSAGES.historyFailed)
		await syncFourKToken(user, { toasts })
		await step(() => syncSettings(user.username), null, 'Failed to sync settings.')
	} catch (error) {
		if (error instanceof UnauthorizedError) {
			handleUnauthorized()
			return { ok: false as const }
		}
		throw error
	}
	updateOutbox(
		user.username,
		ok ? { failures: 0, lastFailureAt: undefined } : { failures: readOutbox(user.username).failures + 1, lastFailureAt: Date.now() },
	)
	return { ok, user }
}

/** The last flush asked for (flushOutbox sends one at a time). */
let flushing: Promise<unknown> = Promise.resolve()

/**
 * Sends whatever is pending, quietly (no success toasts). Backs off after
 * failures; a 401 runs the logout routine. Returns true when nothing is left.
 * One at a time, in turn: a flush asked for while another is out starts when it is
 * back, and sends only what is still pending then. Side by side, both requests
 * carried the same changes (on a slow connection the 5 s check and the end of
 * playback both did).
 */
export function flushOutbox(
	kinds: Array<'bookmarks' | 'history' | 'settings'> = ['bookmarks', 'history', 'settings'],
	options: { checkRemote?: boolean } = {},
	now?: number,
): Promise<boolean> {
	const flush = flushing.then(() => flushOnce(kinds, options, now ?? Date.now()))
	flushing = flush.catch(() => {})
	return flush
}

async function flushOnce(kinds: Array<'bookmarks' | 'history' | 'settings'>, options: { checkRemote?: boolean }, now: number) {
	const info = storedUserInfo()
	if (!info) return true
	const username = info.username
	const outbox = readOutbox(username)
	if (outbox.lastFailureAt && now - outbox.lastFailureAt < retryDelayMs(outbox.failures)) return false
	const pending = pendingChanges(username)
	try {
		if (options.checkRemote) {
			// Another device wrote since this one last merged: pull (a sync sends and receives).
			const { revisions } = await apiRequest<{ revisions: { bookmarks: number; history: number; settings: number } }>(
				'/api/users/me/sync-state',
			)
			if (revisions.bookmarks !== outbox.bookmarksRev) pending.bookmarks = true
			if (revisions.history !== outbox.historyRev) pending.history = true
			if (revisions.settings !== outbox.settingsRev) pending.settings = true
		}
		if (kinds.includes('bookmarks') && pending.bookmarks) await syncBookmarks(username)
		if (kinds.includes('history') && pending.history) await syncWatchHistory(username)
		if (kinds.includes('settings') && pending.settings) await syncSettings(username)
		if (outbox.failures > 0) updateOutbox(username, { failures: 0, lastFailureAt: undefined })
		return true
	} catch (error) {
		if (error instanceof UnauthorizedError) {
			handleUnauthorized()
			return false
		}
		updateOutbox(username, { failures: outbox.failures + 1, lastFailureAt: Date.now() })
		return false
	}
}

/** Players currently playing (startPlaybackSync); while any is, history goes out on their 25 s cadence. */
let activePlaybacks = 0

/**
 * While a signed-in page is open: look for unsent changes every few seconds,
 * and (while the tab is visible, when it is shown again, and when the browser
 * is back online) ask whether another device wrote. Returns the stop function.
 */
export function startOutboxWatcher(intervalMs = OUTBOX_CHECK_INTERVAL_MS, remoteIntervalMs = REMOTE_CHECK_INTERVAL_MS) {
	let stopped = false
	let lastRemoteCheck = Date.now()
	const check = (checkRemote = false) => {
		if (stopped) return
		if (checkRemote) lastRemoteCheck = Date.now()
		// While playing, progress changes every second: the playback sync sends it every 25 s instead.
		void flushOutbox(activePlaybacks > 0 ? ['bookmarks', 'settings'] : undefined, { checkRemote }).catch(() => {})
	}
	const tick = () => check(document.visibilityState === 'visible' && Date.now() - lastRemoteCheck >= remoteIntervalMs)
	const onVisibility = () => {
		if (document.visibilityState === 'visible') check(true)
	}
	const onOnline = () => check(true)
	const timer = window.setInterval(tick, intervalMs)
	// A change in this tab's library goes out about a second later (several quick edits, one request).
	let soon: ReturnType<typeof setTimeout> | undefined
	const onLocalChange = () => {
		clearTimeout(soon)
		soon = setTimeout(() => check(false), LOCAL_CHANGE_DELAY_MS)
	}
	const unsubscribeBookmarks = subscribeBookmarks(onLocalChange)
	const unsubscribeHistory = subscribeHistory(onLocalChange)
	window.addEventListener('online', onOnline)
	document.addEventListener('visibilitychange', onVisibility)
	return () => {
		stopped = true
		window.clearInterval(timer)
		clearTimeout(soon)
		unsubscribeBookmarks()
		unsubscribeHistory()
		window.removeEventListener('online', onOnline)
		document.removeEventListener('visibilitychange', onVisibility)
	}
}

/**
 * The periodic check while playing (product.md §7, §9: every 25 s for a logged-in
 * user who is playing): keeps watch progress synced. The player calls this
 * when playback starts and the returned function when it stops.
 */
export function startPlaybackSync(intervalMs = PLAYBACK_SYNC_INTERVAL_MS) {
	activePlaybacks += 1
	const timer = window.setInterval(() => {
		if (storedUserInfo()) void flushOutbox(['history']).catch(() => {})
	}, intervalMs)
	let stopped = false
	return () => {
		if (stopped) return
		stopped = true
		activePlaybacks -= 1
		window.clearInterval(timer)
		// One last send of the progress reached.
		if (storedUserInfo()) void flushOutbox(['history']).catch(() => {})
	}
}
