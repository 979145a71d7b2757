import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
	clearDevice,
	DEVICE_KEYS,
	deviceHoldsAny,
	onDeviceWrite,
	DeviceStorageError,
	isDeviceStorageEvent,
	onDeviceStorageError,
	peekDeviceRaw,
	READ_FAILED_MESSAGE,
	readDevice,
	removeDevice,
	WRITE_FAILED_MESSAGE,
	writeDevice,
	writeDeviceBatch,
} from './device-storage.ts'
import { createMemoryStorage } from '#tests/support/memory-storage.ts'

let storage: ReturnType<typeof createMemoryStorage>

beforeEach(() => {
	storage = createMemoryStorage()
	vi.stubGlobal('window', { localStorage: storage })
})
afterEach(() => {
	vi.unstubAllGlobals()
})

function collectErrors() {
	const errors: DeviceStorageError[] = []
	const off = onDeviceStorageError((error) => errors.push(error))
	return { errors, off }
}

describe('device storage', () => {
	it('registers every device key of product.md §3 with a schema', () => {
		const spec = [
			'theme',
			'local-lock',
			'bookmarks',
			'media-bookmarks',
			'media-tracking',
			'user-info',
			'ui-token',
			'dismissedInfoModals',
			'dismissedInfoBoxes',
			'dismissedAds',
			'lastBookmarkUpdateTime',
			'lastWatchHistoryUpdateTime',
			'4kToken',
			'4kTokenSynced',
			'loginLockoutUntil',
			'loginAttempts',
			'deviceBestResolution',
		]
		for (const key of spec) expect(DEVICE_KEYS, key).toHaveProperty([key])
		expect(DEVICE_KEYS).toHaveProperty(['device-storage-version'])
	})

	it('round-trips values; strings are stored bare, others as JSON', () => {
		writeDevice('theme', 'light')
		writeDevice('loginAttempts', 3)
		writeDevice('user-info', { username: 'ann', email: 'a@example.org' })
		expect(storage.getItem('theme')).toBe('light')
		expect(storage.getItem('loginAttempts')).toBe('3')
		expect(readDevice('theme')).toBe('light')
		expect(readDevice('loginAttempts')).toBe(3)
		expect(readDevice('user-info')).toEqual({ username: 'ann', email: 'a@example.org' })
	})

	it('validates on read: invalid or absent values read as undefined', () => {
		expect(readDevice('theme')).toBeUndefined()
		storage.setItem('theme', 'purple')
		expect(readDevice('theme')).toBeUndefined()
		storage.setItem('user-info', '{"name":"no username"}')
		expect(readDevice('user-info')).toBeUndefined()
		storage.setItem('loginAttempts', '{broken')
		expect(readDevice('loginAttempts')).toBeUndefined()
	})

	it('reads quoted JSON strings and bare strings that look like JSON', () => {
		storage.setItem('theme', '"dark"')
		expect(readDevice('theme')).toBe('dark')
		storage.setItem('ui-token', '12345')
		expect(readDevice('ui-token')).toBe('12345')
	})

	it('drops only the malformed records of a list', () => {
		storage.setItem(
			'bookmarks',
			JSON.stringify([{ mediaId: 1, category: 'watchlist', addedAt: 1 }, { mediaId: 'x' }, { mediaId: 2, category: ' ', addedAt: 1 }]),
		)
		expect(readDevice('bookmarks')).toEqual([{ mediaId: 1, category: 'watchlist', addedAt: 1 }])
	})

	it('read failure: clears the lock record, reports the exact message and throws', () => {
		storage.setItem('local-lock', JSON.stringify({ valid: true, lastBookmarkUpdateTime: 5 }))
		storage.setItem('bookmarks', '[]')
		storage.failReads(['bookmarks'])
		const { errors, off } = collectErrors()
		expect(() => readDevice('bookmarks')).toThrow(READ_FAILED_MESSAGE)
		off()
		expect(errors.map((e) => [e.kind, e.message])).toEqual([['read', 'Failed to read from localStorage, clear all data and try again.']])
		expect(storage.dump()).toEqual({ bookmarks: '[]' })
	})

	it('a browser that denies storage access entirely is a read failure', () => {
		vi.stubGlobal('window', {
			get localStorage(): Storage {
				throw new Error('SecurityError')
			},
		})
		const { errors, off } = collectErrors()
		expect(() => readDevice('theme')).toThrow(DeviceStorageError)
		off()
		expect(errors[0]!.message).toBe(READ_FAILED_MESSAGE)
	})

	it('write failure: reports the exact message and loses nothing else', () => {
		storage.setItem('theme', 'dark')
		storage.setItem('bookmarks', JSON.stringify([{ mediaId: 1, category: 'watchlist', addedAt: 1 }]))
		storage.setItem('local-lock', JSON.stringify({ valid: true }))
		storage.failWrites(['bookmark-tombstones'])
		const before = storage.dump()
		const { errors, off } = collectErrors()
		expect(() =>
			writeDeviceBatch({
				bookmarks: [],
				'bookmark-tombstones': [{ mediaId: 1, category: 'watchlist', deletedAt: 2 }],
				lastBookmarkUpdateTime: 2,
			}),
		).toThrow(WRITE_FAILED_MESSAGE)
		off()
		expect(errors.map((e) => [e.kind, e.message])).toEqual([['write', 'Failed to update localStorage, clear all data and try again.']])
		// The batch is undone: bookmarks were written first and are restored.
		expect(storage.dump()).toEqual(before)
	})

	it('quota errors on a single write leave the old value', () => {
		writeDevice('loginAttempts', 1)
		storage.failWrites(['loginAttempts'])
		const { off } = collectErrors()
		expect(() => writeDevice('loginAttempts', 2)).toThrow(DeviceStorageError)
		expect(() => removeDevice('loginAttempts')).toThrow(WRITE_FAILED_MESSAGE)
		off()
		expect(readDevice('loginAttempts')).toBe(1)
	})

	it('hands failures that happened before anyone listened to the first listener', () => {
		storage.failReads(['theme'])
		expect(() => readDevice('theme')).toThrow()
		const { errors, off } = collectErrors()
		off()
		expect(errors).toHaveLength(1)
	})

	it('does nothing on the server', () => {
		vi.unstubAllGlobals()
		expect(readDevice('theme')).toBeUndefined()
		expect(() => writeDevice('theme', 'dark')).not.toThrow()
	})
})

