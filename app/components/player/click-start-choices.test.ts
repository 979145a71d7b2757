import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FileStream } from '#app/lib/sources/contract.ts'
import { createMemoryStorage } from '#tests/support/memory-storage.ts'

// The Watch click's start choices (decision 0064): a device that has stored nothing starts
// with defaults that load no library code, and they must be what the stored reader answers
// on such a device; a device holding anything the reader reads waits for the reader.

let storage: ReturnType<typeof createMemoryStorage>

function stubWindow(screen: { width: number; height: number }, devicePixelRatio = 1) {
	storage = createMemoryStorage()
	vi.stubGlobal('window', Object.assign(new EventTarget(), { localStorage: storage as Storage, screen, devicePixelRatio }))
}

async function load() {
	vi.resetModules()
	return { ...(await import('./click-start-choices.ts')), defaults: await import('./start-defaults.ts') }
}

const stream = (qualities: string[]): FileStream =>
	({
		type: 'file',
		qualities: Object.fromEntries(qualities.map((quality) => [quality, { type: 'mp4', url: `/media/${quality}.mp4` }])),
	}) as unknown as FileStream

const movie = { type: 'movie' as const, tmdbId: 10378 }

beforeEach(() => stubWindow({ width: 412, height: 915 }, 2.625))
afterEach(() => vi.unstubAllGlobals())

describe('start choices at the Watch click', () => {
	it('a device that has stored nothing gets the defaults at once, the same the stored reader gives', async () => {
		const choices = await load()
		const now = choices.startChoicesNow()
		expect(now).toBe(choices.defaults.DEFAULT_START_CHOICES)
		const { storedStartChoices } = await import('./start-choices.ts')
		const stored = storedStartChoices()
		expect(now!.autoplay).toBe(stored.autoplay)
		expect(now!.volume()).toBe(stored.volume())
		expect(now!.savedPoint(movie)).toBe(stored.savedPoint(movie))
		for (const qualities of [['360', '720', '1080'], ['4k', '1080'], ['480'], ['1080', '720', '480', '360']]) {
			expect(now!.fileQuality(stream(qualities))).toBe(stored.fileQuality(stream(qualities)))
		}
		// Reading them stored nothing.
		expect(storage.length).toBe(0)
	})

	it('a small screen and a 4K screen start at the quality their screens suit', async () => {
		stubWindow({ width: 1024, height: 600 })
		const small = await load()
		expect(small.defaults.DEFAULT_START_CHOICES.fileQuality(stream(['360', '720', '1080', '4k']))).toBe('720')
		stubWindow({ width: 3840, height: 2160 })
		const tv = await load()
		expect(tv.defaults.DEFAULT_START_CHOICES.fileQuality(stream(['360', '720', '1080', '4k']))).toBe('4k')
	})

	it('a device holding a choice gets nothing until the reader has loaded, then what it stored', async () => {
		storage.setItem('player-volume', '0.55')
		const choices = await load()
		expect(choices.startChoicesNow()).toBeNull()
		await choices.prepareStartChoices()
		expect(choices.startChoicesNow()!.volume()).toBe(0.55)
	})

	it('a saved point and a setting are read from the device', async () => {
		storage.setItem(
			'settings',
			JSON.stringify({ values: { player: { autoplay: false, autoNext: true, preview: true, quality: 'auto' } }, changedAt: {} }),
		)
		storage.setItem(
			'media-tracking',
			JSON.stringify({ 10378: { type: 'movie', title: 'Big Buck Bunny', progress: { watched: 300, duration: 600 }, updatedAt: 1 } }),
		)
		const choices = await load()
		await choices.prepareStartChoices()
		const now = choices.startChoicesNow()!
		expect(now.autoplay).toBe(false)
		expect(now.savedPoint(movie)).toBe(300)
	})

	it('a near miss: keys the choices do not read leave the defaults', async () => {
		storage.setItem('theme', '"dark"')
		storage.setItem('player-volume-old', '0.9')
		const choices = await load()
		expect(choices.startChoicesNow()).toBe(choices.defaults.DEFAULT_START_CHOICES)
	})

	it('storage that refuses to be read counts as holding: the reader loads and reports it', async () => {
		storage.failReads(['player-volume', 'settings', 'media-tracking', 'bookmarks'])
		const choices = await load()
		expect(choices.startChoicesNow()).toBeNull()
	})
})
