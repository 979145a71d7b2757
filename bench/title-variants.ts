// Titles as people write them, and near misses that must not match, for the
// match-rate benches (bench/library-import.ts, bench/sources/matching.ts): a
// catalogue's exact titles and years would make their rates true by
// construction. Deterministic for a given random source.
import { normaliseTitle, titleKey } from '#app/lib/titles/match.ts'

export interface CatalogueTitle {
	id: number
	title: string
	originalTitle: string | null
	year: number | null
}

export type WrittenHow =
	'exact' | 'punctuation' | 'lower case' | 'accents' | 'article' | 'and/&' | 'original title' | 'year ±1' | 'no year' | 'typo'

export interface Written {
	title: string
	year: number | null
	how: WrittenHow
}

const stripAccents = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '')

/** One letter swapped with its neighbour in the longest word (the commonest slip), or null when no word is long enough. */
function typo(title: string, random: () => number): string | null {
	const words = title.split(' ')
	const longest = words.reduce((best, word, i) => (word.length > (words[best]?.length ?? 0) ? i : best), 0)
	const word = words[longest]!
	if (word.length < 6 || !/^\p{L}+$/u.test(word)) return null
	const at = 1 + Math.floor(random() * (word.length - 3))
	if (word[at] === word[at + 1]) return null
	words[longest] = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
	return words.join(' ')
}

/**
 * The title as someone might have written it, one way picked at random among
 * those that change something: exact, without punctuation, in lower case,
 * without accents, its article dropped or moved to the end ("Green Mile,
 * The"), "&" and "and" swapped, its original title, a year one off, no year,
 * or with two letters swapped.
 */
export function writtenVariant(t: CatalogueTitle, random: () => number): Written {
	const article = /^(The|A|An) (.+)$/.exec(t.title)
	const typoed = typo(t.title, random)
	const options: Written[] = [
		{ title: t.title, year: t.year, how: 'exact' },
		{
			title: t.title
				.replace(/[^\p{L}\p{N}\s]+/gu, ' ')
				.replace(/\s+/g, ' ')
				.trim(),
			year: t.year,
			how: 'punctuation',
		},
		{ title: t.title.toLowerCase(), year: t.year, how: 'lower case' },
		{ title: stripAccents(t.title), year: t.year, how: 'accents' },
		...(article ? [{ title: random() < 0.5 ? article[2]! : `${article[2]}, ${article[1]}`, year: t.year, how: 'article' as const }] : []),
		{ title: t.title.includes('&') ? t.title.replace(/&/g, 'and') : t.title.replace(/ and /g, ' & '), year: t.year, how: 'and/&' },
		...(t.originalTitle ? [{ title: t.originalTitle, year: t.year, how: 'original title' as const }] : []),
		...(t.year ? [{ title: t.title, year: t.year + (random() < 0.5 ? -1 : 1), how: 'year ±1' as const }] : []),
		{ title: t.title, year: null, how: 'no year' },
		...(typoed ? [{ title: typoed, year: t.year, how: 'typo' as const }] : []),
	]
	const changed = options.filter((o) => o.how === 'exact' || o.title !== t.title || o.year !== t.year)
	return changed[Math.floor(random() * changed.length)]!
}

export type NearMissHow = 'sequel' | 'remake' | 'same name, another year'

export interface NearMiss {
	title: string
	year: number
	how: NearMissHow
}

/**
 * Near misses built from the catalogue's own titles, kept only when the
 * catalogue has no title of that name within a year of that year (so a match
 * is wrong): a sequel ("Title 2", "Title Part II", "Title: Resurrection"), a
 * remake (the same name, 15 to 40 years later) and a same-name title of
 * another year (5 to 30 years earlier).
 */
export function nearMisses(titles: readonly CatalogueTitle[], random: () => number, count: number): NearMiss[] {
	const years = new Map<string, number[]>()
	for (const t of titles) {
		for (const name of [t.title, t.originalTitle]) {
			if (!name) continue
			const key = titleKey(name)
			years.set(key, [...(years.get(key) ?? []), t.year ?? 0])
		}
	}
	const free = (title: string, year: number) => {
		const known = years.get(titleKey(title)) ?? []
		// A sequel's name may be a prefix of nothing; an unknown name is always a miss.
		return known.every((y) => Math.abs(y - year) > 1)
	}
	const out: NearMiss[] = []
	const seen = new Set<string>()
	for (let tries = 0; out.length < count && tries < count * 20; tries++) {
		const t = titles[Math.floor(random() * titles.length)]!
		if (!t.year || !normaliseTitle(t.title)) continue
		const pick = random()
		let miss: NearMiss
		if (pick < 0.4) {
			const suffix = [' 2', ' 3', ' Part II', ': Resurrection', ' Returns'][Math.floor(random() * 5)]!
			miss = { title: `${t.title}${suffix}`, year: t.year + 2 + Math.floor(random() * 5), how: 'sequel' }
		} else if (pick < 0.7) {
			miss = { title: t.title, year: t.year + 15 + Math.floor(random() * 26), how: 'remake' }
		} else {
			miss = { title: t.title, year: t.year - 5 - Math.floor(random() * 26), how: 'same name, another year' }
		}
		const key = `${titleKey(miss.title)}:${miss.year}`
		if (miss.year > new Date().getUTCFullYear() || seen.has(key) || !free(miss.title, miss.year)) continue
		seen.add(key)
		out.push(miss)
	}
	return out
}

/** A small deterministic random source (an LCG), so runs compare. */
export function seededRandom(seed: number): () => number {
	let state = seed
	return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
}

/** "right / total (p %)" */
export function rate(hits: number, total: number): string {
	return `${hits}/${total} (${((hits / Math.max(1, total)) * 100).toFixed(1)} %)`
}
