import { describe, expect, it } from 'vitest'
import { readFixture } from '#tests/support/catalog-fixtures.ts'
import type { TmdbMultiItem, TmdbPage, TmdbTvDetails } from '../catalog/tmdb-types.ts'
import { carouselItems, createTransitionLock, wrapIndex } from './carousel.ts'
import { moreLabel, splitVisible, uniqueCrew } from './credits.ts'
import { formatLongDate, formatRating, formatRuntime, searchResultYear, truncateOverview, yearText } from './format.ts'
import { parseMediaFilter } from '../catalog/media-type.ts'
import { hasMoreAfter, infiniteTriggerIndex, seededRandom, shuffleTogether } from './lists.ts'
import { isTrending, mediaHref, mediaKind, mediaTitle } from './media.ts'
import { isMovieReleased, isSeasonPlayable } from './release.ts'
import { filterSearchResults, nextSearchState, searchParamsFor, sortSearchResults } from './search.ts'
import { parseSearchParams } from './search-params.ts'
import { initialSeasonNumber, parseEpisodeParams, pickableSeasons, selectSeason } from './seasons.ts'
import { jsonLdScript, movieJsonLd } from './json-ld.ts'
import { metaDescription } from './seo.ts'
import { robotsTxt, sitemapXml } from './sitemap.ts'

describe('media kinds and titles', () => {
	it('follows the product.md kind rule and fallbacks', () => {
		expect(mediaKind({ id: 1, media_type: 'movie' })).toBe('movie')
		expect(mediaKind({ id: 1, title: 'X' })).toBe('movie')
		expect(mediaKind({ id: 1, name: 'X' })).toBe('tv')
		expect(mediaKind({ id: 1 })).toBe('unknown')
		expect(mediaTitle({ id: 1, media_type: 'movie' })).toBe('Untitled Movie')
		expect(mediaTitle({ id: 1, media_type: 'tv' })).toBe('Untitled Series')
		expect(mediaTitle({ id: 1 })).toBe('Untitled')
		expect(mediaTitle({ id: 1, original_title: 'Le Film' })).toBe('Le Film')
	})
	it('links with the title slug rule', () => {
		expect(mediaHref({ id: 550, title: 'Fight Club' })).toBe('/movies/550-fight-club')
		expect(mediaHref({ id: 1399, name: 'Game of Thrones' })).toBe('/series/1399-game-of-thrones')
		expect(mediaHref({ id: 2, title: "Ocean's Eleven: 2!" })).toBe('/movies/2-ocean-s-eleven--2-')
		expect(mediaHref({ id: 3, media_type: 'person', name: 'Brad' })).toBeUndefined()
	})
	it('shows the trending badge only above 450', () => {
		expect(isTrending(450)).toBe(false)
		expect(isTrending(450.01)).toBe(true)
		expect(isTrending(undefined)).toBe(false)
	})
})

describe('release rules', () => {
	const release = '2024-03-01'
	const midnight = Date.parse('2024-03-01T00:00:00Z')
	it('a movie is released only more than 12 hours after its date', () => {
		expect(isMovieReleased(release, midnight + 12 * 3600_000)).toBe(false)
		expect(isMovieReleased(release, midnight + 12 * 3600_000 + 1)).toBe(true)
		expect(isMovieReleased(release, midnight - 1)).toBe(false)
		expect(isMovieReleased('', midnight)).toBe(false)
		expect(isMovieReleased(undefined)).toBe(false)
	})
	it('a season is playable more than one day after its air date', () => {
		expect(isSeasonPlayable(release, midnight + 24 * 3600_000)).toBe(false)
		expect(isSeasonPlayable(release, midnight + 24 * 3600_000 + 1)).toBe(true)
		expect(isSeasonPlayable(null, midnight)).toBe(false)
	})
})

