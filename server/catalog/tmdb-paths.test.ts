import { describe, expect, it } from 'vitest'
import { HttpError } from '../http/errors.server.ts'
import { parseCatalogRoute, routeCacheKey } from './tmdb-paths.ts'

const status = (run: () => unknown) => {
	try {
		run()
		return 200
	} catch (error) {
		return error instanceof HttpError ? error.status : 500
	}
}

describe('catalogue routes', () => {
	it('accepts the allow-listed TMDB paths, with or without a leading slash or /3', () => {
		expect(parseCatalogRoute('/movie/550', { append_to_response: 'credits,similar' })).toMatchObject({
			name: 'details',
			media: 'movie',
			id: 550,
			query: { append_to_response: ['credits', 'similar'] },
		})
		expect(parseCatalogRoute('3/tv/1399/season/2/episode/3')).toMatchObject({ name: 'episode', id: 1399, season: 2, episode: 3 })
		expect(parseCatalogRoute('trending/tv/day')).toMatchObject({ name: 'trending', media: 'tv', window: 'day', query: { page: 1 } })
		expect(parseCatalogRoute('/discover/movie', { with_genres: '28|12', page: 3 })).toMatchObject({
			name: 'discover',
			query: { with_genres: '28|12', page: 3, sort_by: 'popularity.desc' },
		})
		expect(parseCatalogRoute('/tv/1399/watch/providers')).toMatchObject({ name: 'providers', media: 'tv', id: 1399 })
		expect(parseCatalogRoute('/movie/upcoming')).toMatchObject({ name: 'list', list: 'upcoming' })
	})

	it('answers 404 for paths outside the allow-list and 400 for bad parameters', () => {
		expect(status(() => parseCatalogRoute('/person/287'))).toBe(404)
		expect(status(() => parseCatalogRoute('/tv/upcoming'))).toBe(404)
		expect(status(() => parseCatalogRoute('/movie/0'))).toBe(404)
		expect(status(() => parseCatalogRoute('/movie/popular', { page: '501' }))).toBe(400)
		expect(status(() => parseCatalogRoute('/search/multi', { query: '  ' }))).toBe(400)
		expect(status(() => parseCatalogRoute('/discover/tv', { watch_region: 'usa' }))).toBe(400)
		expect(status(() => parseCatalogRoute('/movie/550/images', { include_image_language: 'en,<script>' }))).toBe(400)
	})

	it('builds the same cache key whatever the parameter order', () => {
		expect(routeCacheKey('/discover/movie', { page: 1, with_genres: '28' })).toBe(
			routeCacheKey('discover/movie', { with_genres: '28', page: 1, language: undefined }),
		)
	})
})
