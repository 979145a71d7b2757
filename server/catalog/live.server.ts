import { createCachedLoader, type Cache, type CachedOptions } from '../cache/cache.server.ts'
import { HttpError } from '../http/errors.server.ts'
import { logger as rootLogger } from '../logger.server.ts'
import { routeCacheKey, type CatalogRoute } from './tmdb-paths.ts'

// The live back end: the same routes, answered by TMDB's v3 API from the
// server (the credential never reaches the browser). Every answer is cached
// per endpoint class with stale-while-revalidate; concurrent misses share one
// upstream call; 429/5xx are retried with backoff (honouring Retry-After);
// when TMDB is down, stale answers are served.

export interface LiveCatalogOptions {
	apiBase: string
	apiKey?: string
	readToken?: string
	cache: Cache
	fetch?: typeof fetch
	timeoutMs?: number
	/** Attempts per upstream call, including the first. */
	attempts?: number
	/** Base backoff between attempts (doubled each time). */
	backoffMs?: number
	logger?: typeof rootLogger
	/** Freshness per route (tests shorten it). */
	ttl?: (route: CatalogRoute) => CachedOptions
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Freshness per endpoint class; stale answers may be served for `staleMs` beyond it. */
export function ttlFor(route: CatalogRoute): CachedOptions {
	switch (route.name) {
		case 'search':
			return { ttlMs: 10 * MINUTE, staleMs: 6 * HOUR }
		case 'trending':
			return { ttlMs: 30 * MINUTE, staleMs: 2 * DAY }
		case 'list':
		case 'discover':
			return { ttlMs: HOUR, staleMs: 2 * DAY }
		case 'genres':
			return { ttlMs: 7 * DAY, staleMs: 30 * DAY }
		default:
			return { ttlMs: 6 * HOUR, staleMs: 7 * DAY }
	}
}

export function upstreamPath(route: CatalogRoute): string {
	switch (route.name) {
		case 'search':
			return 'search/multi'
		case 'list':
			return `${route.media}/${route.list}`
		case 'trending':
			return `trending/${route.media}/${route.window}`
		case 'discover':
			return `discover/${route.media}`
		case 'genres':
			return `genre/${route.media}/list`
		case 'details':
			return `${route.media}/${route.id}`
		case 'images':
			return `${route.media}/${route.id}/images`
		case 'providers':
			return `${route.media}/${route.id}/watch/providers`
		case 'season':
			return `tv/${route.id}/season/${route.season}`
		case 'episode':
			return `tv/${route.id}/season/${route.season}/episode/${route.episode}`
	}
}

function upstreamQuery(route: CatalogRoute): Record<string, string> {
	const out: Record<string, string> = {}
	for (const [key, value] of Object.entries(route.query as Record<string, unknown>)) {
		if (value === undefined || value === null) continue
		if (Array.isArray(value)) {
			if (value.length) out[key] = value.join(',')
		} else out[key] = String(value)
	}
	return out
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function retryAfterMs(header: string | null): number | undefined {
	if (!header) return undefined
	const seconds = Number(header)
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
	const date = Date.parse(header)
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

/** TMDB's own words for a miss. */
const NOT_FOUND_TEXT = 'The resource you requested could not be found.'
/** How long a 404 from TMDB is remembered. */
export const MISS_TTL_MS = 10 * 60 * 1000

export function createLiveCatalog(options: LiveCatalogOptions) {
	const doFetch = options.fetch ?? fetch
	const timeoutMs = options.timeoutMs ?? 5000
	const attempts = options.attempts ?? 3
	const backoffMs = options.backoffMs ?? 300
	const log = options.logger ?? rootLogger
	const cached = createCachedLoader(options.cache)
	let upstreamCalls = 0

	async function fetchJson(path: string, query: Record<string, string>): Promise<unknown> {
		const url = new URL(`${options.apiBase.replace(/\/+$/, '')}/${path}`)
		for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
		const headers: Record<string, string> = { accept: 'application/json' }
		if (options.readToken) headers.authorization = `Bearer ${options.readToken}`
		else if (options.apiKey) url.searchParams.set('api_key', options.apiKey)

		let lastError: unknown
		for (let attempt = 1; attempt <= attempts; attempt++) {
			upstreamCalls++
			let response: Response
			try {
				response = await doFetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) })
			} catch (error) {
				lastError = error
				log.warn({ err: error, path, attempt }, 'TMDB request failed')
				// A request that timed out is not tried again: a hanging TMDB would hold the page for every attempt.
				if ((error as Error | undefined)?.name === 'TimeoutError') break
				if (attempt < attempts) await sleep(backoffMs * 2 ** (attempt - 1))
				continue
			}
			if (response.ok) return response.json()
			const statusText = response.statusText || `HTTP ${response.status}`
			await response.body?.cancel().catch(() => {})
			if (response.status === 404) throw new HttpError(404, NOT_FOUND_TEXT)
			const retryable = response.status === 429 || response.status >= 500
			lastError = new HttpError(502, `TMDB answered ${response.status} ${statusText}`)
			log.warn({ path, status: response.status, statusText, attempt }, 'TMDB answered with an error')
			if (!retryable) break
			if (attempt < attempts) {
				const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoffMs * 2 ** (attempt - 1)
				await sleep(Math.min(wait, 10_000))
			}
		}
		log.error({ err: lastError, path }, 'TMDB request gave up')
		if (lastError instanceof HttpError) throw lastError
		throw new HttpError(502, `TMDB is unreachable: ${lastError instanceof Error ? lastError.message : String(lastError)}`)
	}

	return {
		async get(route: CatalogRoute): Promise<unknown> {
			const path = upstreamPath(route)
			const query = upstreamQuery(route)
			const key = `tmdb:${routeCacheKey(path, query)}`
			// A miss is remembered for a while: a title TMDB lacks costs one request, not one per visit.
			if (await options.cache.get<true>(`${key}:missing`).catch(() => undefined)) throw new HttpError(404, NOT_FOUND_TEXT)
			try {
				return await cached(key, (options.ttl ?? ttlFor)(route), () => fetchJson(path, query))
			} catch (error) {
				if (error instanceof HttpError && error.status === 404) await options.cache.set(`${key}:missing`, true, MISS_TTL_MS).catch(() => {})
				throw error
			}
		},
		/** How many HTTP requests went upstream (for tests and the benchmark). */
		upstreamCalls: () => upstreamCalls,
	}
}

export type LiveCatalog = ReturnType<typeof createLiveCatalog>
