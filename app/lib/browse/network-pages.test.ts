import { describe, expect, it } from 'vitest'
import { CATEGORIES } from '../catalog/categories.ts'
import type { TmdbPage } from '../catalog/tmdb-types.ts'
import type { MediaListItem } from './media.ts'
import { genreCategoryHref } from './media.ts'
import { loadGenrePage, loadNetworkPage } from './network-pages.ts'
import { pageMeta, pageTitle } from './seo.ts'

function page(kind: 'movie' | 'tv', count: number, offset = 0): TmdbPage<MediaListItem> {
	const results = Array.from({ length: count }, (_, i) =>
		kind === 'movie'
			? {
					id: offset + i + 1,
					title: `M${i}`,
					overview: '',
					poster_path: null,
					backdrop_path: null,
					genre_ids: [],
					vote_average: 5,
					vote_count: 1,
					popularity: 1,
				}
			: {
					id: offset + i + 1,
					name: `S${i}`,
					overview: '',
					poster_path: null,
					backdrop_path: null,
					genre_ids: [],
					vote_average: 5,
					vote_count: 1,
					popularity: 1,
				},
	)
	return { page: 1, results, total_pages: 3, total_results: 60 }
}

describe('network pages', () => {
	it('All combines movies and series: 40 keeps scrolling, 39 stops', async () => {
		const full = await loadNetworkPage('all', 1, async (kind) => page(kind, 20, kind === 'tv' ? 100 : 0))
		expect(full.items).toHaveLength(40)
		expect(full.hasMore).toBe(true)
		expect(full.items[0]?.media_type).toBe('movie')
		expect(full.items[1]?.media_type).toBe('tv')
		const short = await loadNetworkPage('all', 2, async (kind) => page(kind, kind === 'tv' ? 19 : 20))
		expect(short.hasMore).toBe(false)
	})
	it('one kind: 20 keeps scrolling, fewer stops, and only that kind is asked for', async () => {
		const asked: string[] = []
		const movies = await loadNetworkPage('movie', 3, async (kind, p) => {
			asked.push(`${kind}:${p}`)
			return page(kind, 20)
		})
		expect(asked).toEqual(['movie:3'])
		expect(movies.hasMore).toBe(true)
		const series = await loadNetworkPage('tv', 1, async (kind) => page(kind, 7))
		expect(series.hasMore).toBe(false)
		expect(series.items.every((item) => item.media_type === 'tv')).toBe(true)
	})
})

describe('genre pages', () => {
	it('shuffle movies and series together, the same way for the same seed', async () => {
		const fetcher = async (kind: 'movie' | 'tv') => page(kind, 20, kind === 'tv' ? 100 : 0)
		const a = await loadGenrePage({ movieGenreId: 18, tvGenreId: 18 }, 1, 7, fetcher)
		const b = await loadGenrePage({ movieGenreId: 18, tvGenreId: 18 }, 1, 7, fetcher)
		expect(a.items.map((i) => `${i.media_type}${i.id}`)).toEqual(b.items.map((i) => `${i.media_type}${i.id}`))
		expect(a.items).toHaveLength(40)
		expect(a.hasMore).toBe(true)
		const kinds = a.items.map((i) => i.media_type).join()
		expect(kinds).not.toBe([...Array(20).fill('movie'), ...Array(20).fill('tv')].join())
	})
	it('a series-only category asks only for series and stops below 20', async () => {
		const asked: string[] = []
		const result = await loadGenrePage({ tvGenreId: 10766 }, 1, 1, async (kind, genre) => {
			asked.push(`${kind}:${genre}`)
			return page(kind, 12)
		})
		expect(asked).toEqual(['tv:10766'])
		expect(result.hasMore).toBe(false)
	})
})

describe('genre chips and page titles', () => {
	it('link a genre to its category slug, or to the category covering its id', () => {
		expect(genreCategoryHref({ id: 18, name: 'Drama' }, CATEGORIES)).toBe('/categories/drama')
		// Anime shares genre 16 but is narrowed by language: a genre by id leads to Animation.
		expect(genreCategoryHref({ id: 16, name: 'Animated' }, CATEGORIES)).toBe('/categories/animation')
		expect(genreCategoryHref({ id: 10759, name: 'Action & Adventure' }, CATEGORIES)).toBe('/categories/action-adventure')
		expect(genreCategoryHref({ id: 10765, name: 'Sci-Fi & Fantasy' }, CATEGORIES)).toBe('/categories/sci-fi-fantasy')
		expect(genreCategoryHref({ id: 878, name: 'Science Fiction' }, CATEGORIES)).toBe('/categories/sci-fi')
	})
	it('titles and social tags', () => {
		expect(pageTitle('Movies')).toBe('Movies | Willow')
		expect(pageTitle('Willow - Watch whatever series or anime you want?')).toBe('Willow - Watch whatever series or anime you want?')
		const tags = pageMeta({ title: 'Fight Club', description: 'd', image: 'https://x/p.jpg', url: 'https://x/movies/550-fight-club' })
		expect(tags).toContainEqual({ property: 'og:image', content: 'https://x/p.jpg' })
		expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
		expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://x/movies/550-fight-club' })
	})
})

describe('cards', () => {
	it('keep only what a card and sorting need', async () => {
		const { toCard } = await import('./media.ts')
		const { filterByType } = await import('./search.ts')
		const movie = toCard({
			id: 1,
			title: 'A',
			release_date: '2001-01-01',
			poster_path: '/p.jpg',
			vote_average: 7,
			vote_count: 3,
			popularity: 9,
			overview: 'long text',
		} as never)
		expect(movie).toEqual({
			id: 1,
			media_type: 'movie',
			title: 'A',
			release_date: '2001-01-01',
			poster_path: '/p.jpg',
			vote_average: 7,
			vote_count: 3,
			popularity: 9,
		})
		const show = toCard({ id: 2, original_name: 'B', poster_path: null })
		expect(show).toEqual({ id: 2, media_type: 'tv', name: 'B', poster_path: null })
		expect(filterByType([movie, show, { id: 3, media_type: 'person' }], 'all').map((i) => i.id)).toEqual([1, 2])
		expect(filterByType([movie, show], 'tv').map((i) => i.id)).toEqual([2])
	})
})
