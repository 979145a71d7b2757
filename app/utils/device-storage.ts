import { z } from 'zod'
import { SyncOutboxSchema } from '#app/lib/sync/outbox.ts'
import { SettingsDocumentSchema } from '#app/lib/sync/settings.ts'
import { bookmarkListSchema, customCategoriesSchema, tombstoneListSchema, watchHistorySchema } from '#app/lib/library/schemas.ts'

/**
 * The one owner of every device (localStorage) key (spec §3). Each key has a
 * zod schema; reads are validated, so a corrupt value reads as "absent"
 * instead of crashing a page. Features register their keys in DEVICE_KEYS.
 *
 * Failures of the storage itself (disabled storage, quota, private mode) are
 * reported to the listeners registered with `onDeviceStorageError` (the app
 * shows them as toasts) and thrown as DeviceStorageError. A failed read clears
 * the lock record; a failed write leaves every key as it was.
 */
export const DEVICE_KEYS = {
	theme: z.enum(['dark', 'light']),
	/** Sync lock record: whether local data is trustworthy and when bookmarks last changed. */
	'local-lock': z.looseObject({ valid: z.boolean(), lastBookmarkUpdateTime: z.number().optional() }),
	bookmarks: bookmarkListSchema,
	/** Legacy bookmarks (object keyed by item); only read once, for migration. */
	'media-bookmarks': z.record(z.string(), z.unknown()),
	'bookmark-tombstones': tombstoneListSchema,
	'bookmark-categories': customCategoriesSchema,
	'media-tracking': watchHistorySchema,
	'user-info': z.looseObject({ username: z.string() }),
	'ui-token': z.string(),
	dismissedInfoModals: z.array(z.object({ id: z.string(), timestamp: z.number() })),
	dismissedInfoBoxes: z.array(z.string()),
	/** Ad id → the day (YYYY-MM-DD) it was dismissed. */
	dismissedAds: z.record(z.string(), z.string()),
	lastBookmarkUpdateTime: z.number(),
	lastWatchHistoryUpdateTime: z.number(),
	'4kToken': z.string(),
	'4kTokenSynced': z.boolean(),
	loginLockoutUntil: z.number(),
	loginAttempts: z.number().int().nonnegative(),
	deviceBestResolution: z.enum(['4k', '1080', '720', '480', '360']),
	/** Account settings of spec §3 with per-field change times (app/lib/sync/settings.ts). */
	settings: SettingsDocumentSchema,
	/** What the account has acknowledged (app/lib/sync/outbox.ts). */
	'sync-outbox': SyncOutboxSchema,
	/** Version of the stored data layout; load-time migrations raise it. */
	'device-storage-version': z.number().int().nonnegative(),
} satisfies Record<string, z.ZodType>

export type DeviceKey = keyof typeof DEVICE_KEYS
export type DeviceValue<K extends DeviceKey> = z.output<(typeof DEVICE_KEYS)[K]>

/** The current layout version (see app/utils/library-boot.ts for the steps). */
export const DEVICE_STORAGE_VERSION = 1
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
// Failures before anyone listens (during hydration) are kept and handed to the first listener.
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

/** Parses stored text: JSON when it is JSON, else the bare string (older values were stored unquoted). */
export function decodeStored(raw: string): unknown {
	try {
		return JSON.parse(raw)
	} catch {
		return raw
	}
}

/** Reads and validates a key; absent or invalid → undefined. Throws DeviceStorageError if storage itself fails. */
export function readDevice<K extends DeviceKey>(key: K): DeviceValue<K> | undefined {
	const raw = readDeviceRaw(key)
	if (raw === null) return undefined
	const schema = DEVICE_KEYS[key] as unknown as z.ZodType<DeviceValue<K>>
	const result = schema.safeParse(decodeStored(raw))
	if (result.success) return result.data
	// A bare string that happens to look like JSON ("123") is still a string.
	const asText = schema.safeParse(raw)
	return asText.success ? asText.data : undefined
}

// Values are typed on write and validated on read; skipping a parse here keeps
// writing a 10,000-bookmark list cheap.
function encode(value: unknown): string {
	return typeof value === 'string' ? value : JSON.stringify(value)
}

/** Writes a key; throws DeviceStorageError (with the spec's message) when the browser refuses. */
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
}

export function removeDevice(key: DeviceKey | (string & {})) {
	const store = storage()
	if (!store) return
	try {
		store.removeItem(key)
	} catch {
		fail('write')
	}
}
