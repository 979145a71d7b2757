import { Router } from 'express'
import { jsonHandler } from '../http/errors.server.ts'
import { cachedCatalogGet } from './page-data.server.ts'
import { parseCatalogRoute, type CatalogQuery } from './tmdb-paths.ts'

/** /api/catalog/<TMDB v3 path>: the catalogue over HTTP for the browser (same allow-list and shapes). */
export function catalogApiRouter() {
	const router = Router()
	router.get(
		/.*/,
		jsonHandler(async (req, res) => {
			// Checked first, and only the parameters the path takes go on: a bad query is a 400 and
			// made-up parameters can not make new cache entries.
			const route = parseCatalogRoute(req.path, req.query as CatalogQuery)
			const known: Record<string, string> = {}
			for (const [key, value] of Object.entries(req.query)) if (key in route.query && typeof value === 'string') known[key] = value
			// The same page-data cache as the pages' loaders: one read per list, whichever asks.
			const body = await cachedCatalogGet(req.path, known)
			// Catalogue answers are public and change slowly; let browsers and proxies keep them briefly.
			res.set('Cache-Control', 'public, max-age=60, stale-while-revalidate=600')
			return body
		}),
	)
	return router
}
