import { describe, expect, it } from 'vitest'
import { chooseEvictions, IN_USE_MS, type CacheEntry } from './cache-bound.ts'

const NOW = 1_000_000_000
const entry = (path: string, bytes: number, ageMs: number, locked = false): CacheEntry => ({ path, bytes, lastUsed: NOW - ageMs, locked })

describe('chooseEvictions', () => {
	it('removes nothing under the bound', () => {
		expect(chooseEvictions([entry('a', 100, IN_USE_MS * 10)], 100, NOW)).toEqual([])
	})

	it('removes the least recently used first, down to 90 % of the bound', () => {
		const entries = [entry('new', 400, IN_USE_MS * 2), entry('old', 400, IN_USE_MS * 9), entry('middle', 400, IN_USE_MS * 5)]
		expect(chooseEvictions(entries, 1000, NOW).map((e) => e.path)).toEqual(['old'])
		expect(chooseEvictions(entries, 500, NOW).map((e) => e.path)).toEqual(['old', 'middle'])
		expect(chooseEvictions(entries, 300, NOW).map((e) => e.path)).toEqual(['old', 'middle', 'new'])
	})

	it('never removes an entry in use: locked by a job or used in the last minutes', () => {
		const entries = [entry('locked', 600, IN_USE_MS * 9, true), entry('playing', 600, 1000), entry('idle', 600, IN_USE_MS * 3)]
		expect(chooseEvictions(entries, 100, NOW).map((e) => e.path)).toEqual(['idle'])
	})
})
