// The pure parts of the range bench (bench/sources/range.ts): the bare
// server's reading of a Range header, the seeded random ranges both servers
// are asked for, the alternating order of the rounds and the spread of a
// figure over the rounds. Tested in tests/integration/range-bench-plan.test.ts.
import { seededRandom } from '../title-variants.ts'

/** Inclusive byte offsets, as in a Content-Range header. */
export interface ByteRange {
	start: number
	end: number
}

/**
 * The range a static file server answers for a Range header on a file of
 * `size` bytes (RFC 9110 §14.1.2): `bytes=a-b`, `bytes=a-` and the suffix
 * `bytes=-n`, the end clamped to the file. null means the whole file with 200
 * (no header, another unit, bad syntax, a reversed range, several ranges: a
 * server may ignore those); 'unsatisfiable' means 416 (the start past the end,
 * an empty suffix, an empty file).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
	if (header === undefined) return null
	const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
	if (!match) return null
	const [, first = '', last = ''] = match
	if (first === '' && last === '') return null
	if (first === '') {
		const suffix = Number(last)
		if (suffix === 0 || size === 0) return 'unsatisfiable'
		return { start: Math.max(0, size - suffix), end: size - 1 }
	}
	const start = Number(first)
	if (last !== '' && Number(last) < start) return null
	if (start >= size) return 'unsatisfiable'
	return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) }
}

/** `count` ranges of `length` bytes at seeded random places inside a file of `size` bytes: the same seed, the same reads. */
export function randomRanges(seed: number, size: number, count: number, length: number): ByteRange[] {
	if (length > size) throw new Error(`a range of ${length} bytes does not fit a file of ${size}`)
	const random = seededRandom(seed)
	return Array.from({ length: count }, () => {
		const start = Math.floor(random() * (size - length + 1))
		return { start, end: start + length - 1 }
	})
}

/** Who goes first in a round: A-B, then B-A, and so on, so neither side always meets the machine after the other. */
export function roundOrder<T>(round: number, a: T, b: T): [T, T] {
	return round % 2 === 0 ? [a, b] : [b, a]
}

export interface Spread {
	n: number
	min: number
	p10: number
	median: number
	p90: number
	max: number
}

/** The q-quantile of sorted values, interpolated between neighbours (so the median of an even count is the middle pair's mean). */
function quantile(sorted: readonly number[], q: number): number {
	const at = (sorted.length - 1) * q
	const below = Math.floor(at)
	const above = Math.ceil(at)
	return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below)
}

/** Median, p10, p90 and the extremes of a figure; NaN values (failed runs) are left out and must be counted by the caller. */
export function spread(values: readonly number[]): Spread {
	const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b)
	if (sorted.length === 0) return { n: 0, min: NaN, p10: NaN, median: NaN, p90: NaN, max: NaN }
	return {
		n: sorted.length,
		min: sorted[0]!,
		p10: quantile(sorted, 0.1),
		median: quantile(sorted, 0.5),
		p90: quantile(sorted, 0.9),
		max: sorted.at(-1)!,
	}
}
