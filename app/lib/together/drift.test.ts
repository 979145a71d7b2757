import { describe, expect, it } from 'vitest'
import { correctDrift, DEAD_BAND_S, MAX_RATE_CHANGE, nextSeekLead, SEEK_ABOVE_S } from './drift.ts'

describe('correctDrift', () => {
	it('leaves the rate at 1 inside the dead band', () => {
		expect(correctDrift(10.02, 10)).toEqual({ kind: 'rate', rate: 1 })
		expect(correctDrift(9.97, 10)).toEqual({ kind: 'rate', rate: 1 })
	})

	it('slows down a member ahead and speeds up one behind, slightly', () => {
		const ahead = correctDrift(10.25, 10)
		const behind = correctDrift(9.75, 10)
		expect(ahead).toEqual({ kind: 'rate', rate: 0.95 })
		expect(behind).toEqual({ kind: 'rate', rate: 1.05 })
	})

	it('never changes the speed by more than MAX_RATE_CHANGE', () => {
		const correction = correctDrift(10 + SEEK_ABOVE_S - 0.01, 10)
		expect(correction).toEqual({ kind: 'rate', rate: 1 - MAX_RATE_CHANGE })
	})

	it('seeks for a large drift, landing ahead by the seek lead', () => {
		expect(correctDrift(10 + SEEK_ABOVE_S + 0.01, 10)).toEqual({ kind: 'seek', to: 10 })
		expect(correctDrift(3, 40, 0.2)).toEqual({ kind: 'seek', to: 40.2 })
		expect(correctDrift(5, 0.5, 0)).toEqual({ kind: 'seek', to: 0.5 })
	})

	it('just outside the dead band the rate moves, just inside it does not', () => {
		expect(correctDrift(10 + DEAD_BAND_S + 0.005, 10)).not.toEqual({ kind: 'rate', rate: 1 })
		expect(correctDrift(10 + DEAD_BAND_S - 0.005, 10)).toEqual({ kind: 'rate', rate: 1 })
	})

	it('does nothing with a position that is not a number', () => {
		expect(correctDrift(Number.NaN, 10)).toEqual({ kind: 'none' })
	})

	it('a simulated member 0.6 s behind is back within 0.1 s in under 15 s by speed alone', () => {
		let local = 9.4
		let target = 10
		let seconds = 0
		while (Math.abs(local - target) > 0.1 && seconds < 60) {
			const correction = correctDrift(local, target)
			expect(correction.kind).toBe('rate')
			local += correction.kind === 'rate' ? correction.rate * 0.25 : 0.25
			target += 0.25
			seconds += 0.25
		}
		expect(seconds).toBeLessThan(15)
	})
})

describe('nextSeekLead', () => {
	it('follows how late seeks land, within 0–1 s', () => {
		expect(nextSeekLead(0, 0.3)).toBeCloseTo(0.15)
		expect(nextSeekLead(0.8, 5)).toBe(1)
		expect(nextSeekLead(0.2, -1)).toBe(0)
		expect(nextSeekLead(0.2, Number.NaN)).toBe(0.2)
	})
})
