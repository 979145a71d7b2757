import { z } from 'zod'

/**
 * The one owner of every device (localStorage) key. Each key has a zod schema;
 * reads are validated, so a corrupt value reads as "absent" instead of
 * crashing a page. Features register their keys in DEVICE_KEYS.
 */
export const DEVICE_KEYS = {
	theme: z.enum(['dark', 'light']),
} satisfies Record<string, z.ZodType>

export type DeviceKey = keyof typeof DEVICE_KEYS
export type DeviceValue<K extends DeviceKey> = z.infer<(typeof DEVICE_KEYS)[K]>

export const READ_FAILED_MESSAGE = 'Failed to read from localStorage, clear all data and try again.'
export const WRITE_FAILED_MESSAGE = 'Failed to update localStorage, clear all data and try again.'

export class DeviceStorageError extends Error {}

function storage(): Storage | undefined {
	try {
		return typeof window === 'undefined' ? undefined : window.localStorage
	} catch {
		return undefined
	}
}

/** Reads and validates a key; absent or invalid → undefined. Throws DeviceStorageError if storage itself fails. */
export function readDevice<K extends DeviceKey>(key: K): DeviceValue<K> | undefined {
	const store = storage()
	if (!store) return undefined
	let raw: string | null
	try {
		raw = store.getItem(key)
	} catch {
		throw new DeviceStorageError(READ_FAILED_MESSAGE)
	}
	if (raw === null) return undefined
	let parsed: unknown = raw
	try {
		parsed = JSON.parse(raw)
	} catch {
		// Older values were stored as bare strings (theme, tokens).
	}
	const result = DEVICE_KEYS[key].safeParse(parsed)
	return result.success ? (result.data as DeviceValue<K>) : undefined
}

/** Writes a key; throws DeviceStorageError (with the spec's message) when the browser refuses. */
export function writeDevice<K extends DeviceKey>(key: K, value: DeviceValue<K>) {
	const store = storage()
	if (!store) return
	try {
		store.setItem(key, typeof value === 'string' ? value : JSON.stringify(value))
	} catch {
		throw new DeviceStorageError(WRITE_FAILED_MESSAGE)
	}
}

export function removeDevice(key: DeviceKey | (string & {})) {
	try {
		storage()?.removeItem(key)
	} catch {
		throw new DeviceStorageError(WRITE_FAILED_MESSAGE)
	}
}
