import { describe, expect, it } from 'vitest'
import { CATEGORIES, findCategory } from './categories.ts'
import { genreIdByName, GENRES, MOVIE_GENRES, TV_GENRES } from './genres.ts'
import { findNetwork, NETWORKS } from './networks.ts'

describe('genres', () => {
	it('maps a name back to its id case-insensitively', () => {
		expect(genreIdByName('science fiction')).toBe(878)
		expect(genreIdByName('ACTION & ADVENTURE')).toBe(10759)
		expect(genreIdByName('nope')).toBeUndefined()
	})
	it('has the 27 genres of product.md', () => {
		expect(Object.keys(GENRES)).toHaveLength(27)
	})
	it("builds the map from TMDB's two lists, a shared id naming the same genre in both", () => {
		expect(MOVIE_GENRES).toHaveLength(19)
		expect(TV_GENRES).toHaveLength(16)
		for (const genre of [...MOVIE_GENRES, ...TV_GENRES]) expect(GENRES[genre.id]).toBe(genre.name)
	})
})

describe('categories', () => {
	it('has the 25 slugs of product.md and Anime (§11), each with at least one genre', () => {
		expect(CATEGORIES).toHaveLength(26)
		for (const c of CATEGORIES) expect(c.movieGenreId ?? c.tvGenreId).toBeDefined()
	})
	it('Anime is animation first made in Japanese; Animation stays every animation', () => {
		expect(findCategory('anime')).toEqual({ slug: 'anime', name: 'Anime', movieGenreId: 16, tvGenreId: 16, originalLanguage: 'ja' })
		expect(findCategory('animation')?.originalLanguage).toBeUndefined()
		expect(findCategory('animé')).toBeUndefined()
	})
	it('finds by slug after the slug rule and refuses unknown ones', () => {
		expect(findCategory('Sci-Fi')?.slug).toBe('sci-fi')
		expect(findCategory('made-up')).toBeUndefined()
	})
})

describe('networks', () => {
	it('resolves aliases', () => {
		expect(findNetwork('hbo-max')?.slug).toBe('hbo')
		expect(findNetwork('paramount')?.providerId).toBe(531)
		expect(findNetwork('NETFLIX')?.providerId).toBe(8)
		expect(findNetwork('myspace')).toBeUndefined()
		expect(NETWORKS).toHaveLength(8)
	})
})
