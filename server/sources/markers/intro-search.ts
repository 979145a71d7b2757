// Finds intros and credits by listening: episodes of one season that share a
// stretch of audio (the theme song) share a run of Chromaprint fingerprint
// items. Pure: fingerprints in, seconds out (fingerprint.server.ts reads them).
//
// Method (after the intro-skipper plugin's and Plex's published approach, written
// anew here): index one episode's items by value, let every exact match between
// the two episodes vote for the time shift between them, then, for the few
// best-voted shifts, walk the aligned items and keep those within a few bits of
// each other. The longest stretch of such items, bridging short gaps, is the
// shared audio; at least MIN_INTRO_SECONDS of it is an intro.

/** Seconds of audio per Chromaprint item (11,025 Hz, 4,096-sample frames, 2/3 overlap). */
export const FINGERPRINT_ITEM_SECONDS = 4096 / 3 / 11025
/** Shared audio shorter than this is a coincidence (a sting, a logo), not an intro. */
export const MIN_INTRO_SECONDS = 15
/** Items whose 32 bits differ in at most this many places are the same sound. */
export const MAX_BIT_ERRORS = 6
/** Near-equal items count once they hold this long (shorter ones are two similar chords, not one sound). */
export const SOLID_SECONDS = 1
/** A run of shared items may bridge a gap this long (a quiet bar, a re-mixed line). */
export const MAX_GAP_SECONDS = 3.5
/**
 * An item hears about 2.5 s of audio (a 0.37 s frame, chroma smoothing, filters
 * up to 16 frames wide), so near-equal items stop about half a window before the
 * shared audio does: the run's end is moved on by this much (measured on the
 * corpus of tests/support/intro-corpus.ts: 0.7–1.8 s short without it).
 */
export const RUN_END_CORRECTION_SECONDS = 1.2
/** A run ending this close to the end of the searched part runs to its end (the last items are never made). */
const PART_END_SLACK_SECONDS = 3
/** How many of the best-voted shifts are tried (each, and its neighbours, walked in full). */
const SHIFTS_TRIED = 6
/** Shifts need this many exact matches to be worth walking. */
const MIN_VOTES = 4

export interface SharedRun {
	/** Seconds into `a`'s fingerprinted part where the shared audio starts and ends. */
	aStart: number
	aEnd: number
	/** The same for `b`. */
	bStart: number
	bEnd: number
}

export interface Marker {
	start: number
	end: number
}

