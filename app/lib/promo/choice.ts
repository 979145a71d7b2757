import type { Ad, InfoBanner } from './schema.ts'

// Pure rules of the home page's promo slots (product.md §4): which ads run today,
// the weighted choice, "a dismissed ad is hidden for that day only", and
// "info box hidden after expiry or dismissal". No I/O, no zod: the browser
// bundle imports this.

export type { Ad, InfoBanner }

const DAY_MS = 24 * 60 * 60 * 1000
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** Start of a configured date: a bare date is that day's 00:00 UTC. */
export function startOf(value: string): number {
	return DATE_ONLY.test(value) ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value)
}

/** End of a configured date (exclusive): a bare date includes the whole day, UTC. */
export function endOf(value: string): number {
	return DATE_ONLY.test(value) ? Date.parse(`${value}T00:00:00Z`) + DAY_MS : Date.parse(value)
}

/** Whether an ad runs at `now`: inside its start and end dates, with a positive weight. */
export function isAdActive(ad: Ad, now: number): boolean {
	if (!(ad.priority > 0)) return false
	if (ad.startDate && now < startOf(ad.startDate)) return false
	if (ad.endDate && now >= endOf(ad.endDate)) return false
	return true
}

export function activeAds(ads: readonly Ad[], now: number): Ad[] {
	return ads.filter((ad) => isAdActive(ad, now))
}

/** The visitor's calendar day (local time) as YYYY-MM-DD, the key of a day-long ad dismissal. */
export function localDay(date: Date): string {
	const month = String(date.getMonth() + 1).padStart(2, '0')
	const day = String(date.getDate()).padStart(2, '0')
	return `${date.getFullYear()}-${month}-${day}`
}

/** Ids dismissed on `today`; dismissals from earlier days no longer count. */
export function dismissedToday(dismissedAds: Readonly<Record<string, string>> | undefined, today: string): Set<string> {
	const ids = new Set<string>()
	for (const [id, day] of Object.entries(dismissedAds ?? {})) if (day === today) ids.add(id)
	return ids
}

/** The stored record after dismissing `id` today; older days are dropped so the record stays small. */
export function withAdDismissed(
	dismissedAds: Readonly<Record<string, string>> | undefined,
	id: string,
	today: string,
): Record<string, string> {
	const next: Record<string, string> = {}
	for (const [key, day] of Object.entries(dismissedAds ?? {})) if (day === today) next[key] = day
	next[id] = today
	return next
}

// The server and the browser draw the same ads from the same seed.
export { seededRandom } from '../browse/lists.ts'

/**
 * Chooses up to `count` different ads, each draw weighted by priority among
 * the ads not yet chosen and not in `exclude` (dismissed today).
 */
export function pickAds(ads: readonly Ad[], count: number, random: () => number, exclude: ReadonlySet<string> = new Set()): Ad[] {
	const pool = ads.filter((ad) => ad.priority > 0 && !exclude.has(ad.id))
	const chosen: Ad[] = []
	while (chosen.length < count && pool.length > 0) {
		const total = pool.reduce((sum, ad) => sum + ad.priority, 0)
		let target = random() * total
		let index = pool.length - 1
		for (let i = 0; i < pool.length; i++) {
			target -= pool[i]!.priority
			if (target < 0) {
				index = i
				break
			}
		}
		chosen.push(pool[index]!)
		pool.splice(index, 1)
	}
	return chosen
}

/** Whether the banner shows: not past expiresAt and not dismissed (when it can be dismissed). */
export function isBannerVisible(banner: InfoBanner, now: number, dismissedIds: readonly string[] | undefined): boolean {
	if (banner.expiresAt && now >= endOf(banner.expiresAt)) return false
	if (banner.dismissible && dismissedIds?.includes(banner.id)) return false
	return true
}
