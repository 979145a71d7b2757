import { LRUCache } from 'lru-cache'
import type { DatabaseHandle } from '../db/db.server.ts'
import { MOVIE_GENRES, TV_GENRES } from './genre-lists.ts'
import { createLocalDetails } from './local/details.server.ts'
import { createLocalDiscover } from './local/discover.server.ts'
import { createLocalLists } from './local/lists.server.ts'
import { createLocalSearch } from './local/search.server.ts'
import type { LocalContext } from './local/title-rows.ts'
import type { CatalogRoute } from './tmdb-paths.ts'

// The local back end: answers the catalogue routes from Willow's own tables,
// in TMDB's response shapes. Each kind of route has its module in local/.

export interface LocalCatalogOptions {
	/** The clock: "upcoming" and "on the air" are relative to it. */
	now?: () => Date
}

export function createLocalCatalog(handle: DatabaseHandle, options: LocalCatalogOptions = {}) {
	const { db, dialect } = handle
	const now = options.now ?? (() => new Date())
	// Counting every match of a broad filter is the slow part of a list page; counts change only on import.
	const counts = new LRUCache<string, number>({ max: 2000, ttl: 60_000 })

	async function countCached(cacheKey: string, count: () => Promise<number>) {
		const hit = counts.get(cacheKey)
		if (hit !== undefined) return hit
		const value = await count()
		counts.set(cacheKey, value)
		return value
	}

	const context: LocalContext = { db, dialect, now, countCached }
	const { list, trending } = createLocalLists(context)
	const { discover } = createLocalDiscover(context)
	const { search } = createLocalSearch(context)
	const { movieDetails, tvDetails, season, episode, images, providers } = createLocalDetails(context)

	return {
		async get(route: CatalogRoute): Promise<unknown> {
			switch (route.name) {
				case 'search':
					return search(route.query)
				case 'list':
					return list(route.media, route.list, route.query)
				case 'trending':
					return trending(route.media, route.window, route.query)
				case 'discover':
					return discover(route.media, route.query)
				case 'genres':
					return { genres: route.media === 'movie' ? MOVIE_GENRES : TV_GENRES }
				case 'details':
					return route.media === 'movie' ? movieDetails(route.id, route.query) : tvDetails(route.id, route.query)
				case 'images':
					return images(route.media, route.id, route.query)
				case 'providers':
					return providers(route.media, route.id)
				case 'season':
					return season(route.id, route.season)
				case 'episode':
					return episode(route.id, route.season, route.episode, route.query)
			}
		},
		/** Forgets cached counts (after an import). */
		invalidate() {
			counts.clear()
		},
	}
}

export type LocalCatalog = ReturnType<typeof createLocalCatalog>
