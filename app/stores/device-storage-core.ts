import type { DeviceKey, DeviceValue } from './device-storage.ts'

/**
 * The schema-free half of device storage (app/stores/device-storage.ts owns
 * the keys and their zod schemas and re-exports all of this): raw access,
 * writes and the failure reporting. Code in every page's first load (the
 * theme, the error screen) imports this module instead, so zod and the
 * library schemas load only with the features that read validated data.
 *
 * Failures of the storage itself (disabled storage, quota, private mode) are
 * reported to the listeners registered with `onDeviceStorageError` (the app
 * shows them as toasts) and thrown as DeviceStorageError. A failed read clears
 * the lock record; a failed write leaves every key as it was.
 */

export const LOCK_KEY = 'local-lock'

export const READ_FAILED_MESSAGE = 'Failed to read from localStorage, clear all data and try again.'
export const WRITE_FAILED_MESSAGE = 'Failed to update localStorage, clear all data and try again.'

export class DeviceStorageError extends Error {
	constructor(
		message: string,
		readonly kind: 'read' | 'write',
	) {
		super(message)
		this.name = 'DeviceStorageError'
	}
}

type ErrorListener = (error: DeviceStorageError) => void
const listeners = new Set<ErrorListener>()
// Failures before anyone listens (during hydration, before the library boot loads) are kept and handed to the first listener.
let pending: DeviceStorageError[] = []

/** Subscribes to storage failures; returns the unsubscribe function. */
export function onDeviceStorageError(listener: ErrorListener) {
	listeners.add(listener)
	const queued = pending
	pending = []
	for (const error of queued) listener(error)
	return () => {
		listeners.delete(listener)
	}
}

function fail(kind: 'read' | 'write'): never {
	const error = new DeviceStorageError(kind === 'read' ? READ_FAILED_MESSAGE : WRITE_FAILED_MESSAGE, kind)
	if (kind === 'read') {
		// The lock record can no longer be trusted; clearing it makes the next sync start clean.
		try {
			window.localStorage.removeItem(LOCK_KEY)
		} catch {
			// Nothing more can be done when storage refuses even this.
		}
	}
	if (listeners.size === 0) pending.push(error)
	for (const listener of listeners) listener(error)
	throw error
}

type WriteListener = () => void
const writeListeners = new Set<WriteListener>()

/**
 * Subscribes to every change this page makes to device storage (a write, a
 * removal, a reset); returns the unsubscribe function. Changes made in another
 * tab arrive as the window's `storage` event instead.
 */
export function onDeviceWrite(listener: WriteListener) {
	writeListeners.add(listener)
	return () => {
		writeListeners.delete(listener)
	}
}

function written() {
	for (const listener of writeListeners) listener()
}

/** The browser's storage; undefined on the server. Throws DeviceStorageError when the browser denies access. */
function storage(): Storage | undefined {
	if (typeof window === 'undefined') return undefined
	try {
		return window.localStorage ?? undefined
	} catch {
		return fail('read')
	}
}

/** The raw stored text of a key (no validation); null when absent. */
export function readDeviceRaw(key: DeviceKey): string | null {
	const store = storage()
	if (!store) return null
	try {
		return store.getItem(key)
	} catch {
		return fail('read')
	}
}

/**
 * The raw stored text of a key for render-time snapshots: null when absent or
 * when storage refuses, and no failure report (a snapshot is read on every
 * render; the reads that matter report the failure).
 */
export function peekDeviceRaw(key: DeviceKey): string | null {
	if (typeof window === 'undefined') return null
	try {
		return window.localStorage.getItem(key)
	} catch {
		return null
	}
}

/**
 * Whether any of the keys is stored, for render-time snapshots: storage that
 * refuses counts as holding them (the code that reads them then reports the
 * failure). No failure report here, as in peekDeviceRaw.
 */
export function deviceHoldsAny(keys: readonly DeviceKey[]): boolean {
	if (typeof window === 'undefined') return false
	try {
		return keys.some((key) => window.localStorage.getItem(key) !== null)
	} catch {
		return true
	}
}

/** Whether a `storage` event is about device storage (another tab changed it), not sessionStorage. */
export function isDeviceStorageEvent(event: StorageEvent): boolean {
	if (!event.storageArea) return true
	try {
		return event.storageArea === window.localStorage
	} catch {
		return false
	}
}

/** Parses stored text: JSON when it is JSON, else the bare string (older values were stored unquoted). */
export function decodeStored(raw: string): unknown {
	try {
		return JSON.parse(raw)
	} catch {
		return raw
	}
}

// Values are typed on write and validated on read; skipping a parse here keeps
// writing a 10,000-bookmark list cheap.
function encode(value: unknown): string {
	return typeof value === 'string' ? value : JSON.stringify(value)
}

/** Writes a key; throws DeviceStorageError (with product.md's message) when the browser refuses. */
export function writeDevice<K extends DeviceKey>(key: K, value: DeviceValue<K>) {
	writeDeviceBatch({ [key]: value } as DeviceEntries)
}

export type DeviceEntries = { [K in DeviceKey]?: DeviceValue<K> | null }

/**
 * Writes several keys as one change (null removes a key). When the browser
 * refuses any write, the keys already written are put back as they were, so
 * a half-applied change never reaches storage.
 */
export function writeDeviceBatch(entries: DeviceEntries) {
	const store = storage()
	if (!store) return
	const keys = Object.keys(entries) as DeviceKey[]
	const encoded = keys.map((key) => {
		const value = entries[key]
		return [key, value === null || value === undefined ? null : encode(value)] as const
	})
	const previous: Array<readonly [DeviceKey, string | null]> = []
	try {
		for (const [key, text] of encoded) {
			previous.push([key, store.getItem(key)])
			if (text === null) store.removeItem(key)
			else store.setItem(key, text)
		}
	} catch {
		for (const [key, text] of previous.reverse()) {
			try {
				if (text === null) store.removeItem(key)
				else store.setItem(key, text)
			} catch {
				// Best effort: restoring an earlier (smaller or equal) value rarely fails.
			}
		}
		fail('write')
	}
	written()
}

export function removeDevice(key: DeviceKey | (string & {})) {
	const store = storage()
	if (!store) return
	try {
		store.removeItem(key)
	} catch {
		fail('write')
	}
	written()
}

/** Removes every key of the site (the error screen's "Reset all app data"). */
export function clearDevice() {
	const store = storage()
	if (!store) return
	try {
		store.clear()
	} catch {
		fail('write')
	}
	written()
}
