import { sql } from 'kysely'
import type { CatalogTitlesTable } from '../tables.ts'
import { createPgSearch } from '../pg-search.server.ts'
import { queryTokens, relevanceScore, singleEdits, type SearchWord } from '../search-text.ts'
import type { SearchQuery } from '../tmdb-paths.ts'
import { listItem, PAGE_SIZE, pageOf, selectListTitles, type LocalContext, type TitleRow } from './title-rows.ts'

// The local back end's search: full-text candidates (FTS5 on SQLite, pg-search.server.ts
// on PostgreSQL), typo-tolerant, ranked by relevance (search-text.ts).

/** Matches beyond which search walks the popularity index instead of sorting every match. */
const BROAD_MATCH = 4000
/** Most candidates search ranks: pages past them would be empty, so totals stop there too. */
const SEARCH_MAX_CANDIDATES = 2000

/** What search ranks on, before reading the page's titles in full. */
type Candidate = Pick<CatalogTitlesTable, 'key' | 'title' | 'original_title' | 'popularity'>
const CANDIDATE_COLUMNS = ['t.key', 't.title', 't.original_title', 't.popularity'] as const

export function createLocalSearch({ db, dialect, countCached }: LocalContext) {
	const titles = () => selectListTitles(db)
	let trigramAvailable: boolean | undefined
	const pgSearch = createPgSearch(db)

	/** Known words one edit away from a word (at most five). */
	async function typoAlternatives(token: string): Promise<string[]> {
		if (token.length < 3) return []
		const found = await db.selectFrom('catalog_search_terms').select('term').where('term', 'in', singleEdits(token)).limit(5).execute()
		return found.map((r) => r.term)
	}

	async function isKnownWord(token: string, asPrefix: boolean) {
		const query = db.selectFrom('catalog_search_terms').select('term').limit(1)
		const found = asPrefix
			? await query.where('term', '>=', token).where('term', '<', `${token}\u{10ffff}`).execute()
			: await query.where('term', '=', token).execute()
		return found.length > 0
	}

	async function sqliteMatchExpression(tokens: string[]): Promise<string | undefined> {
		const parts: string[] = []
		for (let i = 0; i < tokens.length; i++) {
			const token = tokens[i]!
			const isLast = i === tokens.length - 1
			const known = await isKnownWord(token, isLast)
			const alternatives = await typoAlternatives(token)
			if (!known && alternatives.length === 0) {
				// A word nobody has: leave it out rather than match nothing (a stray extra word).
				if (tokens.length > 1) continue
				return undefined
			}
			const options = [known ? `"${token}"${isLast ? '*' : ''}` : '', ...alternatives.map((a) => `"${a}"`)].filter(Boolean)
			parts.push(options.length === 1 ? options[0]! : `(${options.join(' OR ')})`)
		}
		return parts.length > 0 ? parts.join(' AND ') : undefined
	}

	async function searchCandidates(tokens: string[], limit: number, includeAdult: boolean): Promise<{ rows: Candidate[]; total: number }> {
		// Fewer candidates than the limit means we have them all: no count needed.
		const totalOf = async (rows: Candidate[], cacheKey: string, count: () => Promise<number>) =>
			rows.length < limit ? rows.length : Math.max(rows.length, await countCached(cacheKey, count))

		if (dialect === 'sqlite') {
			const strict = tokens.map((t, i) => `"${t}"${i === tokens.length - 1 ? '*' : ''}`).join(' AND ')
			let rows = await sqliteSearch(strict, limit, includeAdult)
			let expression = strict
			// Only a query that matches nothing is treated as misspelt.
			if (rows.length === 0) {
				const loose = await sqliteMatchExpression(tokens)
				if (loose && loose !== strict) {
					const more = await sqliteSearch(loose, limit, includeAdult)
					const seen = new Set(rows.map((r) => r.key))
					rows = [...rows, ...more.filter((r) => !seen.has(r.key))]
					expression = loose
				}
			}
			const total = await totalOf(rows, `search:${expression}:${includeAdult}`, async () => {
				const counted = await sql<{
					n: number
				}>`SELECT count(*) AS n FROM (SELECT rowid FROM catalog_search WHERE catalog_search MATCH ${expression} LIMIT ${SEARCH_MAX_CANDIDATES})`.execute(
					db,
				)
				return Number(counted.rows[0]?.n ?? 0)
			})
			return { rows, total }
		}

		const words = tokens.map((token, i): SearchWord => ({ token, prefix: i === tokens.length - 1, alternatives: [] }))
		let { rows, total } = await pgSearch.candidates(words, limit, SEARCH_MAX_CANDIDATES, includeAdult)
		if (rows.length < 5) {
			// Typos: each word may be itself or a known word one edit away.
			const loose = await Promise.all(words.map(async (word) => ({ ...word, alternatives: await typoAlternatives(word.token) })))
			if (loose.some((word) => word.alternatives.length > 0)) {
				const more = await pgSearch.candidates(loose, limit, SEARCH_MAX_CANDIDATES, includeAdult)
				const seen = new Set(rows.map((r) => r.key))
				rows = [...rows, ...more.rows.filter((r) => !seen.has(r.key))]
				total = Math.max(total, more.total)
			}
		}
		const text = tokens.join(' ')
		// Last resort for worse misspellings: trigram similarity of the whole title (too loose below four letters).
		if (rows.length === 0 && text.length >= 4 && (await hasTrigram())) {
			rows = await db
				.selectFrom('catalog_titles as t')
				.select(CANDIDATE_COLUMNS)
				.where(sql<boolean>`t.search_text % ${text}`)
				.$if(!includeAdult, (qb) => qb.where('t.adult', '=', 0))
				.orderBy(sql`similarity(t.search_text, ${text})`, 'desc')
				.limit(50)
				.execute()
			total = rows.length
		}
		return { rows, total }
	}

	/**
	 * FTS5 candidates by popularity. A narrow match is joined and sorted; a broad one (thousands
	 * of titles) walks the popularity index and keeps the matching titles, which stops after
	 * the first few hundred instead of sorting them all.
	 */
	async function sqliteSearch(expression: string, limit: number, includeAdult: boolean): Promise<Candidate[]> {
		const adult = includeAdult ? sql`` : sql`AND t.adult = 0`
		const counted = await sql<{
			n: number
		}>`SELECT count(*) AS n FROM (SELECT rowid FROM catalog_search WHERE catalog_search MATCH ${expression} LIMIT ${BROAD_MATCH})`.execute(
			db,
		)
		if (Number(counted.rows[0]?.n ?? 0) >= BROAD_MATCH) {
			const broad = await sql<Candidate>`
				SELECT t.key, t.title, t.original_title, t.popularity
				FROM catalog_titles t INDEXED BY catalog_titles_popularity_all_idx
				WHERE t.key IN (SELECT rowid FROM catalog_search WHERE catalog_search MATCH ${expression}) ${adult}
				ORDER BY t.popularity DESC LIMIT ${limit}`.execute(db)
			return broad.rows
		}
		const result = await sql<Candidate>`
			SELECT t.key, t.title, t.original_title, t.popularity
			FROM catalog_search s JOIN catalog_titles t ON t.key = s.rowid
			WHERE catalog_search MATCH ${expression} ${adult}
			ORDER BY t.popularity DESC LIMIT ${limit}`.execute(db)
		return result.rows
	}

	async function hasTrigram() {
		if (trigramAvailable === undefined) {
			const result = await sql<{ present: number }>`SELECT count(*)::int AS present FROM pg_extension WHERE extname = 'pg_trgm'`.execute(db)
			trigramAvailable = Number(result.rows[0]?.present ?? 0) > 0
		}
		return trigramAvailable
	}

	async function search(query: SearchQuery) {
		const tokens = queryTokens(query.query)
		if (tokens.length === 0) return pageOf(query.page, [], 0)
		const limit = Math.min(SEARCH_MAX_CANDIDATES, Math.max(300, query.page * PAGE_SIZE + PAGE_SIZE))
		const { rows, total } = await searchCandidates(tokens, limit, query.include_adult === 'true')
		const ranked = rows
			.map((row) => ({ row, score: relevanceScore(query.query, row) }))
			.sort((a, b) => b.score - a.score || b.row.popularity - a.row.popularity || a.row.key - b.row.key)
		const start = (query.page - 1) * PAGE_SIZE
		// Rank on the few columns needed, then read the page's twenty titles in full.
		const keys = ranked.slice(start, start + PAGE_SIZE).map(({ row }) => row.key)
		const found = keys.length ? ((await titles().where('t.key', 'in', keys).execute()) as TitleRow[]) : []
		const byKey = new Map(found.map((r) => [r.key, r]))
		return pageOf(
			query.page,
			keys.flatMap((key) => (byKey.has(key) ? [listItem(byKey.get(key)!, true)] : [])),
			total,
		)
	}

	return { search }
}
