import type { MediaFilter } from '../catalog/media-type.ts'

/** Network pages: 40 items per page for All (movies + series), 20 for Movies or TV Shows (product.md §9). */
export const NETWORK_PAGE_SIZE_ALL = 40
export const NETWORK_PAGE_SIZE_SINGLE = 20
/** The next page loads when the fifth-from-last item becomes visible. */
export const INFINITE_TRIGGER_FROM_END = 5

export function pageSizeFor(filter: MediaFilter): number {
	return filter === 'all' ? NETWORK_PAGE_SIZE_ALL : NETWORK_PAGE_SIZE_SINGLE
}

/** Infinite scroll stops once a page brings fewer items than a full page. */
export function hasMoreAfter(receivedCount: number, filter: MediaFilter): boolean {
	return receivedCount >= pageSizeFor(filter)
}

/** Index of the item whose visibility loads the next page (the fifth from last, or the first of short lists). */
export function infiniteTriggerIndex(length: number): number {
	return Math.max(0, length - INFINITE_TRIGGER_FROM_END)
}

/** Small deterministic PRNG (mulberry32) so server and browser shuffle identically for a seed. */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0
	return () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

/** Fisher–Yates shuffle returning a new array. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
	const out = items.slice()
	for (let i = out.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1))
		const swap = out[i] as T
		out[i] = out[j] as T
		out[j] = swap
	}
	return out
}

/** Genre pages show movie and tv results shuffled together (product.md §4). */
export function shuffleTogether<T>(movies: readonly T[], series: readonly T[], random: () => number = Math.random): T[] {
	return shuffle([...movies, ...series], random)
}

/** Interleaves two lists (a, b, a, b…), used for mixed movie/series rows. */
export function interleave<A, B>(first: readonly A[], second: readonly B[]): Array<A | B> {
	const out: Array<A | B> = []
	const longest = Math.max(first.length, second.length)
	for (let i = 0; i < longest; i++) {
		if (i < first.length) out.push(first[i] as A)
		if (i < second.length) out.push(second[i] as B)
	}
	return out
}