describe('render-time reads, clearing and storage events', () => {
	it('peeks raw text without reporting a refusal', () => {
		storage.setItem('settings', '{"values":{}}')
		expect(peekDeviceRaw('settings')).toBe('{"values":{}}')
		expect(peekDeviceRaw('theme')).toBeNull()
		const { errors, off } = collectErrors()
		storage.failReads(['settings'])
		expect(peekDeviceRaw('settings')).toBeNull()
		expect(errors).toEqual([])
		off()
	})

	it('clears every key of the site', () => {
		writeDeviceBatch({ theme: 'dark', loginAttempts: 2 })
		storage.setItem('some-other-key', 'x')
		clearDevice()
		expect(storage.dump()).toEqual({})
	})

	it('reports and throws when the browser refuses to clear', () => {
		const { errors, off } = collectErrors()
		storage.clear = () => {
			throw new Error('SecurityError')
		}
		expect(() => clearDevice()).toThrow(WRITE_FAILED_MESSAGE)
		expect(errors.map((error) => error.kind)).toEqual(['write'])
		off()
	})

	it('tells device storage events from sessionStorage ones', () => {
		const event = (storageArea: Storage | null) => ({ storageArea }) as StorageEvent
		expect(isDeviceStorageEvent(event(storage))).toBe(true)
		// A clear() in another tab may arrive without an area.
		expect(isDeviceStorageEvent(event(null))).toBe(true)
		expect(isDeviceStorageEvent(event(createMemoryStorage()))).toBe(false)
	})
})

describe('presence without schemas (what decides whether the library code loads)', () => {
	it('tells listeners of every write, removal and reset that succeeded, and only those', () => {
		let calls = 0
		const off = onDeviceWrite(() => calls++)
		writeDevice('theme', 'dark')
		writeDeviceBatch({ bookmarks: [], lastBookmarkUpdateTime: 1 })
		removeDevice('theme')
		clearDevice()
		expect(calls).toBe(4)
		storage.failWrites(['bookmarks'])
		expect(() => writeDevice('bookmarks', [])).toThrow(DeviceStorageError)
		expect(calls).toBe(4)
		off()
		writeDevice('theme', 'light')
		expect(calls).toBe(4)
	})

	it('holds a key only when it is stored; refusing storage counts as holding it', () => {
		expect(deviceHoldsAny(['media-tracking', 'bookmarks'])).toBe(false)
		// Near misses: other keys, and a key whose name contains the one asked for.
		writeDevice('theme', 'dark')
		storage.setItem('media-tracking-old', '{}')
		expect(deviceHoldsAny(['media-tracking', 'bookmarks'])).toBe(false)
		writeDevice('bookmarks', [])
		expect(deviceHoldsAny(['media-tracking', 'bookmarks'])).toBe(true)
		expect(deviceHoldsAny(['media-tracking'])).toBe(false)
		storage.failReads(['media-tracking'])
		expect(deviceHoldsAny(['media-tracking'])).toBe(true)
		vi.stubGlobal('window', undefined)
		expect(deviceHoldsAny(['bookmarks'])).toBe(false)
	})
})
