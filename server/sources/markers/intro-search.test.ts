import { describe, expect, it } from 'vitest'
import { FINGERPRINT_ITEM_SECONDS, findSharedMarkers, MIN_INTRO_SECONDS, RUN_END_CORRECTION_SECONDS, sharedRun } from './intro-search.ts'

// Fingerprints made here: random 32-bit items (unique audio), with a block of
// theme items copied in at different places, some bits flipped as a re-encode does.

function random(seed: number) {
	let state = seed >>> 0
	return () => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0
		return state
	}
}

const items = (seconds: number) => Math.round(seconds / FINGERPRINT_ITEM_SECONDS)

function episode(seed: number, parts: Array<{ seconds: number; theme?: Uint32Array }>, flipBits = 2): Uint32Array {
	const next = random(seed)
	const out: number[] = []
	for (const part of parts) {
		if (part.theme) {
			for (const value of part.theme) {
				let noisy = value
				for (let b = 0; b < flipBits; b++) if (next() % 3 === 0) noisy ^= 1 << (next() % 32)
				out.push(noisy >>> 0)
			}
		} else for (let i = 0; i < items(part.seconds); i++) out.push(next())
	}
	return Uint32Array.from(out)
}

function theme(seed: number, seconds: number) {
	const next = random(seed)
	return Uint32Array.from({ length: items(seconds) }, () => next())
}

describe('sharedRun', () => {
	it('finds a theme shared at different offsets, in each file’s own time', () => {
		const song = theme(7, 40)
		const a = episode(1, [{ seconds: 10 }, { seconds: 40, theme: song }, { seconds: 60 }])
		const b = episode(2, [{ seconds: 33 }, { seconds: 40, theme: song }, { seconds: 60 }])
		const run = sharedRun(a, b)!
		expect(run.aStart).toBeCloseTo(10, 0)
		expect(run.aEnd).toBeCloseTo(50, 0)
		expect(run.bStart).toBeCloseTo(33, 0)
		expect(run.bEnd).toBeCloseTo(73, 0)
	})

	it('bridges a short gap but not a long one', () => {
		const first = theme(8, 20)
		const second = theme(9, 20)
		const withShortGap = (seed: number) =>
			episode(seed, [{ seconds: 5 }, { seconds: 20, theme: first }, { seconds: 2 }, { seconds: 20, theme: second }, { seconds: 30 }])
		const run = sharedRun(withShortGap(1), withShortGap(2))!
		expect(run.aEnd - run.aStart).toBeGreaterThan(41)
		const withLongGap = (seed: number) =>
			episode(seed, [{ seconds: 5 }, { seconds: 20, theme: first }, { seconds: 8 }, { seconds: 20, theme: second }, { seconds: 30 }])
		const split = sharedRun(withLongGap(3), withLongGap(4))!
		expect(split.aEnd - split.aStart).toBeLessThan(21)
	})

	it('calls a shared sting shorter than the minimum no intro (near miss)', () => {
		const sting = theme(10, MIN_INTRO_SECONDS - 3)
		const a = episode(1, [{ seconds: 30 }, { seconds: 12, theme: sting }, { seconds: 60 }])
		const b = episode(2, [{ seconds: 50 }, { seconds: 12, theme: sting }, { seconds: 60 }])
		expect(sharedRun(a, b)).toBeNull()
	})

	it('finds nothing between unrelated episodes, nor in shared silence', () => {
		expect(sharedRun(episode(1, [{ seconds: 120 }]), episode(2, [{ seconds: 120 }]))).toBeNull()
		const silence = new Uint32Array(items(60)).fill(0x12345678)
		expect(sharedRun(silence, silence.slice())).toBeNull()
	})

	it('refuses items too different to be the same sound', () => {
		const song = theme(11, 40)
		const a = episode(1, [{ seconds: 10 }, { seconds: 40, theme: song }, { seconds: 30 }], 0)
		const b = episode(2, [{ seconds: 10 }, { seconds: 40, theme: song }, { seconds: 30 }], 24)
		expect(sharedRun(a, b)).toBeNull()
	})
})

describe('findSharedMarkers', () => {
	it('marks each episode that shares the theme with a neighbour, in episode time', () => {
		const song = theme(5, 30)
		const opens = [0, 25, 12, 40]
		const prints = opens.map((open, index) => ({
			id: `e${index + 1}`,
			fingerprint: episode(index + 1, [...(open ? [{ seconds: open }] : []), { seconds: 30, theme: song }, { seconds: 80 }]),
			offset: 0,
			length: open + 110,
		}))
		// A recap episode without the theme between them: its neighbours look one further.
		prints.splice(1, 0, { id: 'recap', fingerprint: episode(99, [{ seconds: 120 }]), offset: 0, length: 120 })
		const markers = findSharedMarkers(prints)
		expect(markers.has('recap')).toBe(false)
		for (const [index, open] of opens.entries()) {
			const marker = markers.get(`e${index + 1}`)!
			expect(marker.start).toBeCloseTo(open, 0)
			expect(marker.end).toBeCloseTo(open + 30 + RUN_END_CORRECTION_SECONDS, 0)
		}
	})

	it('adds the part’s offset (credits searched in the tail) and runs a run that reaches the part’s end to its end', () => {
		const credits = theme(6, 40)
		const prints = [1, 2].map((seed) => ({
			id: `e${seed}`,
			fingerprint: episode(seed, [{ seconds: 60 + seed * 7 }, { seconds: 40, theme: credits }]),
			offset: 1000,
			length: 100 + seed * 7,
			closing: true,
		}))
		const markers = findSharedMarkers(prints)
		expect(markers.get('e1')).toEqual({ start: expect.closeTo(1067, 0), end: 1107 })
		expect(markers.get('e2')).toEqual({ start: expect.closeTo(1074, 0), end: 1114 })
	})

	it('marks nothing in a season without a shared theme', () => {
		const prints = [1, 2, 3].map((seed) => ({ id: `e${seed}`, fingerprint: episode(seed, [{ seconds: 150 }]), offset: 0, length: 150 }))
		expect(findSharedMarkers(prints).size).toBe(0)
	})
})
