import { Router } from 'express'
import { jsonHandler } from '../http/errors.server.ts'
import { catalogGet } from './catalog.server.ts'
import type { CatalogQuery } from './tmdb-paths.ts'

/** /api/catalog/<TMDB v3 path>: the catalogue over HTTP for the browser (same allow-list and shapes). */
export function catalogApiRouter() {
	const router = Router()
	router.get(
		/.*/,
		jsonHandler(async (req, res) => {
			const body = await catalogGet(req.path, req.query as CatalogQuery)
			// Catalogue answers are public and change slowly; let browsers and proxies keep them briefly.
			res.set('Cache-Control', 'public, max-age=60, stale-while-revalidate=600')
			return body
		}),
	)
	return router
}