function popcount(value: number): number {
	let v = value - ((value >>> 1) & 0x55555555)
	v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
	return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** Exact-match votes for each shift (b index minus a index), best first. */
function votedShifts(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
	const positions = new Map<number, number[]>()
	for (let j = 0; j < b.length; j++) {
		const list = positions.get(b[j]!)
		if (list) {
			// A value repeated all over (silence) says nothing about alignment.
			if (list.length < 32) list.push(j)
		} else positions.set(b[j]!, [j])
	}
	const votes = new Map<number, number>()
	for (let i = 0; i < a.length; i++) {
		const list = positions.get(a[i]!)
		if (!list || list.length >= 32) continue
		for (const j of list) votes.set(j - i, (votes.get(j - i) ?? 0) + 1)
	}
	return [...votes.entries()]
		.filter(([, count]) => count >= MIN_VOTES)
		.sort((x, y) => y[1] - x[1] || x[0] - y[0])
		.slice(0, SHIFTS_TRIED)
		.map(([shift]) => shift)
}

/**
 * The longest run of near-equal items of `a` and `b` at one shift: stretches of
 * near-equal items (a dropped item or two inside them is fine) at least
 * SOLID_SECONDS long, joined across gaps up to MAX_GAP_SECONDS. Stray matches
 * (two similar chords) never start or end a run.
 */
function longestRunAt(a: ArrayLike<number>, b: ArrayLike<number>, shift: number): { first: number; last: number } | null {
	const maxGap = Math.round(MAX_GAP_SECONDS / FINGERPRINT_ITEM_SECONDS)
	const solid = Math.round(SOLID_SECONDS / FINGERPRINT_ITEM_SECONDS)
	const from = Math.max(0, -shift)
	const to = Math.min(a.length, b.length - shift)
	const stretches: Array<{ first: number; last: number }> = []
	let current: { first: number; last: number } | null = null
	for (let i = from; i < to; i++) {
		if (popcount((a[i]! ^ b[i + shift]!) >>> 0) > MAX_BIT_ERRORS) continue
		if (current && i - current.last <= 2) current.last = i
		else {
			if (current) stretches.push(current)
			current = { first: i, last: i }
		}
	}
	if (current) stretches.push(current)
	let best: { first: number; last: number } | null = null
	let run: { first: number; last: number } | null = null
	for (const stretch of stretches) {
		if (stretch.last - stretch.first + 1 < solid) continue
		if (run && stretch.first - run.last <= maxGap) run.last = stretch.last
		else run = { ...stretch }
		if (!best || run.last - run.first > best.last - best.first) best = { ...run }
	}
	return best
}

/** The longest stretch of audio `a` and `b` share, or null when none is long enough to be an intro. */
export function sharedRun(a: ArrayLike<number>, b: ArrayLike<number>, minSeconds = MIN_INTRO_SECONDS): SharedRun | null {
	let best: { first: number; last: number; shift: number } | null = null
	const walked = new Set<number>()
	for (const voted of votedShifts(a, b)) {
		// Two copies of a sound rarely start on the same 124 ms grid: try the neighbours too.
		for (const shift of [voted - 1, voted, voted + 1]) {
			if (walked.has(shift)) continue
			walked.add(shift)
			const run = longestRunAt(a, b, shift)
			if (run && (!best || run.last - run.first > best.last - best.first)) best = { ...run, shift }
		}
	}
	if (!best) return null
	const seconds = (index: number) => Math.round(index * FINGERPRINT_ITEM_SECONDS * 100) / 100
	const run: SharedRun = {
		aStart: seconds(best.first),
		aEnd: seconds(best.last + 1),
		bStart: seconds(best.first + best.shift),
		bEnd: seconds(best.last + 1 + best.shift),
	}
	return run.aEnd - run.aStart >= minSeconds ? run : null
}

export interface EpisodePrint {
	id: string
	/** Fingerprint of the episode's part that is searched. */
	fingerprint: ArrayLike<number>
	/** Seconds into the episode where that part starts (0 for the opening, the tail's start for credits). */
	offset: number
	/** Seconds of audio the fingerprint covers. */
	length: number
	/** The part ends where the episode ends (credits): a run that reaches its end runs to the episode's end. */
	closing?: boolean
}

/**
 * For each episode of a season (in episode order), the longest audio it shares
 * with a neighbour (the episode before or after it, then the one two away when
 * a neighbour lacks it: a recap episode, a special opening), in seconds of the
 * episode. Episodes that share nothing long enough get no marker.
 */
export function findSharedMarkers(episodes: readonly EpisodePrint[], minSeconds = MIN_INTRO_SECONDS): Map<string, Marker> {
	const found = new Map<string, Marker>()
	const memo = new Map<string, SharedRun | null>()
	const compare = (i: number, j: number): Marker | null => {
		const [x, y] = i < j ? [i, j] : [j, i]
		const key = `${x}:${y}`
		if (!memo.has(key)) memo.set(key, sharedRun(episodes[x]!.fingerprint, episodes[y]!.fingerprint, minSeconds))
		const run = memo.get(key)
		if (!run) return null
		const own = i === x ? { start: run.aStart, end: run.aEnd } : { start: run.bStart, end: run.bEnd }
		const { offset, length, closing } = episodes[i]!
		const corrected = Math.min(length, own.end + RUN_END_CORRECTION_SECONDS)
		const end = closing && corrected >= length - PART_END_SLACK_SECONDS ? length : corrected
		return { start: own.start + offset, end: end + offset }
	}
	for (let i = 0; i < episodes.length; i++) {
		let best: Marker | null = null
		for (const distance of [1, 2]) {
			for (const j of [i - distance, i + distance]) {
				if (j < 0 || j >= episodes.length) continue
				const marker = compare(i, j)
				if (marker && (!best || marker.end - marker.start > best.end - best.start)) best = marker
			}
			if (best) break
		}
		if (best) found.set(episodes[i]!.id, { start: round(best.start), end: round(best.end) })
	}
	return found
}

function round(seconds: number) {
	return Math.round(seconds * 100) / 100
}

/** How much of an episode's start is searched for an intro: the first quarter, at most 10 minutes. */
export function openingSpan(durationSeconds: number): number {
	return Math.min(durationSeconds / 4, 600)
}

/** How much of an episode's end is searched for credits: the last quarter, at most 10 minutes. */
export function closingSpan(durationSeconds: number): { start: number; length: number } {
	const length = Math.min(durationSeconds / 4, 600)
	return { start: Math.max(0, durationSeconds - length), length }
}
