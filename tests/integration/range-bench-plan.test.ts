import { describe, expect, it } from 'vitest'
import { parseByteRange, randomRanges, roundOrder, spread } from '../../bench/sources/range-plan.ts'

// The rules the range bench's figures rest on (bench/sources/range.ts): the bare
// server answers ranges as a static server must, both servers are asked for the
// same reads, neither always goes first, and the spread is what it says.

describe('the bare server reads Range headers as a static file server must', () => {
	const size = 1000
	it('answers a closed, an open and a suffix range, the end clamped to the file', () => {
		expect(parseByteRange('bytes=0-99', size)).toEqual({ start: 0, end: 99 })
		expect(parseByteRange('bytes=900-', size)).toEqual({ start: 900, end: 999 })
		expect(parseByteRange('bytes=-100', size)).toEqual({ start: 900, end: 999 })
		expect(parseByteRange('bytes=950-2000', size)).toEqual({ start: 950, end: 999 })
		expect(parseByteRange('bytes=-5000', size)).toEqual({ start: 0, end: 999 })
		expect(parseByteRange('bytes=999-999', size)).toEqual({ start: 999, end: 999 })
	})

	it('refuses a start past the end and an empty suffix with 416', () => {
		expect(parseByteRange('bytes=1000-', size)).toBe('unsatisfiable')
		expect(parseByteRange('bytes=1000-1010', size)).toBe('unsatisfiable')
		expect(parseByteRange('bytes=-0', size)).toBe('unsatisfiable')
		expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable')
	})

	it('serves the whole file for no header, bad syntax, a reversed range or several ranges', () => {
		for (const header of [
			undefined,
			'items=0-9',
			'bytes=',
			'bytes=-',
			'bytes=9-0',
			'bytes=1005-1000',
			'bytes=0-9,20-29',
			'bytes=a-b',
			'bytes=1.5-2',
		])
			expect(parseByteRange(header, size), String(header)).toBeNull()
	})
})

describe('both servers are asked for the same random reads', () => {
	it('gives the same ranges for the same seed and other ranges for another', () => {
		const size = 1024 ** 3
		const length = 1024 ** 2
		const first = randomRanges(7, size, 100, length)
		expect(randomRanges(7, size, 100, length)).toEqual(first)
		expect(randomRanges(8, size, 100, length)).not.toEqual(first)
		for (const range of first) {
			expect(range.end - range.start + 1).toBe(length)
			expect(range.start).toBeGreaterThanOrEqual(0)
			expect(range.end).toBeLessThan(size)
		}
		// Spread over the file, not bunched at its start (where a page cache or a read-ahead would favour them).
		expect(Math.max(...first.map((r) => r.start))).toBeGreaterThan(size * 0.8)
		expect(Math.min(...first.map((r) => r.start))).toBeLessThan(size * 0.2)
		expect(new Set(first.map((r) => r.start)).size).toBe(100)
	})

	it('refuses a range longer than the file', () => {
		expect(() => randomRanges(1, 10, 1, 11)).toThrow()
	})
})

describe('rounds alternate', () => {
	it('puts each side first in every other round', () => {
		const firsts = Array.from({ length: 6 }, (_, round) => roundOrder(round, 'willow', 'bare')[0])
		expect(firsts).toEqual(['willow', 'bare', 'willow', 'bare', 'willow', 'bare'])
		expect(roundOrder(3, 'willow', 'bare')).toEqual(['bare', 'willow'])
	})
})

describe('the spread of a figure over rounds', () => {
	it('gives the median, p10, p90 and extremes whatever the order of the values', () => {
		const five = spread([5, 1, 4, 2, 3])
		expect(five).toMatchObject({ n: 5, min: 1, median: 3, max: 5 })
		expect(five.p10).toBeCloseTo(1.4, 9)
		expect(five.p90).toBeCloseTo(4.6, 9)
		expect(spread([40, 10, 30, 20]).median).toBe(25)
		expect(spread([7])).toEqual({ n: 1, min: 7, p10: 7, median: 7, p90: 7, max: 7 })
	})

	it('leaves failed runs (NaN) out and says how many values it used', () => {
		expect(spread([3, Number.NaN, 1, 2])).toMatchObject({ n: 3, median: 2 })
		expect(spread([Number.NaN]).n).toBe(0)
	})
})
