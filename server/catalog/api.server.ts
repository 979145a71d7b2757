import { Router } from 'express'

/** /api/catalog/<TMDB v3 path>. */
export function catalogApiRouter() {
	return Router()
}
