// The one title matcher: how a name someone wrote (a file name, a Letterboxd
// or Trakt row) is compared with the catalogue's titles. Pure: the media
// folder (server/sources/media-folder/) and the library import
// (server/library-import/) fetch candidates and call it. Decision 0039.

/** Year of an ISO date (YYYY-MM-DD…) as a number, or null when absent or malformed. */
export function yearOf(date: string | null | undefined): number | null {
	const match = date ? /^(\d{4})(?:-|$)/.exec(date) : null
	const year = match ? Number(match[1]) : NaN
	return year > 1800 && year < 2200 ? year : null
}

const ARTICLES = /^(the|a|an) (?=\S)/
/** Library-sorted titles: "Green Mile, The". */
const TRAILING_ARTICLE = /,\s*(the|a|an)\s*$/i

/**
 * Comparable form of a title: lower case, no accents or apostrophes, "&" as
 * "and", "×" as "x", other punctuation as one space, no leading English article.
 * "The Lord of the Rings: The Two Towers" → "lord of the rings the two towers".
 */
export function normaliseTitle(title: string): string {
	return spelledOut(title).replace(ARTICLES, '')
}

/** normaliseTitle keeping a leading article ("the final destination" is not "final destination" when both exist). */
function spelledOut(title: string): string {
	const sorted = TRAILING_ARTICLE.exec(title)
	return (sorted ? `${sorted[1]} ${title.slice(0, sorted.index)}` : title)
		.normalize('NFKD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/&/g, ' and ')
		.replace(/×/g, ' x ')
		.replace(/['’`]/g, '')
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim()
}

/** What two titles must share to be the same name: the normalised form without spaces ("Spider-Man" = "Spiderman", "WALL·E" = "Wall E"). */
export function titleKey(title: string): string {
	return normaliseTitle(title).replace(/ /g, '')
}

export interface TitleCandidate {
	id: number
	type: 'movie' | 'show'
	title: string
	originalTitle?: string | null
	/** Other names TMDB knows the title by (its alternative_titles): romanized, regional, former. */
	alternativeTitles?: readonly string[]
	year: number | null
	popularity?: number
}

export interface WantedTitle {
	title: string
	year: number | null
	type: 'movie' | 'show'
}

export interface ChooseOptions {
	/** Several titles equally good: 'ambiguous' (a file: the owner adds a year or tag) or the most popular (an import row). */
	ties: 'ambiguous' | 'most-popular'
	/** A series' short name ("Demon Slayer" for "Demon Slayer: Kimetsu no Yaiba") when one series alone has it. */
	shortNames?: boolean
	/** One or two letters wrong in a long title, only with a year that agrees and the same numbers. */
	typos?: boolean
}

export type TitleChoice<C extends TitleCandidate = TitleCandidate> =
	| { status: 'matched'; candidate: C; how: 'name' | 'short name' | 'typo' }
	| { status: 'unmatched'; reason: string }
	| { status: 'ambiguous'; reason: string; candidates: C[] }

/** Every name of a candidate: title, original title, alternative titles. */
export function namesOf(candidate: TitleCandidate): string[] {
	return [candidate.title, candidate.originalTitle, ...(candidate.alternativeTitles ?? [])].filter((name): name is string => !!name)
}

/** The part of a title before its subtitle ("Demon Slayer" of "Demon Slayer: Kimetsu no Yaiba"), or null when it has none. */
export function shortNameOf(title: string): string | null {
	const m = /^(.+?)\s*(?::|\s[-–—]\s)\s*\S/.exec(title)
	return m ? m[1]! : null
}

const digits = (key: string) => key.replace(/\D/g, '')

/** Edit distance (insert, delete, replace, swap), stopping once past `max`. */
export function editDistance(a: string, b: string, max: number): number {
	if (Math.abs(a.length - b.length) > max) return max + 1
	let before: number[] = []
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
	for (let i = 1; i <= a.length; i++) {
		const current = [i]
		let best = i
		for (let j = 1; j <= b.length; j++) {
			let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1)
			current.push(value)
			best = Math.min(best, value)
		}
		if (best > max) return max + 1
		before = previous
		previous = current
	}
	return previous[b.length]!
}

function isTypoOf(wanted: string, name: string): boolean {
	// Short names are too close to each other ("Alien" and "Aliens"); numbers tell sequels apart ("Vol 1", "Vol 2").
	if (wanted.length < 6 || digits(wanted) !== digits(name)) return false
	const allowed = wanted.length >= 16 ? 2 : 1
	return editDistance(wanted, name, allowed) <= allowed
}

const kindWord = (type: 'movie' | 'show') => (type === 'movie' ? 'film' : 'series')

/**
 * Picks the title a name means among the catalogue's candidates. A name must
 * equal one of a candidate's names (title, original, alternative) once
 * normalised; failing that, a series' short name or a typo (when allowed).
 * A year, when the name has one, must be the candidate's or one off (release
 * dates differ by country); the exact year wins over one off.
 */
export function chooseTitle<C extends TitleCandidate>(
	wanted: WantedTitle,
	candidates: readonly C[],
	options: ChooseOptions,
): TitleChoice<C> {
	const key = titleKey(wanted.title)
	if (!key) return { status: 'unmatched', reason: 'no title in the name' }
	const ofType = candidates.filter((c) => c.type === wanted.type)
	const named = ofType.filter((c) => namesOf(c).some((name) => titleKey(name) === key))
	if (named.length > 0) return byYear(wanted, named, options, 'name')

	if (options.shortNames && wanted.type === 'show') {
		const short = ofType.filter((c) =>
			namesOf(c).some((name) => {
				const head = shortNameOf(name)
				return head !== null && titleKey(head) === key
			}),
		)
		// Only a short name one series alone answers to: two would be a guess.
		if (short.length === 1) return byYear(wanted, short, options, 'short name')
	}

	if (options.typos && wanted.year !== null) {
		const near = ofType.filter(
			(c) => c.year !== null && Math.abs(c.year - wanted.year!) <= 1 && namesOf(c).some((name) => isTypoOf(key, titleKey(name))),
		)
		if (near.length === 1) return { status: 'matched', candidate: near[0]!, how: 'typo' }
	}
	return { status: 'unmatched', reason: `no ${kindWord(wanted.type)} titled "${wanted.title}" in the catalogue` }
}

function byYear<C extends TitleCandidate>(
	wanted: WantedTitle,
	named: C[],
	options: ChooseOptions,
	how: 'name' | 'short name',
): TitleChoice<C> {
	let pool = named
	if (wanted.year !== null) {
		const exact = named.filter((c) => c.year === wanted.year)
		pool = exact.length > 0 ? exact : named.filter((c) => c.year !== null && Math.abs(c.year - wanted.year!) <= 1)
		if (pool.length === 0) return { status: 'unmatched', reason: `"${wanted.title}" is in the catalogue, but not from ${wanted.year}` }
	}
	if (pool.length > 1) {
		// "The Final Destination" is not "Final Destination" when the catalogue has both.
		const spelled = spelledOut(wanted.title).replace(/ /g, '')
		const same = pool.filter((c) => namesOf(c).some((name) => spelledOut(name).replace(/ /g, '') === spelled))
		if (same.length > 0) pool = same
	}
	if (pool.length === 1) return { status: 'matched', candidate: pool[0]!, how }
	if (options.ties === 'most-popular') {
		const best = pool.reduce((a, b) => ((b.popularity ?? 0) > (a.popularity ?? 0) ? b : a))
		return { status: 'matched', candidate: best, how }
	}
	return {
		status: 'ambiguous',
		reason:
			wanted.year === null
				? `${pool.length} titles "${wanted.title}"; add the year or a {tmdb-…} tag`
				: `${pool.length} titles "${wanted.title}" (${wanted.year})`,
		candidates: pool,
	}
}

export interface SeasonLength {
	season: number
	episodes: number
}

/**
 * Where an episode number falls in a series: a number within the given
 * season (or season 1 when none is given) stays there; a larger one is an
 * absolute number (fansub naming, "One Piece - 1071"), counted through the
 * catalogue's seasons in order, specials (season 0) left out. Past the last
 * season's end it continues the last season (the catalogue may not have the
 * newest episodes yet). Null when the catalogue knows no seasons.
 */
export function placeEpisode(
	season: number | null,
	episode: number,
	seasons: readonly SeasonLength[],
): { season: number; episode: number } | null {
	const regular = seasons.filter((s) => s.season > 0 && s.episodes > 0).toSorted((a, b) => a.season - b.season)
	if (regular.length === 0) return null
	if (season === 0) return { season, episode }
	const given = regular.find((s) => s.season === (season ?? regular[0]!.season))
	if (given && episode <= given.episodes) return { season: given.season, episode }
	if (season !== null && !given) return { season, episode }
	let left = episode
	for (const s of regular) {
		if (left <= s.episodes) return { season: s.season, episode: left }
		left -= s.episodes
	}
	const last = regular.at(-1)!
	return { season: last.season, episode: left + last.episodes }
}
