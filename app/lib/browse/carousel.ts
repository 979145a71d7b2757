/** Carousel constants (product.md §4, §9). */
export const CAROUSEL_INTERVAL_MS = 5000
export const CAROUSEL_TRANSITION_LOCK_MS = 500
export const CAROUSEL_TOUCH_PAUSE_MS = 10_000
export const CAROUSEL_DISPLAY_LIMIT = 100
/** Hero list length: 10 on small screens, 15 otherwise. */
export const HERO_ITEMS_MOBILE = 10
export const HERO_ITEMS_DESKTOP = 15
/** Home rows: Popular Shows and Movies 30, the others 15. */
export const HOME_POPULAR_LIMIT = 30
export const HOME_ROW_LIMIT = 15
/** Cards of a row in the page's HTML (a wide screen shows about seven); the rest render in the browser. */
export const ROW_FIRST_RENDER_ITEMS = 8

/** Next index, wrapping around. */
export function wrapIndex(index: number, length: number): number {
	if (length <= 0) return 0
	return ((index % length) + length) % length
}

/** Items a carousel may show: at most the display limit. */
export function carouselItems<T>(items: readonly T[], limit = CAROUSEL_DISPLAY_LIMIT): T[] {
	return items.slice(0, limit)
}

/**
 * Decides whether a move is allowed now: moves within 500 ms of the last one
 * are ignored, so rapid clicks cannot skip slides mid-transition.
 */
export function createTransitionLock(lockMs = CAROUSEL_TRANSITION_LOCK_MS) {
	let lastMove = Number.NEGATIVE_INFINITY
	return (now: number) => {
		if (now - lastMove < lockMs) return false
		lastMove = now
		return true
	}
}

/**
 * Loading placeholders (product.md §9 "Skeleton counts 10, 13, 30"): a library grid
 * of bookmarks shows 10, a poster row 13 (more than fit, so the row is full at
 * any width), the watch-history grid 30 (its page holds that many and more).
 */
export const SKELETON_COUNTS = { bookmarks: 10, row: 13, historyGrid: 30 } as const