describe('formatting', () => {
	it('years, ratings, runtimes and overview cuts', () => {
		expect(yearText('1999-10-15')).toBe('1999')
		expect(searchResultYear('1999-10-15', 'movie')).toBe('1999')
		expect(searchResultYear('2011-04-17', 'tv')).toBe('2011 (first release)')
		expect(searchResultYear('', 'tv')).toBe('Unknown')
		expect(searchResultYear(undefined, 'movie')).toBe('Unknown')
		expect(formatRating(8.438)).toBe('8.4')
		expect(formatRating(7)).toBe('7.0')
		expect(formatRuntime(139)).toBe('2h 19m')
		expect(formatRuntime(45)).toBe('45m')
		expect(formatRuntime(0)).toBeUndefined()
		const long = 'a'.repeat(100)
		expect(truncateOverview(long)).toBe(`${'a'.repeat(85)}...`)
		expect(truncateOverview('a'.repeat(85))).toBe('a'.repeat(85))
		expect(truncateOverview(null)).toBe('')
		// Shortening twice (a loader, then the card) changes nothing.
		expect(truncateOverview(truncateOverview(long))).toBe(truncateOverview(long))
		expect(truncateOverview(truncateOverview('a'.repeat(300), 220), 220)).toBe(truncateOverview('a'.repeat(300), 220))
	})

	it('long dates read as en-US Intl writes them, for every day of two centuries', () => {
		const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
		for (let time = Date.UTC(1900, 0, 1); time <= Date.UTC(2100, 11, 31); time += 86_400_000) {
			const iso = new Date(time).toISOString()
			expect(formatLongDate(iso.slice(0, 10))).toBe(intl.format(time))
		}
		expect(formatLongDate('1999-10-15')).toBe('October 15, 1999')
		expect(formatLongDate('2024-02-29')).toBe('February 29, 2024')
		// TMDB sometimes sends a time after the date; the date alone counts.
		expect(formatLongDate('2001-01-09T23:30:00-05:00')).toBe('January 9, 2001')
		// Near misses: no date, a month that does not exist, a short year.
		expect(formatLongDate('')).toBeUndefined()
		expect(formatLongDate(null)).toBeUndefined()
		expect(formatLongDate('2024-13-01')).toBeUndefined()
		expect(formatLongDate('99-10-15')).toBeUndefined()
	})
})

describe('search', () => {
	const page = readFixture<TmdbPage<TmdbMultiItem>>('search-multi.json')
	it('keeps only movie and tv results, then the type filter', () => {
		const all = filterSearchResults(page.results, 'all')
		expect(all.length).toBeGreaterThan(0)
		expect(all.every((r) => r.media_type === 'movie' || r.media_type === 'tv')).toBe(true)
		expect(page.results.some((r) => r.media_type === 'person')).toBe(true)
		expect(filterSearchResults(page.results, 'tv').every((r) => r.media_type === 'tv')).toBe(true)
		expect(filterSearchResults(page.results, 'movie').every((r) => r.media_type === 'movie')).toBe(true)
	})
	it('sorts with missing values last in both directions', () => {
		const items = [
			{ id: 1, title: 'A', popularity: 5, vote_average: 7, vote_count: 3, release_date: '2001-01-01' },
			{ id: 2, title: 'B', vote_average: 0, vote_count: 0, release_date: '' },
			{ id: 3, title: 'C', popularity: 9, vote_average: 9, vote_count: 1, release_date: '1990-01-01' },
			{ id: 4, name: 'D', popularity: 1, vote_average: 4, vote_count: 8, first_air_date: '2010-05-05' },
		]
		const ids = (list: typeof items) => list.map((i) => i.id)
		expect(ids(sortSearchResults(items, 'popularity', 'desc'))).toEqual([3, 1, 4, 2])
		expect(ids(sortSearchResults(items, 'popularity', 'asc'))).toEqual([4, 1, 3, 2])
		expect(ids(sortSearchResults(items, 'rating', 'desc'))).toEqual([3, 1, 4, 2])
		expect(ids(sortSearchResults(items, 'rating', 'asc'))).toEqual([4, 1, 3, 2])
		expect(ids(sortSearchResults(items, 'release_date', 'desc'))).toEqual([4, 1, 3, 2])
		expect(ids(sortSearchResults(items, 'release_date', 'asc'))).toEqual([3, 1, 4, 2])
	})
	it('reads and writes the address, falling back on bad values', () => {
		const state = parseSearchParams(new URLSearchParams('query=brad&page=3&sort=rating&type=tv&order=asc'))
		expect(state).toEqual({ query: 'brad', page: 3, sort: 'rating', type: 'tv', order: 'asc' })
		expect(parseSearchParams(new URLSearchParams('page=-2&sort=x&type=person'))).toEqual({
			query: '',
			page: 1,
			sort: 'popularity',
			type: 'all',
			order: 'desc',
		})
		expect(searchParamsFor(state).toString()).toBe('query=brad&page=3&sort=rating&order=asc&type=tv')
	})
	it('changing filter, sort or query resets to page 1; paging keeps the rest', () => {
		const state = parseSearchParams(new URLSearchParams('query=brad&page=3'))
		expect(nextSearchState(state, { type: 'movie' }).page).toBe(1)
		expect(nextSearchState(state, { sort: 'rating' }).page).toBe(1)
		expect(nextSearchState(state, { order: 'asc' }).page).toBe(1)
		expect(nextSearchState(state, { query: 'pitt' }).page).toBe(1)
		expect(nextSearchState(state, { page: 4 })).toMatchObject({ page: 4, query: 'brad' })
		expect(nextSearchState(state, { type: 'all' }).page).toBe(3)
	})
})

