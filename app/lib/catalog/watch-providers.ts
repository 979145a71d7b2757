// "Where to watch" (issue "Beyond the spec", item 2): which streaming, rent
// and buy offers TMDB (data by JustWatch) lists for a title in the viewer's
// region. Pure rules shared by the detail pages' loaders and the browser.

/** The regions TMDB has watch-provider data for (its answer for Fight Club, 96 regions), with their English names. */
export const REGION_NAMES: Record<string, string> = {
	AE: 'United Arab Emirates',
	AL: 'Albania',
	AR: 'Argentina',
	AT: 'Austria',
	AU: 'Australia',
	AZ: 'Azerbaijan',
	BA: 'Bosnia and Herzegovina',
	BE: 'Belgium',
	BG: 'Bulgaria',
	BH: 'Bahrain',
	BO: 'Bolivia',
	BR: 'Brazil',
	CA: 'Canada',
	CH: 'Switzerland',
	CL: 'Chile',
	CO: 'Colombia',
	CR: 'Costa Rica',
	CV: 'Cape Verde',
	CY: 'Cyprus',
	CZ: 'Czechia',
	DE: 'Germany',
	DK: 'Denmark',
	DO: 'Dominican Republic',
	EC: 'Ecuador',
	EE: 'Estonia',
	EG: 'Egypt',
	ES: 'Spain',
	FI: 'Finland',
	FR: 'France',
	GB: 'United Kingdom',
	GF: 'French Guiana',
	GG: 'Guernsey',
	GI: 'Gibraltar',
	GR: 'Greece',
	GT: 'Guatemala',
	HK: 'Hong Kong',
	HN: 'Honduras',
	HR: 'Croatia',
	HU: 'Hungary',
	ID: 'Indonesia',
	IE: 'Ireland',
	IL: 'Israel',
	IN: 'India',
	IQ: 'Iraq',
	IS: 'Iceland',
	IT: 'Italy',
	JO: 'Jordan',
	JP: 'Japan',
	KR: 'South Korea',
	KW: 'Kuwait',
	LB: 'Lebanon',
	LI: 'Liechtenstein',
	LT: 'Lithuania',
	LU: 'Luxembourg',
	LV: 'Latvia',
	MC: 'Monaco',
	MK: 'North Macedonia',
	MT: 'Malta',
	MU: 'Mauritius',
	MX: 'Mexico',
	MY: 'Malaysia',
	MZ: 'Mozambique',
	NI: 'Nicaragua',
	NL: 'Netherlands',
	NO: 'Norway',
	NZ: 'New Zealand',
	OM: 'Oman',
	PA: 'Panama',
	PE: 'Peru',
	PF: 'French Polynesia',
	PH: 'Philippines',
	PK: 'Pakistan',
	PL: 'Poland',
	PS: 'Palestinian Territories',
	PT: 'Portugal',
	PY: 'Paraguay',
	QA: 'Qatar',
	RO: 'Romania',
	RS: 'Serbia',
	SA: 'Saudi Arabia',
	SE: 'Sweden',
	SG: 'Singapore',
	SI: 'Slovenia',
	SK: 'Slovakia',
	SM: 'San Marino',
	SV: 'El Salvador',
	TH: 'Thailand',
	TR: 'Türkiye',
	TW: 'Taiwan',
	UA: 'Ukraine',
	UG: 'Uganda',
	US: 'United States',
	UY: 'Uruguay',
	VE: 'Venezuela',
	YE: 'Yemen',
	ZA: 'South Africa',
}

export const WATCH_REGIONS = Object.keys(REGION_NAMES)

/** Where nothing else tells: the server's render, and browsers whose languages name no known region. */
export const DEFAULT_WATCH_REGION = 'US'

/** The setting's value: 'auto' (from the browser's languages) or a region code. */
export const WATCH_REGION_SETTING = /^(auto|[A-Z]{2})$/

const KNOWN = new Set<string>(WATCH_REGIONS)

/** A language without a region ("de") → the region most of its speakers are in. */
const LANGUAGE_REGIONS: Record<string, string> = {
	ar: 'AE',
	bg: 'BG',
	cs: 'CZ',
	da: 'DK',
	de: 'DE',
	el: 'GR',
	en: 'US',
	es: 'ES',
	et: 'EE',
	fi: 'FI',
	fr: 'FR',
	he: 'IL',
	hi: 'IN',
	hr: 'HR',
	hu: 'HU',
	id: 'ID',
	is: 'IS',
	it: 'IT',
	ja: 'JP',
	ko: 'KR',
	lt: 'LT',
	lv: 'LV',
	ms: 'MY',
	nb: 'NO',
	nl: 'NL',
	nn: 'NO',
	no: 'NO',
	pl: 'PL',
	pt: 'BR',
	ro: 'RO',
	sk: 'SK',
	sl: 'SI',
	sr: 'RS',
	sv: 'SE',
	th: 'TH',
	tr: 'TR',
	uk: 'UA',
	zh: 'TW',
}

