import { expect, it, vi } from 'vitest'
import type * as Zod from 'zod'
import { createMemoryStorage } from '#tests/support/memory-storage.ts'

// Issue 27: building the library's and the settings' zod schemas was the bookmarks page's longest
// task after hydration, on a device with nothing stored. They are built by the first stored value
// read. Every call of a `z.*` builder in this file's modules is counted.

const built = vi.hoisted(() => ({ schemas: 0 }))
vi.mock('zod', async (importOriginal) => {
	const actual = await importOriginal<typeof Zod>()
	const z = new Proxy(actual.z, {
		get(target, key, receiver) {
			const value: unknown = Reflect.get(target, key, receiver)
			if (typeof value !== 'function' || /^[A-Z]/.test(String(key))) return value
			return (...args: unknown[]) => {
				built.schemas++
				return (value as (...a: unknown[]) => unknown).apply(target, args)
			}
		},
	})
	return { ...actual, z }
})

it('an empty device builds no schema to read the library and the settings; a stored value builds them', async () => {
	vi.stubGlobal('window', { localStorage: createMemoryStorage(), addEventListener: () => {}, removeEventListener: () => {} })
	try {
		const device = await import('./device-storage.ts')
		const settings = await import('./settings.ts')
		await import('./library.ts')
		expect(built.schemas, 'schemas built by loading the modules').toBe(0)
		for (const key of ['bookmarks', 'bookmark-tombstones', 'bookmark-categories', 'media-tracking', 'settings', 'sync-outbox'] as const)
			expect(device.readDevice(key)).toBeUndefined()
		expect(settings.readSettings().appearance.subtitleSize).toBe(100)
		expect(built.schemas, 'schemas built by reading an empty device').toBe(0)

		device.writeDevice('bookmarks', [{ mediaId: 550, category: 'Favourites', addedAt: 1 }])
		expect(device.readDevice('bookmarks')).toEqual([{ mediaId: 550, category: 'Favourites', addedAt: 1 }])
		expect(built.schemas).toBeGreaterThan(0)
	} finally {
		vi.unstubAllGlobals()
	}
})