describe('infinite scroll and shuffling', () => {
	it('stops when a page brings fewer than 40 (All) or 20 (one kind)', () => {
		expect(hasMoreAfter(40, 'all')).toBe(true)
		expect(hasMoreAfter(39, 'all')).toBe(false)
		expect(hasMoreAfter(20, 'movie')).toBe(true)
		expect(hasMoreAfter(19, 'tv')).toBe(false)
		expect(parseMediaFilter('tv')).toBe('tv')
		expect(parseMediaFilter('people')).toBe('all')
	})
	it('triggers at the fifth item from the end', () => {
		expect(infiniteTriggerIndex(40)).toBe(35)
		expect(infiniteTriggerIndex(3)).toBe(0)
	})
	it('shuffles movies and series together deterministically for a seed', () => {
		const movies = [1, 2, 3, 4, 5].map((id) => ({ id, kind: 'movie' }))
		const series = [6, 7, 8, 9, 10].map((id) => ({ id, kind: 'tv' }))
		const a = shuffleTogether(movies, series, seededRandom(42))
		const b = shuffleTogether(movies, series, seededRandom(42))
		expect(a).toEqual(b)
		expect(a.map((x) => x.id).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
		expect(a.map((x) => x.kind).join()).not.toBe([...movies, ...series].map((x) => x.kind).join())
	})
})

describe('carousel', () => {
	it('wraps around and caps at the display limit', () => {
		expect(wrapIndex(15, 15)).toBe(0)
		expect(wrapIndex(-1, 15)).toBe(14)
		expect(carouselItems(Array.from({ length: 150 }, (_, i) => i))).toHaveLength(100)
	})
	it('ignores moves within 500 ms of the last', () => {
		const allow = createTransitionLock()
		expect(allow(1000)).toBe(true)
		expect(allow(1499)).toBe(false)
		expect(allow(1500)).toBe(true)
	})
})

describe('credits and seasons', () => {
	it('shows 5 and counts the rest', () => {
		const { shown, hiddenCount } = splitVisible([1, 2, 3, 4, 5, 6, 7], 5)
		expect(shown).toEqual([1, 2, 3, 4, 5])
		expect(hiddenCount).toBe(2)
		expect(moreLabel(hiddenCount)).toBe('Click for 2 more')
		expect(splitVisible(undefined, 5)).toEqual({ shown: [], hiddenCount: 0 })
	})
	it('puts directors first', () => {
		const crew = uniqueCrew([
			{ id: 1, name: 'P', job: 'Producer', profile_path: null },
			{ id: 2, name: 'D', job: 'Director', profile_path: null },
			{ id: 2, name: 'D', job: 'Director', profile_path: null },
		])
		expect(crew.map((c) => c.name)).toEqual(['D', 'P'])
	})
	it('season choice resets the episode to 1', () => {
		expect(selectSeason({ season: 1, episode: 7 }, 2)).toEqual({ season: 2, episode: 1 })
		expect(selectSeason({ season: 1, episode: 7 }, 1)).toEqual({ season: 1, episode: 7 })
	})
	it('numbered seasons first and a sane initial season', () => {
		const show = readFixture<TmdbTvDetails>('tv-1399.json')
		const seasons = pickableSeasons(show.seasons)
		expect(seasons[0]?.season_number).toBe(1)
		expect(seasons.at(-1)?.season_number).toBe(0)
		expect(initialSeasonNumber(show.seasons)).toBe(1)
		expect(initialSeasonNumber(show.seasons, 3)).toBe(3)
		expect(initialSeasonNumber(show.seasons, 99)).toBe(1)
	})
	it('episode params must both be numbers', () => {
		expect(parseEpisodeParams('1', '2')).toEqual({ season: 1, episode: 2 })
		expect(parseEpisodeParams('x', '2')).toBeNull()
		expect(parseEpisodeParams('1', undefined)).toBeNull()
	})
})

describe('seo', () => {
	it('escapes JSON-LD and builds Movie and VideoObject', () => {
		const [movie, video] = movieJsonLd({
			name: 'Fight </script>',
			url: 'https://w.test/movies/550-fight-club',
			runtimeMinutes: 139,
			ratingValue: 8.43,
			ratingCount: 10,
		}) as Array<Record<string, unknown>>
		expect(movie?.['@type']).toBe('Movie')
		expect(movie?.duration).toBe('PT2H19M')
		expect(video?.['@type']).toBe('VideoObject')
		expect(jsonLdScript(movie)).not.toContain('</script>')
	})
	it('keeps descriptions short', () => {
		expect(metaDescription('word '.repeat(100), 'x').length).toBeLessThanOrEqual(160)
		expect(metaDescription('', 'fallback')).toBe('fallback')
	})
	it('writes a sitemap and robots.txt', () => {
		const xml = sitemapXml('https://w.test', [{ path: '/' }, { path: '/' }, { path: '/movies/1-a&b' }])
		expect(xml.match(/<url>/g)).toHaveLength(2)
		expect(xml).toContain('a&amp;b')
		expect(robotsTxt('https://w.test')).toContain('Sitemap: https://w.test/sitemap.xml')
	})
})
