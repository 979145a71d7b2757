import { useEffect } from 'react'
import { convertLegacyBookmarks, isBadBookmarkData, mergeMigratedBookmarks, stripLegacyHistory } from '#app/lib/library/migrate.ts'
import {
	DEVICE_STORAGE_VERSION,
	DeviceStorageError,
	decodeStored,
	onDeviceStorageError,
	readDevice,
	readDeviceRaw,
	removeDevice,
	writeDeviceBatch,
} from './device-storage.ts'
import { reloadLibrary } from './library.ts'
import { toast } from './toast.ts'

export const BAD_BOOKMARKS_MESSAGE = 'Cleared Bad Bookmark Data'
export const MIGRATING_MESSAGE = 'Migrating your bookmarks to support new features and syncing...'
export const MIGRATED_MESSAGE = 'Your bookmarks have been upgraded and new features are now available for you!'
export const MIGRATION_FAILED_MESSAGE = 'Error'
export const MIGRATED_TOAST_MS = 10_000

/**
 * Load-time checks and migrations of the stored library (product.md §4), in order:
 * 1. bookmarks that are not a list are deleted ("Cleared Bad Bookmark Data");
 * 2. legacy `media-bookmarks` become watchlist bookmarks and the old key is
 *    removed (two toasts, the second for 10 s), or "Error";
 * 3. once per device (storage version 0 → 1): legacy watch-history fields
 *    are stripped.
 * A storage failure stops the run (it is reported by the storage module).
 */
export function runLibraryMigrations(now: number = Date.now()) {
	try {
		const rawBookmarks = readDeviceRaw('bookmarks')
		if (rawBookmarks !== null && isBadBookmarkData(decodeStored(rawBookmarks))) {
			removeDevice('bookmarks')
			toast.warning(BAD_BOOKMARKS_MESSAGE)
		}

		const legacy = readDeviceRaw('media-bookmarks')
		if (legacy !== null) {
			toast.info(MIGRATING_MESSAGE)
			try {
				const migrated = convertLegacyBookmarks(JSON.parse(legacy), now)
				const bookmarks = mergeMigratedBookmarks(readDevice('bookmarks') ?? [], migrated)
				writeDeviceBatch({ bookmarks, 'media-bookmarks': null, lastBookmarkUpdateTime: now })
				toast.success(MIGRATED_MESSAGE, { duration: MIGRATED_TOAST_MS })
			} catch (error) {
				// A storage failure has its own toast; anything else is product.md's "Error".
				if (!(error instanceof DeviceStorageError)) toast.error(MIGRATION_FAILED_MESSAGE)
			}
		}

		const version = readDevice('device-storage-version') ?? 0
		if (version < 1) {
			const rawHistory = readDeviceRaw('media-tracking')
			const history = rawHistory === null ? null : stripLegacyHistory(decodeStored(rawHistory))
			writeDeviceBatch({ ...(history ? { 'media-tracking': history } : {}), 'device-storage-version': DEVICE_STORAGE_VERSION })
		}
	} catch (error) {
		if (!(error instanceof DeviceStorageError)) throw error
	} finally {
		reloadLibrary()
	}
}

let booted = false

/** Mounted once from the root: storage failures become toasts, then the load-time migrations run. */
export function useLibraryBoot() {
	useEffect(() => {
		const unsubscribe = onDeviceStorageError((error) => toast.error(error.message))
		if (!booted) {
			booted = true
			runLibraryMigrations()
		}
		return unsubscribe
	}, [])
}
