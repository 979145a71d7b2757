import { slugify } from './slug.ts'

export interface Category {
	slug: string
	name: string
	/** TMDB movie genre, when movies belong to it. */
	movieGenreId?: number
	/** TMDB TV genre, when series belong to it. */
	tvGenreId?: number
	/** Only titles first made in this language (ISO 639-1): a category a genre alone does not name. */
	originalLanguage?: string
}

// The 25 category slugs of product.md §2, each mapped to the TMDB genres behind it,
// and Willow's Anime (product.md §11): animation first made in Japanese.
export const CATEGORIES: readonly Category[] = [
	{ slug: 'animation', name: 'Animation', movieGenreId: 16, tvGenreId: 16 },
	{ slug: 'sci-fi', name: 'Sci-Fi', movieGenreId: 878, tvGenreId: 10765 },
	{ slug: 'action', name: 'Action', movieGenreId: 28, tvGenreId: 10759 },
	{ slug: 'action-adventure', name: 'Action & Adventure', movieGenreId: 12, tvGenreId: 10759 },
	{ slug: 'comedy', name: 'Comedy', movieGenreId: 35, tvGenreId: 35 },
	{ slug: 'kids', name: 'Kids', movieGenreId: 10751, tvGenreId: 10762 },
	{ slug: 'drama', name: 'Drama', movieGenreId: 18, tvGenreId: 18 },
	{ slug: 'adventure', name: 'Adventure', movieGenreId: 12, tvGenreId: 10759 },
	{ slug: 'fantasy', name: 'Fantasy', movieGenreId: 14, tvGenreId: 10765 },
	{ slug: 'mystery', name: 'Mystery', movieGenreId: 9648, tvGenreId: 9648 },
	{ slug: 'crime', name: 'Crime', movieGenreId: 80, tvGenreId: 80 },
	{ slug: 'war', name: 'War', movieGenreId: 10752, tvGenreId: 10768 },
	{ slug: 'documentary', name: 'Documentary', movieGenreId: 99, tvGenreId: 99 },
	{ slug: 'sci-fi-fantasy', name: 'Sci-Fi & Fantasy', movieGenreId: 878, tvGenreId: 10765 },
	{ slug: 'family', name: 'Family', movieGenreId: 10751, tvGenreId: 10751 },
	{ slug: 'history', name: 'History', movieGenreId: 36, tvGenreId: 36 },
	{ slug: 'horror', name: 'Horror', movieGenreId: 27, tvGenreId: 9648 },
	{ slug: 'music', name: 'Music', movieGenreId: 10402, tvGenreId: 10402 },
	{ slug: 'romance', name: 'Romance', movieGenreId: 10749, tvGenreId: 10749 },
	{ slug: 'tv-movie', name: 'TV Movie', movieGenreId: 10770 },
	{ slug: 'thriller', name: 'Thriller', movieGenreId: 53, tvGenreId: 80 },
	{ slug: 'western', name: 'Western', movieGenreId: 37, tvGenreId: 37 },
	{ slug: 'soap', name: 'Soap', tvGenreId: 10766 },
	{ slug: 'talk', name: 'Talk', tvGenreId: 10767 },
	{ slug: 'reality', name: 'Reality', tvGenreId: 10764 },
	{ slug: 'anime', name: 'Anime', movieGenreId: 16, tvGenreId: 16, originalLanguage: 'ja' },
]

const bySlug = new Map(CATEGORIES.map((c) => [c.slug, c]))

/** Finds a category by its slug (after applying the slug rule); unknown → undefined. */
export function findCategory(slug: string): Category | undefined {
	return bySlug.get(slugify(slug))
}
