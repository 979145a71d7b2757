import { describe, expect, it } from 'vitest'
import { precacheManifest } from './build-service-worker.ts'

const file = (path: string, hash = 'a'.repeat(64), bytes = 1000) => ({ path, bytes, hash })

describe('precacheManifest', () => {
	it('lists the installed files, hashed build files without a revision, others with their digest', () => {
		const { entries } = precacheManifest([
			file('offline.html', 'b'.repeat(64)),
			file('assets/shell-abc.js'),
			file('sw.js'),
			file('assets/player-xyz.js'),
			file('favicon.svg', 'c'.repeat(64)),
		])
		expect(entries).toEqual([
			{ url: '/assets/shell-abc.js', revision: null },
			{ url: '/favicon.svg', revision: 'c'.repeat(16) },
			{ url: '/offline.html', revision: 'b'.repeat(16) },
		])
	})

	it('gives a build id that changes with any installed file and not with the order of the listing', () => {
		const base = [file('offline.html'), file('assets/shell-abc.js')]
		const id = precacheManifest(base).buildId
		expect(id).toMatch(/^[0-9a-f]{12}$/)
		expect(precacheManifest([...base].reverse()).buildId).toBe(id)
		expect(precacheManifest([file('offline.html', 'd'.repeat(64)), file('assets/shell-abc.js')]).buildId).not.toBe(id)
		expect(precacheManifest([file('offline.html'), file('assets/shell-def.js')]).buildId).not.toBe(id)
		// The player is not installed, so it does not change the id either.
		expect(precacheManifest([...base, file('assets/player-new.js')]).buildId).toBe(id)
	})
})
