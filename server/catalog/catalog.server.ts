import type { DatabaseHandle } from '../db/db.server.ts'

/**
 * The catalogue: TMDB v3 paths and query parameters in, TMDB-shaped JSON out.
 * Pages' loaders call catalogGet directly; the browser reaches the same thing
 * through /api/catalog/<path>.
 */
export async function catalogGet<T = unknown>(_path: string, _query: Record<string, string | number | undefined> = {}): Promise<T> {
	throw new Error('catalogue not built yet')
}

/** Loads the embedded demo catalogue into an empty database (a startup task). */
export async function seedDemoCatalogue(_database: DatabaseHandle): Promise<void> {}
