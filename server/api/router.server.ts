import express, { Router } from 'express'
import { getEnv } from '../env.server.ts'
import { apiErrorHandler, apiNotFound } from '../http/errors.server.ts'
import { sameOriginGuard } from '../http/middleware.server.ts'
import { refuseIllFormedJson, refuseIllFormedQuery } from '../http/well-formed.ts'
import { featureRouters } from './features.server.ts'

/** The JSON API under /api: one body parser, one CSRF guard, one error format. */
export function createApiRouter(): Router {
	const router = Router()
	router.use((_req, res, next) => {
		res.set('Cache-Control', 'no-store')
		next()
	})
	router.use(sameOriginGuard)
	router.use(refuseIllFormedQuery)
	const jsonBody = express.json({
		limit: getEnv().BODY_LIMIT,
		strict: true,
		type: ['application/json', 'application/*+json'],
		reviver: refuseIllFormedJson,
	})
	// /sync takes larger bodies and parses them itself, after its session check (server/sync/api.server.ts).
	// These parse their own bodies with their own limits: /sync after its session check, /library-import
	// whole export files, /errors small reports only.
	const ownParsers = ['/sync/', '/library-import/', '/errors/']
	router.use((req, res, next) => (ownParsers.some((prefix) => req.path.startsWith(prefix)) ? next() : jsonBody(req, res, next)))
	for (const [mountPath, makeRouter] of featureRouters) router.use(mountPath, makeRouter())
	router.use(apiNotFound)
	router.use(apiErrorHandler)
	return router
}
