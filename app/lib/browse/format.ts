import { yearOf } from '../titles/match.ts'

/** Year of an ISO date (YYYY-MM-DD…) as shown, or undefined when absent or malformed (the year rule is the title matcher's `yearOf`). */
export function yearText(date: string | null | undefined): string | undefined {
	const year = yearOf(date)
	return year === null ? undefined : String(year)
}

/**
 * Year shown in search rows (product.md §9): the year from the date; series show the
 * year plus "(first release)"; "Unknown" if absent.
 */
export function searchResultYear(date: string | null | undefined, kind: 'movie' | 'tv' | 'unknown'): string {
	const year = yearText(date)
	if (!year) return 'Unknown'
	return kind === 'tv' ? `${year} (first release)` : year
}

/** Rating to one decimal; absent or not a number → undefined. */
export function formatRating(value: number | null | undefined): string | undefined {
	if (typeof value !== 'number' || !Number.isFinite(value)) return undefined
	return value.toFixed(1)
}

export const OVERVIEW_LIMIT = 85

/** Overview cut at 85 characters plus an ellipsis (product.md §9); shorter text is kept whole. */
export function truncateOverview(text: string | null | undefined, limit = OVERVIEW_LIMIT): string {
	const clean = (text ?? '').trim()
	if (clean.length <= limit) return clean
	// Already shortened (loaders send shortened overviews): unchanged.
	if (clean.length <= limit + 3 && clean.endsWith('...')) return clean
	return `${clean.slice(0, limit).trimEnd()}...`
}

/** 139 → "2h 19m", 45 → "45m"; absent or zero → undefined. */
export function formatRuntime(minutes: number | null | undefined): string | undefined {
	if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0) return undefined
	const hours = Math.floor(minutes / 60)
	const rest = Math.round(minutes % 60)
	if (hours === 0) return `${rest}m`
	return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`
}

// Written out rather than with Intl.DateTimeFormat: this module is in the browse pages' first
// load, and the first Intl formatter a page makes loads the browser's locale data, 10-15 ms of
// main thread at module evaluation on a 2-CPU machine (issue 27). Same output as en-US "long".
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** "1999-10-15" → "October 15, 1999" (UTC, so server and browser agree). */
export function formatLongDate(date: string | null | undefined): string | undefined {
	if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) return undefined
	const time = Date.parse(date.slice(0, 10))
	if (Number.isNaN(time)) return undefined
	const day = new Date(time)
	return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`
}

/** 1234567 → "1.2M", 5400 → "5.4K", 999 → "999". */
export function formatCount(value: number | null | undefined): string {
	if (typeof value !== 'number' || !Number.isFinite(value)) return '0'
	if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`
	if (value >= 1_000) return `${(value / 1_000).toFixed(1).replace(/\.0$/, '')}K`
	return String(Math.round(value))
}
