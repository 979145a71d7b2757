import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { splitCommonWords, tsqueryFragment, type SearchWord } from './search-text.ts'

// PostgreSQL full-text candidates (migration 0004): the narrow `catalog_search_docs` copy of
// each title, read through one of two functions chosen by how common the query's words are.

export interface SearchCandidate {
	key: number
	title: string
	original_title: string | null
	popularity: number
}

/** The most popular titles always searched, wherever they sit in the table. */
const POPULAR_HEAD = 5000
/** How long the word statistics are trusted before they are read again. */
const STATISTICS_TTL_MS = 10 * 60_000

export function createPgSearch(db: Kysely<Database>) {
	let statistics: { readAt: number; shares: Map<string, number> } | undefined

	/** Share of titles holding each common word, from ANALYZE's statistics (empty before the first ANALYZE). */
	async function wordShares(): Promise<Map<string, number>> {
		if (statistics && Date.now() - statistics.readAt < STATISTICS_TTL_MS) return statistics.shares
		const result = await sql<{ elems: string[] | null; freqs: number[] | null }>`
			SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
			FROM pg_stats WHERE tablename = 'catalog_search_docs' AND attname = 'search_vector' AND schemaname = current_schema()`.execute(db)
		const shares = new Map<string, number>()
		const row = result.rows[0]
		// The frequency array ends with three summary numbers; the first `elems.length` pair with the words.
		if (row?.elems && row.freqs) row.elems.forEach((word, i) => shares.set(word, Number(row.freqs![i] ?? 0)))
		statistics = { readAt: Date.now(), shares }
		return shares
	}

	/**
	 * The `top` most popular titles matching every word, and how many match (at most `maxRows`).
	 * Past `maxRows` matches the result keeps the most popular ones found, not an exhaustive ranking.
	 */
	async function candidates(
		words: SearchWord[],
		top: number,
		maxRows: number,
		includeAdult: boolean,
	): Promise<{ rows: SearchCandidate[]; total: number }> {
		if (words.length === 0) return { rows: [], total: 0 }
		const { indexed, checked } = splitCommonWords(words, await wordShares())
		const joined = (list: SearchWord[]) => list.map(tsqueryFragment).join(' & ')
		const checkedQuery = checked.length ? sql`to_tsquery('simple', ${joined(checked)})` : sql`NULL`
		const result =
			indexed.length > 0
				? await sql<
						SearchCandidate & { total: string }
					>`SELECT * FROM catalog_search_matches(to_tsquery('simple', ${joined(indexed)}), ${checkedQuery}, ${includeAdult}, ${maxRows}, ${top})`.execute(
						db,
					)
				: await sql<
						SearchCandidate & { total: string }
					>`SELECT * FROM catalog_search_popular_matches(to_tsquery('simple', ${joined(checked)}), ${includeAdult}, ${maxRows}, ${top})`.execute(
						db,
					)
		let rows: SearchCandidate[] = result.rows.map(({ key, title, original_title, popularity }) => ({
			key,
			title,
			original_title,
			popularity,
		}))
		const total = Number(result.rows[0]?.total ?? 0)
		if (indexed.length > 0 && total >= maxRows) {
			// More matches than were read in table order: make sure the most popular titles are among them.
			const head =
				await sql<SearchCandidate>`SELECT * FROM catalog_search_popular_head(to_tsquery('simple', ${joined(indexed)}), ${checkedQuery}, ${includeAdult}, ${POPULAR_HEAD}, ${top})`.execute(
					db,
				)
			const seen = new Set(rows.map((row) => row.key))
			rows = [...rows, ...head.rows.filter((row) => !seen.has(row.key))]
				.sort((a, b) => b.popularity - a.popularity || b.key - a.key)
				.slice(0, top)
		}
		return { rows: rows.map((row) => ({ ...row, original_title: row.original_title ?? row.title })), total }
	}

	return { candidates }
}
