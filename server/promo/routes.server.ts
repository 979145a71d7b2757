import { Router } from 'express'
import { readConfigAds, readInfoModals } from './promo.server.ts'

/** How long browsers may reuse the answers; the server itself re-reads the files within seconds of an edit. */
const MAX_AGE_SECONDS = 60

/**
 * Product.md's static paths (§7): `GET /modalData.json` (info modals) and
 * `GET /ads.json` (ads), answered from the owner's files in DATA_DIR with the
 * valid entries only (decision 0032). The info modals read the first; the home
 * page gets its ads from its loader, and /ads.json serves anyone else.
 */
export function promoFilesRouter(): Router {
	const router = Router()
	router.get('/modalData.json', (_req, res) => {
		res.set('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`).json(readInfoModals())
	})
	router.get('/ads.json', (_req, res) => {
		res.set('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`).json(readConfigAds())
	})
	return router
}
