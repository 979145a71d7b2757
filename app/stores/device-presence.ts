import { useSyncExternalStore } from 'react'
import type { DeviceKey } from './device-storage.ts'
import { deviceHoldsAny, isDeviceStorageEvent, onDeviceWrite } from './device-storage-core.ts'

// Whether this device holds something, without loading zod and the library
// schemas: code that reads validated data (the library boot, Continue Watching)
// loads only on devices that have such data, so a first visit runs none of it
// (issue 27: nothing a visitor did not ask for runs after the load).

/**
 * The keys that mean the device has a library, settings or an account to look
 * after: the load-time migrations and the account sync run only when one is
 * stored (or when the visitor is signed in).
 */
export const LIBRARY_KEYS = [
	'bookmarks',
	'media-bookmarks',
	'bookmark-tombstones',
	'bookmark-categories',
	'media-tracking',
	'settings',
	'sync-outbox',
	'user-info',
	'local-lock',
] as const satisfies readonly DeviceKey[]

function subscribe(onChange: () => void) {
	const offWrite = onDeviceWrite(onChange)
	const onStorage = (event: StorageEvent) => {
		if (isDeviceStorageEvent(event)) onChange()
	}
	window.addEventListener('storage', onStorage)
	return () => {
		offWrite()
		window.removeEventListener('storage', onStorage)
	}
}

/** Whether any of the keys is stored on this device (storage that refuses counts as yes); false on the server and while hydrating. */
export function useDeviceHolds(keys: readonly DeviceKey[]): boolean {
	return useSyncExternalStore(
		subscribe,
		() => deviceHoldsAny(keys),
		() => false,
	)
}
