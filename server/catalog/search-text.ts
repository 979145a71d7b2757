// Pure text helpers for catalogue search: one normalisation for what is indexed
// and what is asked, and one relevance score that both databases' candidate
// lists are re-ranked with (so SQLite and PostgreSQL order results alike).

const LEADING_ARTICLES = new Set(['the', 'a', 'an'])

/** Lower case, no diacritics, no apostrophes, "&" as "and", other punctuation as spaces. */
export function normalizeSearchText(text: string): string {
	return text
		.normalize('NFKD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/&/g, ' and ')
		.replace(/['’`]/g, '')
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim()
}

export function stripLeadingArticle(normalized: string): string {
	const space = normalized.indexOf(' ')
	if (space > 0 && LEADING_ARTICLES.has(normalized.slice(0, space))) return normalized.slice(space + 1)
	return normalized
}

/** What goes into the full-text index for one title: its title, original title and alternative titles, each once. */
export function searchTextFor(title: string, originalTitle?: string | null, alternativeTitles: readonly string[] = []): string {
	const names = [title, originalTitle ?? '', ...alternativeTitles].map(normalizeSearchText).filter(Boolean)
	return [...new Set(names)].join(' ')
}

/** Query words, without a leading article (unless the article is all there is). */
export function queryTokens(query: string): string[] {
	const normalized = normalizeSearchText(query)
	if (!normalized) return []
	return stripLeadingArticle(normalized).split(' ').filter(Boolean).slice(0, 12)
}

/** Every string one edit (delete, swap, replace, insert) away from `word`: typo candidates. */
export function singleEdits(word: string): string[] {
	const letters = 'abcdefghijklmnopqrstuvwxyz0123456789'
	const out = new Set<string>()
	for (let i = 0; i <= word.length; i++) {
		const head = word.slice(0, i)
		const tail = word.slice(i)
		if (tail) out.add(head + tail.slice(1))
		if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2))
		for (const letter of letters) {
			if (tail) out.add(head + letter + tail.slice(1))
			out.add(head + letter + tail)
		}
	}
	out.delete(word)
	return [...out]
}

/** Edit distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = 2): number {
	if (Math.abs(a.length - b.length) > max) return max + 1
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
	for (let i = 1; i <= a.length; i++) {
		const current = [i]
		let best = i
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1
			let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (previous[j - 2] ?? value) + 1)
			current.push(value)
			best = Math.min(best, value)
		}
		if (best > max) return max + 1
		previous = current
	}
	return previous[b.length]!
}

export interface RankCandidate {
	title: string
	original_title: string | null
	popularity: number
}

function wordScore(queryWord: string, titleWords: string[], isLast: boolean): number {
	if (titleWords.includes(queryWord)) return 1
	if (isLast && titleWords.some((w) => w.startsWith(queryWord))) return 0.9
	if (queryWord.length >= 4 && titleWords.some((w) => editDistance(w, queryWord, 1) <= 1)) return 0.7
	if (queryWord.length >= 7 && titleWords.some((w) => editDistance(w, queryWord, 2) <= 2)) return 0.5
	return 0
}

function titleScore(tokens: string[], query: string, normalizedTitle: string): number {
	const bare = stripLeadingArticle(normalizedTitle)
	if (bare === query || normalizedTitle === query) return 100
	const words = bare.split(' ')
	let matched = 0
	for (let i = 0; i < tokens.length; i++) matched += wordScore(tokens[i]!, words, i === tokens.length - 1)
	const coverage = tokens.length ? matched / tokens.length : 0
	let score = coverage * 50
	if (bare.startsWith(query) || normalizedTitle.startsWith(query)) score += 25
	// Fewer extra words in the title means a closer match.
	score -= Math.max(0, words.length - tokens.length) * 1.5
	return score
}

/** Higher is better: exact title (with or without its article) > prefix > all words > typos; popularity breaks ties. */
export function relevanceScore(query: string, candidate: RankCandidate): number {
	const tokens = queryTokens(query)
	const joined = tokens.join(' ')
	const main = titleScore(tokens, joined, normalizeSearchText(candidate.title))
	const original = candidate.original_title ? titleScore(tokens, joined, normalizeSearchText(candidate.original_title)) - 2 : 0
	return Math.max(main, original) + Math.log10(1 + Math.max(0, candidate.popularity)) * 3
}

/** One query word as the database looks it up: itself (as a prefix when it is the last word) or a typo alternative. */
export interface SearchWord {
	token: string
	prefix: boolean
	alternatives: string[]
}

/** Words in at least this share of titles are checked on each match rather than looked up in the index. */
export const COMMON_WORD_SHARE = 0.1

/** Below this estimated share of titles matching every word, walking titles by popularity would read too many. */
export const DENSE_MATCH_SHARE = 0.02

/**
 * Estimated share of titles holding a word (0–1), from the database's most-common-word
 * statistics: a prefix counts every known word it starts, and a word missing from the
 * statistics is rare.
 */
export function wordShare(word: SearchWord, shares: ReadonlyMap<string, number>): number {
	let share = 0
	for (const form of [word.token, ...word.alternatives]) {
		if (word.prefix && form === word.token) {
			for (const [known, value] of shares) if (known.startsWith(form)) share += value
		} else {
			share += shares.get(form) ?? 0
		}
	}
	return Math.min(1, share)
}

/** A word as a tsquery fragment: `word`, `word:*`, or `(word | alternative)`. */
export function tsqueryFragment(word: SearchWord): string {
	const self = word.prefix ? `${word.token}:*` : word.token
	return word.alternatives.length ? `(${[self, ...word.alternatives].join(' | ')})` : self
}

/**
 * Splits a query into words worth an index lookup and common words to check on each match.
 * When every word is common but together they are not (their estimated shares multiplied),
 * they are all looked up, since walking the titles by popularity would find few matches.
 */
export function splitCommonWords(
	words: SearchWord[],
	shares: ReadonlyMap<string, number>,
): { indexed: SearchWord[]; checked: SearchWord[] } {
	const indexed: SearchWord[] = []
	const checked: SearchWord[] = []
	let together = 1
	for (const word of words) {
		const share = wordShare(word, shares)
		together *= share
		;(share >= COMMON_WORD_SHARE ? checked : indexed).push(word)
	}
	if (indexed.length === 0 && together < DENSE_MATCH_SHARE) return { indexed: words, checked: [] }
	return { indexed, checked }
}
