// Pure rules of the stats page (product.md §2 "Stats page", §9 "Stats"): the watch
// time split, data per movie, the daily average, bar lengths and the load
// colour. No I/O; the figures come from the static record (record.ts).

/** product.md §9: a year is 365 days. */
export const HOURS_PER_DAY = 24
export const HOURS_PER_YEAR = 365 * HOURS_PER_DAY
/** Decimal units, as disks and transfer plans count them: 1 TB = 1,000 GB. */
export const GB_PER_TB = 1000

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })
const gigabytes = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Whole numbers with thousands separators: 1,284,512 (browse/format.ts's formatCount shortens to 1.3M instead). */
export function formatFullCount(value: number): string {
	return counts.format(value)
}

/** Short figures for chart labels on a phone: 236.9K, 1.3M. */
export function formatCompact(value: number): string {
	return compact.format(value)
}

export interface WatchTime {
	years: number
	days: number
	hours: number
	/** Every whole hour, the sum of the three parts above. */
	totalHours: number
}

/** Seconds split into whole years (365 days), days and hours; parts below an hour are dropped. */
export function splitWatchTime(totalSeconds: number): WatchTime {
	const totalHours = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds / 3600) : 0
	return {
		years: Math.floor(totalHours / HOURS_PER_YEAR),
		days: Math.floor((totalHours % HOURS_PER_YEAR) / HOURS_PER_DAY),
		hours: totalHours % HOURS_PER_DAY,
		totalHours,
	}
}

function plural(value: number, unit: string) {
	return `${formatFullCount(value)} ${unit}${value === 1 ? '' : 's'}`
}

/** "125 years, 59 days, 19 hours". */
export function formatWatchTime({ years, days, hours }: WatchTime): string {
	return [plural(years, 'year'), plural(days, 'day'), plural(hours, 'hour')].join(', ')
}

/** Whole days from the launch date (UTC midnight) to now; never negative. */
export function daysSince(isoDate: string, now: Date): number {
	return Math.max(0, Math.floor((now.getTime() - Date.parse(`${isoDate}T00:00:00Z`)) / 86_400_000))
}

/** Movies per day since launch, rounded; on the launch day (0 days) the total is that day's. */
export function dailyAverage(total: number, days: number): number {
	return Math.round(Math.max(0, total) / Math.max(1, days))
}

/** "2,861 TB". */
export function formatTerabytes(terabytes: number): string {
	return `${formatFullCount(terabytes)} TB`
}

/** Gigabytes per movie watched (1 TB = 1,000 GB); 0 before any movie is watched. */
export function gbPerMovie(terabytes: number, movies: number): number {
	if (!(movies > 0) || !(terabytes > 0)) return 0
	return (terabytes * GB_PER_TB) / movies
}

/** "2.23 GB". */
export function formatGigabytes(gigabytesValue: number): string {
	return `${gigabytes.format(gigabytesValue)} GB`
}

/** A bar's length in percent of the largest value, 0 to 100 with one decimal. */
export function barPercent(value: number, max: number): number {
	if (!(max > 0) || !(value > 0)) return 0
	return Math.round(Math.min(1, value / max) * 1000) / 10
}

/** Bar lengths for a set of values, the largest at 100. */
export function barPercents(values: readonly number[]): number[] {
	const max = Math.max(0, ...values)
	return values.map((value) => barPercent(value, max))
}

/** "+37%" for growth, "-4%" for a decline. */
export function formatGrowth(percent: number): string {
	return `${percent > 0 ? '+' : ''}${formatFullCount(percent)}%`
}

/** "Monday" → "Mon", for the day-of-week chart's axis. */
export function dayAbbreviation(day: string): string {
	return day.slice(0, 3)
}

/** Server load bar colour (product.md §9 thresholds): green below 70, yellow from 70 to below 90, red from 90. */
export function loadBarColour(load: number) {
	if (load >= 90) return 'bg-red-600'
	if (load >= 70) return 'bg-yellow-500'
	return 'bg-green-600'
}
