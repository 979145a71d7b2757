// Where the demo titles can be watched, in TMDB's watch/providers shape, for a
// handful of regions. The providers are real: TMDB's provider ids with TMDB's
// names for them. Each title's US streaming networks come from its source
// line (n, d, h, a, t, m, p, k); the other regions and the stores that rent and
// sell follow the rules below, so the demo reads like the real data without
// claiming to be it. Pure: used by scripts/catalog-build-demo.ts.

export const DEMO_WATCH_REGIONS = ['US', 'GB', 'CA', 'DE', 'FR'] as const
export type DemoWatchRegion = (typeof DEMO_WATCH_REGIONS)[number]

/** TMDB watch-provider id → TMDB's name for it. */
export const DEMO_PROVIDERS: Record<number, string> = {
	2: 'Apple TV',
	3: 'Google Play Movies',
	8: 'Netflix',
	9: 'Amazon Prime Video',
	10: 'Amazon Video',
	15: 'Hulu',
	29: 'Sky Go',
	30: 'WOW',
	35: 'Rakuten TV',
	61: 'Orange VOD',
	68: 'Microsoft Store',
	130: 'Sky Store',
	140: 'Cineplex',
	192: 'YouTube',
	230: 'Crave',
	337: 'Disney Plus',
	350: 'Apple TV Plus',
	386: 'Peacock',
	531: 'Paramount Plus',
	1899: 'HBO Max',
}

/** The source lines' network codes → TMDB provider id (US). */
export const NETWORK_CODES: Record<string, number> = { n: 8, d: 337, h: 15, a: 9, t: 350, m: 1899, p: 531, k: 386 }

const EVERYWHERE = (id: number) =>
	Object.fromEntries(DEMO_WATCH_REGIONS.map((region) => [region, [id]])) as Record<DemoWatchRegion, number[]>

/** Where a US network's titles stream in each region (a region left out: not streamed there). */
const STREAMING: Record<number, Partial<Record<DemoWatchRegion, number[]>>> = {
	8: EVERYWHERE(8),
	9: EVERYWHERE(9),
	337: EVERYWHERE(337),
	350: EVERYWHERE(350),
	531: EVERYWHERE(531),
	// Hulu's library is on Disney Plus outside the US.
	15: { US: [15], GB: [337], CA: [337], DE: [337], FR: [337] },
	// HBO's: Sky in the UK, Crave in Canada, WOW in Germany, HBO Max in France.
	1899: { US: [1899], GB: [29], CA: [230], DE: [30], FR: [1899] },
	386: { US: [386], GB: [29], DE: [30] },
}

/** The stores that rent and sell, per region, in their usual order. */
const STORES: Record<DemoWatchRegion, number[]> = {
	US: [2, 10, 3, 192, 68],
	GB: [2, 10, 3, 130, 35],
	CA: [2, 3, 10, 140, 192],
	DE: [2, 10, 3, 130, 35],
	FR: [2, 3, 61, 35, 10],
}

/** Stores that sell whole seasons of series. */
const SEASON_STORES: Record<DemoWatchRegion, number[]> = {
	US: [2, 10, 3, 68],
	GB: [2, 10, 3, 130],
	CA: [2, 3, 10],
	DE: [2, 10, 3],
	FR: [2, 3, 61],
}

/** TMDB-like display priorities: the big services first, then the stores. */
const PRIORITY = [8, 9, 337, 2, 15, 1899, 350, 531, 386, 10, 3, 29, 30, 230, 130, 35, 140, 61, 192, 68]

export interface DemoProvider {
	provider_id: number
	provider_name: string
	logo_path: string
	display_priority: number
}

export interface DemoWatchEntry {
	link: string
	flatrate?: DemoProvider[]
	rent?: DemoProvider[]
	buy?: DemoProvider[]
}

export interface DemoTitleOffers {
	kind: 'movie' | 'tv'
	id: number
	/** The source line's US network codes, comma-separated ('' for none). */
	codes: string
	/** Announced, not out yet: streaming only where a network has it, nothing to rent or buy. */
	upcoming: boolean
	/** A stable number per title, so each leaves out a different store. */
	seed: number
}

/**
 * The title's watch/providers answer: streaming where its networks reach;
 * released films sold and rented by the region's stores (each title misses a
 * different one outside the US); series sold by the season, not rented.
 */
export function demoWatchProviders(
	title: DemoTitleOffers,
	logoPath: (providerId: number) => string,
): { results: Partial<Record<DemoWatchRegion, DemoWatchEntry>> } {
	const networks = title.codes
		.split(',')
		.filter(Boolean)
		.map((code) => {
			const id = NETWORK_CODES[code]
			if (!id) throw new Error(`unknown network code ${code} on ${title.kind} ${title.id}`)
			return id
		})
	const provider = (id: number): DemoProvider => {
		const name = DEMO_PROVIDERS[id]
		if (!name) throw new Error(`provider ${id} has no name`)
		const rank = PRIORITY.indexOf(id)
		return { provider_id: id, provider_name: name, logo_path: logoPath(id), display_priority: rank === -1 ? 99 : rank }
	}
	const list = (ids: number[]) => [...new Set(ids)].sort((a, b) => PRIORITY.indexOf(a) - PRIORITY.indexOf(b)).map(provider)
	const results: Partial<Record<DemoWatchRegion, DemoWatchEntry>> = {}
	DEMO_WATCH_REGIONS.forEach((region, index) => {
		const entry: DemoWatchEntry = { link: `https://www.themoviedb.org/${title.kind}/${title.id}/watch?locale=${region}` }
		const streaming = networks.flatMap((id) => STREAMING[id]?.[region] ?? [])
		if (streaming.length) entry.flatrate = list(streaming)
		if (!title.upcoming) {
			if (title.kind === 'movie') {
				const stores = STORES[region]
				const left = stores[(title.seed + index) % stores.length]!
				entry.buy = list(stores.filter((id) => id !== left || index === 0))
				entry.rent = list(stores.filter((id) => id !== left))
			} else {
				entry.buy = list(SEASON_STORES[region])
			}
		}
		if (entry.flatrate || entry.rent || entry.buy) results[region] = entry
	})
	return { results }
}
