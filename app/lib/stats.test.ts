import { describe, expect, it } from 'vitest'
import { daysSince, loadBarColour } from './stats.ts'

describe('server load bar colour', () => {
	it('is green below 70, yellow from 70 to below 90, red from 90', () => {
		expect(loadBarColour(69.9)).toBe('bg-green-600')
		expect(loadBarColour(70)).toBe('bg-yellow-500')
		expect(loadBarColour(89.9)).toBe('bg-yellow-500')
		expect(loadBarColour(90)).toBe('bg-red-600')
	})
})

describe('daysSince', () => {
	it('counts whole days and never goes negative', () => {
		expect(daysSince('2025-02-23', new Date('2025-02-24T12:00:00Z'))).toBe(1)
		expect(daysSince('2025-02-23', new Date('2024-01-01T00:00:00Z'))).toBe(0)
	})
})
