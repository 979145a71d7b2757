import {
	chooseTitle,
	titleKey,
	yearOf,
	type ChooseOptions,
	type SeasonLength,
	type TitleCandidate,
	type TitleChoice,
	type WantedTitle,
} from '#app/lib/titles/match.ts'
import { LRUCache } from 'lru-cache'
import { catalogGet } from '../catalog/catalog.server.ts'
import { isNotFoundError } from '../catalog/page-data.server.ts'

// Catalogue look-ups for the title matcher (app/lib/titles/match.ts), shared by
// the media folder and the library import: one search per distinct name and
// one details answer per title, both cached for the life of one lookup (a scan,
// an import). The same for the local catalogue and live TMDB: search/multi
// finds titles by any of their names, and details with
// `append_to_response=alternative_titles` gives the names the search does not
// show, read only for the few candidates of a name nothing else matched.

/**
 * Searches and details answers one lookup keeps. A name's files come together
 * in a walk (a series' episodes, a film's folder), so a few hundred recent
 * names catch the repeats; thousands kept a first scan's answers alive long
 * enough to be promoted to the old generation, garbage a default heap then
 * let grow by tens of megabytes (issue 28).
 */
const TITLE_LOOKUP_CACHED = 200

/** Candidates whose alternative titles are read when no title or original title matches. */
const ALTERNATIVES_FOR = 5

export interface LookupCandidate extends TitleCandidate {
	posterPath: string | null
}

export interface TitleDetails {
	id: number
	type: 'movie' | 'show'
	title: string
	year: number | null
	imdbId: string | null
	alternativeTitles: string[]
	seasons: SeasonLength[]
}

interface Found {
	id: number
	media_type?: string
	title?: string
	name?: string
	original_title?: string
	original_name?: string
	release_date?: string | null
	first_air_date?: string | null
	poster_path?: string | null
	popularity?: number
	imdb_id?: string | null
	external_ids?: { imdb_id?: string | null }
	alternative_titles?: { titles?: Array<{ title?: string }>; results?: Array<{ title?: string }> }
	seasons?: Array<{ season_number?: number; episode_count?: number }>
}

function candidateOf(found: Found, type: 'movie' | 'show'): LookupCandidate {
	return {
		id: found.id,
		type,
		title: found.title ?? found.name ?? '',
		originalTitle: found.original_title ?? found.original_name ?? null,
		year: yearOf(found.release_date ?? found.first_air_date),
		popularity: found.popularity ?? 0,
		posterPath: found.poster_path ?? null,
	}
}

export function createTitleLookup() {
	// Bounded: a scan of a big library asks thousands of distinct names, and a name's files mostly come together.
	const searches = new LRUCache<string, Promise<LookupCandidate[]>>({ max: TITLE_LOOKUP_CACHED })
	const detailsCache = new LRUCache<string, Promise<TitleDetails | null>>({ max: TITLE_LOOKUP_CACHED })

	function search(title: string): Promise<LookupCandidate[]> {
		const key = title.toLowerCase()
		let pending = searches.get(key)
		if (!pending) {
			pending = catalogGet<{ results?: Found[] }>('search/multi', { query: title.slice(0, 200) })
				.then((page) =>
					(page.results ?? [])
						.filter((r) => r.media_type === 'movie' || r.media_type === 'tv')
						.map((r) => candidateOf(r, r.media_type === 'movie' ? 'movie' : 'show')),
				)
				.catch(() => [])
			searches.set(key, pending)
		}
		return pending
	}

	/** A title's details: what matching reads and no more (a whole answer per title would hold megabytes over a big scan). */
	function details(type: 'movie' | 'show', id: number): Promise<TitleDetails | null> {
		const key = `${type}/${id}`
		let pending = detailsCache.get(key)
		if (!pending) {
			pending = catalogGet<Found>(`${type === 'movie' ? 'movie' : 'tv'}/${id}`, {
				append_to_response: type === 'show' ? 'external_ids,alternative_titles' : 'alternative_titles',
			})
				.then((found) => ({
					id: found.id,
					type,
					title: found.title ?? found.name ?? '',
					year: yearOf(found.release_date ?? found.first_air_date),
					imdbId: found.imdb_id ?? found.external_ids?.imdb_id ?? null,
					alternativeTitles: [...(found.alternative_titles?.titles ?? []), ...(found.alternative_titles?.results ?? [])]
						.map((alt) => alt.title)
						.filter((title): title is string => !!title),
					seasons: (found.seasons ?? [])
						.filter((s) => typeof s.season_number === 'number')
						.map((s) => ({ season: s.season_number!, episodes: s.episode_count ?? 0 })),
				}))
				.catch((error: unknown) => {
					if (isNotFoundError(error)) return null
					// Anything else (TMDB down) is not remembered: the next file asks again.
					detailsCache.delete(key)
					return null
				})
			detailsCache.set(key, pending)
		}
		return pending
	}

	/**
	 * The catalogue title a name means. Titles and original titles first; only
	 * when none matches are the alternative titles of the first few candidates
	 * read, and then short names and typos (as `options` allow) are tried.
	 */
	async function find(wanted: WantedTitle, options: ChooseOptions): Promise<TitleChoice<LookupCandidate>> {
		let candidates = await search(wanted.title)
		// "Charlie s Angels" (an apostrophe lost to a space): the search index knows "charlies", not "charlie" and "s".
		const glued = wanted.title.replace(/(\p{L})[\s._]+(s|t|m|d|ll|re|ve)(?=\s|$)/giu, '$1$2')
		if (glued !== wanted.title && !candidates.some((c) => c.type === wanted.type && titleKey(c.title) === titleKey(wanted.title)))
			candidates = [
				...candidates,
				...(await search(glued)).filter((c) => !candidates.some((known) => known.id === c.id && known.type === c.type)),
			]
		const first = chooseTitle(wanted, candidates, { ties: options.ties })
		if (first.status !== 'unmatched') return first
		const ofType = candidates.filter((c) => c.type === wanted.type)
		const enriched = await Promise.all(
			ofType
				.slice(0, ALTERNATIVES_FOR)
				.map(async (c) => ({ ...c, alternativeTitles: (await details(c.type, c.id))?.alternativeTitles ?? [] })),
		)
		const choice = chooseTitle(wanted, [...enriched, ...ofType.slice(ALTERNATIVES_FOR)], options)
		return choice.status === 'unmatched' && first.reason.includes(' but not from ') ? first : choice
	}

	return { search, details, find }
}

export type TitleLookup = ReturnType<typeof createTitleLookup>
