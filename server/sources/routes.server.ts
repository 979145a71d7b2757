import { Router } from 'express'
import { mediaFolderStreamRouter } from './media-folder/routes.server.ts'
import { proxyStreamRouter } from './proxy/routes.server.ts'
import { sampleStreamRouter } from './sample/routes.server.ts'

/**
 * /api/stream/*: media, playlists, segments, captions and thumbnails. Every
 * URL here is signed (signing.server.ts), so any worker can serve it; each
 * sub-router sets its own caching headers over the API's no-store.
 */
export function streamApiRouter(): Router {
	const router = Router()
	router.use('/sample', sampleStreamRouter())
	router.use('/library', mediaFolderStreamRouter())
	router.use('/proxy', proxyStreamRouter())
	return router
}
