import { placeEpisode, type TitleCandidate } from '#app/lib/titles/match.ts'
import { createTitleLookup } from '../../titles/lookup.server.ts'
import type { ParsedName } from './naming.ts'

// Parsed media names → catalogue titles, through the shared title matcher
// (app/lib/titles/match.ts, decision 0039): id tags first, else the name
// (title, original or alternative title, a series' short name), the year
// within one; a series' episode placed with the catalogue's season lengths
// when the file gives no season of its own (fansub absolute numbers).

export type CatalogueCandidate = Pick<TitleCandidate, 'id' | 'type' | 'title' | 'year'>

export type MatchOutcome =
	| { status: 'matched'; candidate: CatalogueCandidate; season: number | null; episode: number | null }
	| { status: 'unmatched'; reason: string }
	| { status: 'ambiguous'; reason: string; candidates: CatalogueCandidate[] }

const kindWord = (type: 'movie' | 'show') => (type === 'movie' ? 'film' : 'series')

/**
 * Matches parsed names against the catalogue, caching one search per
 * distinct title and one details answer per title, so 20,000 episodes of a
 * few hundred shows cost a few hundred look-ups.
 */
export function createMatcher() {
	const lookup = createTitleLookup()

	async function placed(parsed: ParsedName, candidate: CatalogueCandidate): Promise<MatchOutcome> {
		const matched = (season: number | null, episode: number | null): MatchOutcome => ({ status: 'matched', candidate, season, episode })
		if (candidate.type === 'movie') return matched(null, null)
		if (parsed.episode === null || !parsed.absolute) return matched(parsed.season, parsed.episode)
		const seasons = (await lookup.details('show', candidate.id))?.seasons ?? []
		const place = placeEpisode(parsed.season, parsed.episode, seasons)
		return place ? matched(place.season, place.episode) : matched(parsed.season ?? 1, parsed.episode)
	}

	return async function match(parsed: ParsedName): Promise<MatchOutcome> {
		if (parsed.tag?.kind === 'tmdb') {
			const id = parsed.tag.id
			// A tag on a folder of episodes names a series even when a file's own name looks like a film's.
			const found =
				(await lookup.details(parsed.type, id)) ??
				(parsed.type === 'movie' && parsed.episode === null ? null : await lookup.details(parsed.type === 'movie' ? 'show' : 'movie', id))
			if (!found) return { status: 'unmatched', reason: `tag {tmdb-${id}} names no ${kindWord(parsed.type)} in the catalogue` }
			return placed(parsed, { id, type: found.type, title: found.title, year: found.year })
		}
		if (parsed.tag?.kind === 'imdb') {
			const imdb = parsed.tag.id
			const candidates = (await lookup.search(parsed.title)).filter((c) => c.type === parsed.type).slice(0, 8)
			for (const candidate of candidates) {
				if ((await lookup.details(candidate.type, candidate.id))?.imdbId === imdb) return placed(parsed, candidate)
			}
			return { status: 'unmatched', reason: `no title with IMDb id ${imdb} among the catalogue's "${parsed.title}"` }
		}
		const choice = await lookup.find(
			{ title: parsed.title, year: parsed.year, type: parsed.type },
			{ ties: 'ambiguous', shortNames: true, typos: true },
		)
		if (choice.status === 'unmatched') return choice
		if (choice.status === 'ambiguous') return choice
		return placed(parsed, choice.candidate)
	}
}
