import { describe, expect, it } from 'vitest'
import { parseImportItem, type ImportItem } from '../import-schema.ts'
import { compareWithTmdb } from './check.ts'

function item(value: Record<string, unknown>): ImportItem {
	const parsed = parseImportItem(value)
	if (!parsed.ok) throw new Error(parsed.error)
	return parsed.item
}

const season = (season_number: number, episode_count: number, air_date: string) => ({ season_number, episode_count, air_date })

const ourShow = {
	media_type: 'tv',
	id: 1399,
	name: 'Game of Thrones',
	original_name: 'Game of Thrones',
	first_air_date: '2011-04-17',
	last_air_date: '2019-05-19',
	status: 'Ended',
	genre_ids: [10765, 18, 10759],
	external_ids: { imdb_id: 'tt0944947' },
	seasons: [season(1, 10, '2011-04-17'), season(2, 10, '2012-04-01')],
}
// TMDB's own answer lists genres as objects, has a specials season 0 and keeps the IMDb id under external_ids.
const tmdbShow = {
	...ourShow,
	media_type: undefined,
	genre_ids: undefined,
	genres: [
		{ id: 18, name: 'Drama' },
		{ id: 10759, name: 'Action & Adventure' },
		{ id: 10765, name: 'Sci-Fi & Fantasy' },
	],
	seasons: [season(0, 283, '2010-12-05'), ...ourShow.seasons],
}

describe('compareWithTmdb', () => {
	it('finds nothing when the demo holds TMDB’s facts (genre order, specials and extra fields aside)', () => {
		expect(compareWithTmdb(item(ourShow), item({ ...tmdbShow, media_type: 'tv', overview: 'Their words', popularity: 3 }))).toEqual([])
	})

	it('names each season whose episode count or premiere year differs, and seasons only one side has', () => {
		const tmdb = item({
			...tmdbShow,
			media_type: 'tv',
			seasons: [season(1, 10, '2011-04-17'), season(2, 9, '2013-04-01'), season(3, 10, '2014-04-01')],
		})
		expect(compareWithTmdb(item(ourShow), tmdb)).toEqual([
			{ field: 'number_of_seasons', ours: '2', tmdb: '3' },
			{ field: 'season 2 episodes', ours: '10', tmdb: '9' },
			{ field: 'season 2 premiere year', ours: '2012', tmdb: '2013' },
			{ field: 'season 3', ours: 'missing', tmdb: '10 episodes' },
		])
	})

	it('compares TMDB’s season numbers, so a skipped season shows up', () => {
		const ours = item({ ...ourShow, seasons: [season(1, 10, '2011-04-17'), season(2, 10, '2012-04-01')] })
		const tmdb = item({ ...tmdbShow, media_type: 'tv', seasons: [season(1, 10, '2011-04-17'), season(3, 10, '2012-04-01')] })
		expect(compareWithTmdb(ours, tmdb)).toEqual([
			{ field: 'season 2', ours: '10 episodes', tmdb: 'missing' },
			{ field: 'season 3', ours: 'missing', tmdb: '10 episodes' },
		])
	})

	it('compares the last air date only when both sides say the show has ended', () => {
		const returning = item({ ...tmdbShow, media_type: 'tv', status: 'Returning Series', last_air_date: '2026-01-01' })
		expect(compareWithTmdb(item(ourShow), returning)).toEqual([{ field: 'ended', ours: 'true', tmdb: 'false' }])
		const later = item({ ...tmdbShow, media_type: 'tv', last_air_date: '2019-05-26' })
		expect(compareWithTmdb(item(ourShow), later)).toEqual([{ field: 'last_air_date', ours: '2019-05-19', tmdb: '2019-05-26' }])
	})

	it('checks a film’s title, original title, release date, genres and IMDb id', () => {
		const ours = item({
			media_type: 'movie',
			id: 550,
			title: 'Fight Club',
			original_title: 'Fight Club',
			release_date: '1999-10-15',
			genre_ids: [18],
			imdb_id: 'tt0137523',
		})
		const tmdb = item({
			id: 550,
			title: 'Fight Club',
			original_title: 'Fight Club',
			release_date: '1999-10-15',
			genres: [{ id: 18 }, { id: 53 }],
			imdb_id: 'tt0137523',
		})
		expect(compareWithTmdb(ours, tmdb)).toEqual([{ field: 'genres', ours: '18', tmdb: '18, 53' }])
		const announced = item({ media_type: 'movie', id: 1, title: 'Next One', release_date: '2027-06-30', imdb_id: null })
		expect(compareWithTmdb(announced, item({ id: 1, title: 'Next One', release_date: '2028-02-18', imdb_id: 'tt1234567' }))).toEqual([
			{ field: 'imdb_id', ours: 'none', tmdb: 'tt1234567' },
			{ field: 'release_date', ours: '2027-06-30', tmdb: '2028-02-18' },
		])
	})

	it('reports a film compared with a series as a kind mismatch only', () => {
		expect(compareWithTmdb(item({ media_type: 'movie', id: 7, title: 'X' }), item({ ...ourShow, id: 7 }))).toEqual([
			{ field: 'kind', ours: 'movie', tmdb: 'tv' },
		])
	})
})
