import { data } from 'react-router'
import { toCards, toHeroItem, withKind, type CardFields, type HeroFields } from '#app/lib/browse/media.ts'
import type { TmdbImages, TmdbMovieListItem, TmdbPage, TmdbTvListItem } from '#app/lib/catalog/tmdb-types.ts'
import { getEnv } from '../env.server.ts'
import { createCachedLoader, getCache } from '../cache/cache.server.ts'
import { logger } from '../logger.server.ts'
import { catalogGet } from './catalog.server.ts'

export type CatalogQuery = Record<string, string | number | undefined>

// Pages ask for the same lists and titles again and again; a short shared
// cache (with stale-while-revalidate and request coalescing) keeps loaders
// cheap. Failures are never cached.
const PAGE_DATA_TTL_MS = 60_000
const PAGE_DATA_STALE_MS = 10 * 60_000
let cached: ReturnType<typeof createCachedLoader> | undefined

function cacheKey(path: string, query: CatalogQuery) {
	const params = Object.entries(query)
		.filter(([, value]) => value !== undefined)
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([key, value]) => `${key}=${String(value)}`)
		.join('&')
	return `browse:${path}?${params}`
}

/**
 * A catalogue read through the short shared page-data cache (failures are not
 * cached: the next call retries). Page loaders read through this; the
 * uncached catalogGet (catalog.server.ts) is for the API and scripts.
 */
export async function cachedCatalogGet<T>(path: string, query: CatalogQuery = {}): Promise<T> {
	cached ??= createCachedLoader(getCache())
	return cached(cacheKey(path, query), { ttlMs: PAGE_DATA_TTL_MS, staleMs: PAGE_DATA_STALE_MS }, () => catalogGet<T>(path, query))
}

/** A catalogue error that means "no such title" (HttpError 404, or a status on the error). */
export function isNotFoundError(error: unknown): boolean {
	if (!error || typeof error !== 'object') return false
	const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode
	return status === 404
}

/** Reads a list endpoint; a failure is logged and reads as an empty list, so one bad row never breaks a page. */
export async function listOrEmpty<T>(
	path: string,
	query: CatalogQuery = {},
): Promise<{ results: T[]; totalPages: number; failed: boolean }> {
	try {
		const page = await cachedCatalogGet<TmdbPage<T>>(path, query)
		return { results: page?.results ?? [], totalPages: page?.total_pages ?? 0, failed: false }
	} catch (error) {
		logger.warn({ err: error, path }, 'catalogue list failed')
		return { results: [], totalPages: 0, failed: true }
	}
}

interface DerivedNode {
	next: WeakMap<object, DerivedNode>
	values: Map<string, unknown>
}
const derivedRoot: DerivedNode = { next: new WeakMap(), values: new Map() }

/**
 * A value computed from catalogue objects, computed once per set of objects.
 * The in-process cache answers a hit with the very objects it stored, so
 * every request for an unchanged list reuses its cards instead of building
 * (and collecting) them again; a refreshed list is a new object, hence a new
 * value. Through Redis every read is a new object and this simply computes.
 * `build` must depend only on `sources` and `variant`.
 */
export function derivedFrom<T>(sources: readonly object[], variant: string, build: () => T): T {
	let node = derivedRoot
	for (const source of sources) {
		let next = node.next.get(source)
		if (!next) node.next.set(source, (next = { next: new WeakMap(), values: new Map() }))
		node = next
	}
	if (node.values.has(variant)) return node.values.get(variant) as T
	const value = build()
	node.values.set(variant, value)
	return value
}

export async function movieList(path: string, query: CatalogQuery = {}) {
	const list = await listOrEmpty<TmdbMovieListItem>(path, query)
	return { ...list, results: derivedFrom([list.results], 'movie', () => withKind(list.results, 'movie')) }
}

export async function tvList(path: string, query: CatalogQuery = {}) {
	const list = await listOrEmpty<TmdbTvListItem>(path, query)
	return { ...list, results: derivedFrom([list.results], 'tv', () => withKind(list.results, 'tv')) }
}

/** The cards of the first `limit` items of a list (memoized per list, see derivedFrom). */
export function cardsOf(items: ReadonlyArray<Parameters<typeof toCards>[0][number]>, limit = items.length): CardFields[] {
	return derivedFrom([items], `cards:${limit}`, () => toCards(items.slice(0, limit)))
}

/** Reads a detail endpoint; unknown ids become a 404 response (the root error boundary shows the not-found page). */
export async function detailOr404<T>(path: string, query: CatalogQuery = {}): Promise<T> {
	try {
		const value = await cachedCatalogGet<T | null>(path, query)
		if (value === null || value === undefined) throw data(null, { status: 404 })
		return value
	} catch (error) {
		if (isNotFoundError(error)) throw data(null, { status: 404, statusText: 'Not Found' })
		throw error
	}
}

/** Reads an endpoint that may legitimately be missing (an episode, a season); 404 → null. */
export async function optional<T>(path: string, query: CatalogQuery = {}): Promise<T | null> {
	try {
		return (await cachedCatalogGet<T | null>(path, query)) ?? null
	} catch (error) {
		if (isNotFoundError(error)) return null
		throw error
	}
}

/** The first English (or language-neutral) logo's path (product.md §7, the logo helper). */
export function pickLogo(images: TmdbImages | undefined | null): string | null {
	const logos = images?.logos ?? []
	const preferred = logos.find((logo) => logo.iso_639_1 === 'en') ?? logos.find((logo) => !logo.iso_639_1) ?? logos[0]
	return preferred?.file_path ?? null
}

/** Hero slides of list items, each with its logo; a failed image lookup just leaves the title text (a slide is memoized per item and image list, see derivedFrom). */
export async function heroItems(
	items: ReadonlyArray<Parameters<typeof toHeroItem>[0] & { media_type: 'movie' | 'tv' }>,
): Promise<HeroFields[]> {
	return Promise.all(
		items.map(async (item) => {
			try {
				const images = await cachedCatalogGet<TmdbImages>(`/${item.media_type}/${item.id}/images`, { include_image_language: 'en,null' })
				if (!images) return toHeroItem({ ...item, logo_path: null })
				return derivedFrom([item, images], 'hero', () => toHeroItem({ ...item, logo_path: pickLogo(images) }))
			} catch {
				return toHeroItem({ ...item, logo_path: null })
			}
		}),
	)
}

/**
 * The site's origin for absolute URLs (canonical links, Open Graph,
 * robots.txt, the sitemap): CANONICAL_HOST when set, never a Host header a
 * client chose; else the request's own.
 */
export function originOf(request: Request): string {
	const url = new URL(request.url)
	const canonicalHost = getEnv().CANONICAL_HOST
	return canonicalHost ? `${url.protocol}//${canonicalHost}` : url.origin
}
