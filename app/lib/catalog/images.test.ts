import { describe, expect, it } from 'vitest'
import { artPath, imageUrl, isArtPath, parseArtPath } from './images.ts'

describe('imageUrl', () => {
	it('loads real TMDB paths from the TMDB image host at the asked size', () => {
		expect(imageUrl('/abc123.jpg', 'w342')).toBe('https://image.tmdb.org/t/p/w342/abc123.jpg')
		expect(imageUrl('/abc123.jpg', 'original', 'http://127.0.0.1:9/t/p/')).toBe('http://127.0.0.1:9/t/p/original/abc123.jpg')
	})

	it('loads demo artwork from Willow at the size’s width', () => {
		const poster = artPath('poster', 'movie-550')
		expect(poster).toBe('/art/poster/movie-550.webp')
		expect(isArtPath(poster)).toBe(true)
		expect(imageUrl(poster, 'w500')).toBe('/api/images/art/poster/movie-550.webp?w=500')
		expect(imageUrl(artPath('backdrop', 'tv-1399'), 'original')).toBe('/api/images/art/backdrop/tv-1399.webp?w=1920')
		expect(imageUrl(artPath('still', 'episode-1399-1-2'), 'w300')).toBe('/api/images/art/still/episode-1399-1-2.webp?w=300')
	})

	it('gives undefined for missing or malformed paths so callers show a placeholder', () => {
		expect(imageUrl(null, 'w342')).toBeUndefined()
		expect(imageUrl('', 'w342')).toBeUndefined()
		expect(imageUrl('/art/poster/../../etc.webp', 'w342')).toBeUndefined()
		expect(parseArtPath('/art/banner/movie-1.webp')).toBeUndefined()
	})
})