/**
 * The region the browser's languages point to ("en-GB" → GB, "de" → DE), the
 * first one TMDB has data for; undefined when none does.
 */
export function regionFromLanguages(languages: readonly string[]): string | undefined {
	for (const tag of languages) {
		const parts = tag.trim().split(/[-_]/)
		const region = parts
			.slice(1)
			.find((part) => /^[A-Za-z]{2}$/.test(part))
			?.toUpperCase()
		if (region && KNOWN.has(region)) return region
		const language = parts[0]?.toLowerCase()
		// "es-419" and other regions TMDB lacks fall back to the language's usual region.
		const usual = language ? LANGUAGE_REGIONS[language] : undefined
		if (usual && !region) return usual
	}
	return undefined
}

/** The region to show: the one chosen in settings, else the browser's, else US. */
export function chooseWatchRegion(setting: string | undefined, languages: readonly string[]): string {
	if (setting && setting !== 'auto' && /^[A-Z]{2}$/.test(setting)) return setting
	return regionFromLanguages(languages) ?? DEFAULT_WATCH_REGION
}

/** "GB" → "United Kingdom" (the code itself for a region not in the list). */
export function regionName(code: string): string {
	return REGION_NAMES[code] ?? code
}

/** The regions for a picker, by name. */
export function regionOptions(): Array<{ value: string; label: string }> {
	return Object.entries(REGION_NAMES)
		.map(([value, label]) => ({ value, label }))
		.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
}

export const OFFER_KINDS = ['flatrate', 'rent', 'buy'] as const
export type OfferKind = (typeof OFFER_KINDS)[number]

export const OFFER_LABELS: Record<OfferKind, string> = { flatrate: 'Stream', rent: 'Rent', buy: 'Buy' }

interface TmdbProvider {
	provider_id: number
	provider_name: string
	logo_path?: string | null
	display_priority?: number | null
}

/** TMDB's watch/providers `results` (as appended to a movie or series). */
export type TmdbWatchResults = Record<string, { link?: string | null } & Partial<Record<OfferKind, TmdbProvider[]>>>

export interface WatchProvider {
	id: number
	name: string
	logo: string | null
}

/** Every region's offers in a compact form for a page's data: provider ids per kind, names and logos once. */
export interface WatchOptions {
	providers: Record<string, WatchProvider>
	regions: Record<string, { link: string | null } & Record<OfferKind, number[]>>
}

/**
 * Compacts TMDB's answer: each list in TMDB's display order without repeats,
 * regions without an offer of the three kinds left out.
 */
export function compactWatchOptions(results: TmdbWatchResults | null | undefined): WatchOptions {
	const options: WatchOptions = { providers: {}, regions: {} }
	for (const region of Object.keys(results ?? {}).sort()) {
		if (!/^[A-Z]{2}$/.test(region)) continue
		const entry = results![region]!
		const lists = {} as Record<OfferKind, number[]>
		for (const kind of OFFER_KINDS) {
			const sorted = (entry[kind] ?? []).slice().sort((a, b) => (a.display_priority ?? 0) - (b.display_priority ?? 0))
			const ids: number[] = []
			for (const provider of sorted) {
				if (ids.includes(provider.provider_id)) continue
				ids.push(provider.provider_id)
				options.providers[provider.provider_id] ??= {
					id: provider.provider_id,
					name: provider.provider_name,
					logo: provider.logo_path ?? null,
				}
			}
			lists[kind] = ids
		}
		if (OFFER_KINDS.some((kind) => lists[kind].length > 0)) options.regions[region] = { link: entry.link ?? null, ...lists }
	}
	return options
}

export interface OfferGroup {
	kind: OfferKind
	label: string
	providers: WatchProvider[]
}

/** The offers of one region, grouped Stream, Rent, Buy (empty groups left out); no groups: nothing there. */
export function offersIn(options: WatchOptions, region: string): { link: string | null; groups: OfferGroup[] } {
	const entry = options.regions[region]
	if (!entry) return { link: null, groups: [] }
	const groups = OFFER_KINDS.map((kind) => ({
		kind,
		label: OFFER_LABELS[kind],
		providers: entry[kind].flatMap((id) => (options.providers[id] ? [options.providers[id]] : [])),
	})).filter((group) => group.providers.length > 0)
	return { link: entry.link, groups }
}
