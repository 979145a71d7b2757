import { getCache } from '../cache/cache.server.ts'
import { getDatabase, type DatabaseHandle } from '../db/db.server.ts'
import { getEnv } from '../env.server.ts'
import { seedDemo } from './demo.server.ts'
import { createLiveCatalog, type LiveCatalog } from './live.server.ts'
import { createLocalCatalog, type LocalCatalog } from './local.server.ts'
import { parseCatalogRoute, type CatalogQuery } from './tmdb-paths.ts'

/**
 * The catalogue: TMDB v3 paths and query parameters in, TMDB-shaped JSON out.
 * Pages' loaders read it through the page-data cache (cachedCatalogGet in
 * page-data.server.ts); the browser reaches the same thing through
 * /api/catalog/<path>. With TMDB_API_KEY or TMDB_READ_TOKEN set it
 * answers from live TMDB (cached); otherwise from Willow's own database.
 *
 * Errors are HttpErrors: 404 for an unknown path or title, 400 for a bad
 * parameter, 502 when TMDB fails and nothing is cached.
 */
export async function catalogGet<T = unknown>(path: string, query: CatalogQuery = {}): Promise<T> {
	const route = parseCatalogRoute(path, query)
	return (await backend().get(route)) as T
}

export type CatalogMode = 'live' | 'local'

/** 'live' when a TMDB credential is configured, else 'local' (the demo catalogue or imported titles). */
export function catalogMode(): CatalogMode {
	const env = getEnv()
	return env.TMDB_API_KEY || env.TMDB_READ_TOKEN ? 'live' : 'local'
}

let live: LiveCatalog | undefined
const locals = new WeakMap<DatabaseHandle, LocalCatalog>()
let override: { get(route: ReturnType<typeof parseCatalogRoute>): Promise<unknown> } | undefined

function backend() {
	if (override) return override
	if (catalogMode() === 'live') {
		const env = getEnv()
		live ??= createLiveCatalog({ apiBase: env.TMDB_API_BASE, apiKey: env.TMDB_API_KEY, readToken: env.TMDB_READ_TOKEN, cache: getCache() })
		return live
	}
	return localCatalogFor(getDatabase())
}

export function localCatalogFor(handle: DatabaseHandle): LocalCatalog {
	let local = locals.get(handle)
	if (!local) {
		local = createLocalCatalog(handle)
		locals.set(handle, local)
	}
	return local
}

/** Tests swap the back end (a live catalogue against a fake TMDB, say); undefined restores the default. */
export function setCatalogBackendForTests(backendForTests: typeof override) {
	override = backendForTests
	live = undefined
}

/**
 * Loads the embedded demo catalogue into the database when it is not there yet
 * (a startup task). CATALOG_DEMO=off skips it: the catalogue holds only what
 * the owner imports.
 */
export async function seedDemoCatalogue(database: DatabaseHandle): Promise<void> {
	if (!getEnv().CATALOG_DEMO) return
	await seedDemo(database)
	locals.get(database)?.invalidate()
}
