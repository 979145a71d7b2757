import { describe, expect, it } from 'vitest'
import type { TmdbEpisode } from '#app/lib/catalog/tmdb-types.ts'
import { episodeCards } from './season-browser.tsx'

describe('episodeCards', () => {
	it('keeps what an episode card shows and drops crew, guest stars and the rest', () => {
		const episode: TmdbEpisode = {
			id: 7,
			name: 'Pilot',
			overview: 'It begins.',
			episode_number: 1,
			season_number: 2,
			air_date: '2020-01-01',
			runtime: 42,
			still_path: '/still.webp',
			vote_average: 7.5,
			vote_count: 12,
			show_id: 3,
			crew: [{ id: 1, name: 'A', job: 'Director', department: 'Directing', profile_path: null }] as TmdbEpisode['crew'],
			guest_stars: [],
		}
		expect(episodeCards([episode])).toEqual([
			{
				id: 7,
				name: 'Pilot',
				overview: 'It begins.',
				episode_number: 1,
				season_number: 2,
				air_date: '2020-01-01',
				runtime: 42,
				still_path: '/still.webp',
				vote_average: 7.5,
			},
		])
	})
})
