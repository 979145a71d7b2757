import { describe, expect, it } from 'vitest'
import { addSample, CLOCK_SAMPLES_KEPT, clockSample, estimateOffset, serverNow } from './clock.ts'

describe('clockSample', () => {
	it('takes the server time as read half-way through the round trip', () => {
		// Browser clock 5 s behind the server; 40 ms each way.
		expect(clockSample(1000, 6040, 1080)).toEqual({ offset: 5000, rtt: 80, at: 1080 })
	})

	it('refuses an answer that arrived before its question (a clock step in between)', () => {
		expect(clockSample(1000, 6040, 999)).toBeNull()
		expect(clockSample(1000, Number.NaN, 1080)).toBeNull()
	})
})

describe('estimateOffset', () => {
	it('has no estimate without samples', () => {
		expect(estimateOffset([])).toEqual({ offset: 0, error: Infinity })
	})

	it('trusts the samples with the shortest round trips, not one delayed leg', () => {
		const trueOffset = -250
		// Symmetric trips of 20–30 ms, and one whose answer sat 400 ms in a queue.
		const samples = [
			clockSample(0, 10 + trueOffset, 20)!,
			clockSample(100, 112 + trueOffset, 124)!,
			clockSample(200, 215 + trueOffset, 230)!,
			clockSample(300, 310 + trueOffset, 720)!,
		]
		const estimate = estimateOffset(samples)
		expect(estimate.offset).toBeCloseTo(trueOffset, 5)
		expect(estimate.error).toBe(15)
		// The delayed sample alone would be 195 ms off.
		expect(Math.abs(samples[3]!.offset - trueOffset)).toBeGreaterThan(190)
	})

	it('keeps only the newest samples, so a clock that jumped is followed', () => {
		let samples = Array.from({ length: CLOCK_SAMPLES_KEPT }, (_, i) => clockSample(i * 100, i * 100 + 5, i * 100 + 10)!)
		expect(estimateOffset(samples).offset).toBe(0)
		for (let i = 0; i < CLOCK_SAMPLES_KEPT; i++)
			samples = addSample(samples, clockSample(5000 + i * 100, 5000 + i * 100 + 2005, 5000 + i * 100 + 10)!)
		expect(samples).toHaveLength(CLOCK_SAMPLES_KEPT)
		expect(estimateOffset(samples).offset).toBe(2000)
	})

	it('gives the server time for a browser time', () => {
		expect(serverNow(1000, -250)).toBe(750)
	})
})
