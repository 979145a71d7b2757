import type { Server } from 'node:http'
import express, { type RequestHandler } from 'express'
import { pageErrorHandler } from './http/page-errors.server.ts'
import { createApiRouter } from './api/router.server.ts'
import { getDatabase, pingDatabase } from './db/db.server.ts'
import { getEnv } from './env.server.ts'
import { canonicalHostRedirect, requestContext, securityHeaders } from './http/middleware.server.ts'
import { partnerImageOrigins } from './partners/partners.server.ts'
import { promoImageOrigins } from './promo/promo.server.ts'
import { promoFilesRouter } from './promo/routes.server.ts'
import { attachTogether } from './together/socket.server.ts'

export interface AppOptions {
	/** The React Router page handler; tests of the API leave it out. */
	pageHandler?: RequestHandler
	/** Extra middleware placed before the pages (static files, Vite dev middleware). */
	beforePages?: RequestHandler[]
	/** Middleware that sees every request, right after its id and log are set. */
	first?: RequestHandler[]
}

/** Builds the Express app: security, health checks, the JSON API, then the pages. */
export function createApp(options: AppOptions = {}) {
	const env = getEnv()
	const app = express()
	app.disable('x-powered-by')
	// Express's own behaviour (its default error page, view caching) follows the validated setting.
	app.set('env', env.NODE_ENV)
	app.set('trust proxy', env.TRUST_PROXY)

	app.use(requestContext)
	for (const middleware of options.first ?? []) app.use(middleware)
	app.use(canonicalHostRedirect(env.CANONICAL_HOST))
	app.use(
		securityHeaders({
			development: env.NODE_ENV === 'development',
			imageHosts: [new URL(env.TMDB_IMAGE_BASE).origin],
			extraImageHosts: () => [...new Set([...promoImageOrigins(), ...partnerImageOrigins()])],
		}),
	)

	app.get('/healthz', (_req, res) => {
		res.set('Cache-Control', 'no-store').json({ status: 'ok' })
	})
	app.get('/readyz', async (_req, res) => {
		res.set('Cache-Control', 'no-store')
		try {
			await pingDatabase(getDatabase())
			res.json({ status: 'ready' })
		} catch (error) {
			res.locals.log.error({ err: error }, 'readiness check failed')
			res.status(503).json({ error: 'Database unreachable' })
		}
	})

	app.use('/api', createApiRouter())
	app.use(promoFilesRouter())
	for (const middleware of options.beforePages ?? []) app.use(middleware)
	if (options.pageHandler) app.use(options.pageHandler)
	app.use(pageErrorHandler)
	// Every server this app listens on (production, dev, tests) also takes the
	// watch-together WebSocket upgrade on the same port.
	const listen = app.listen.bind(app) as (...args: unknown[]) => Server
	app.listen = ((...args: unknown[]) => {
		const server = listen(...args)
		attachTogether(server)
		return server
	}) as typeof app.listen
	return app
}
