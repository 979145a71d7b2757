// Entry of the server bundle (see vite.config.ts). It wires the React Router
// page handler into the Express app and runs the process: cluster primary,
// migrations, workers, graceful shutdown.
import 'react-router'
import cluster from 'node:cluster'
import type { ServerResponse } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import expressStaticGzip from 'express-static-gzip'
import express, { type RequestHandler } from 'express'
import { closeCache } from './cache/cache.server.ts'
import { createApp } from './create-app.server.ts'
import { drainOnceFix } from './http/middleware.server.ts'
import { createPageCache } from './http/page-cache.server.ts'
import { closeDatabase, getDatabase, migrateToLatest } from './db/db.server.ts'
import { getEnv } from './env.server.ts'
import { logger } from './logger.server.ts'
import { startMediaFolderJobs } from './sources/media-folder/jobs.server.ts'
import { warmOwnerAddonManifests } from './sources/addons/addon-sources.server.ts'
import { startMediaCacheSweeps } from './sources/media/cache-bound.server.ts'
import { runStartupTasks } from './startup.server.ts'
import { closeRoomStore, serveRoomsFromPrimary } from './together/store.server.ts'

declare module 'react-router' {
	interface AppLoadContext {
		cspNonce: string
		requestId: string
		/** Keeps this response's page out of the page cache (a render that failed after its first bytes). */
		keepOutOfPageCache?: () => void
	}
}

/**
 * `loadPagesNow`: import the page modules (and the parts they import on demand, which the first
 * render waits for: app/components/ui/lazy-hydrated.tsx) at once rather than at the first page
 * request, so the first visitor after a start does not wait for them. A worker does.
 */
export function createProductionApp({ loadPagesNow = false }: { loadPagesNow?: boolean } = {}) {
	const clientDir = path.resolve(getEnv().WILLOW_BUILD_DIR, 'client')
	const ttlMs = getEnv().PAGE_CACHE_MS
	const pageCache = ttlMs > 0 ? createPageCache({ ttlMs }) : undefined
	return createApp({
		first: pageCache ? [pageCache.clearOnWrites] : [],
		beforePages: [
			// Hashed build files never change: cached for a year, and sent as the build compressed them
			// (brotli or gzip at the highest levels, decision 0070); compression() only covers a file
			// the build left without copies.
			express.Router().use(
				'/assets',
				compression(),
				wellFormedPathOnly(
					expressStaticGzip(path.join(clientDir, 'assets'), {
						enableBrotli: true,
						orderPreference: ['br', 'gzip'],
						serveStatic: { immutable: true, maxAge: '1y', index: false },
					}),
				),
			),
			// Pages are compressed anew for every response: a cheap level costs about 30% of
			// the default's CPU for ~17% more bytes (the 225 KB home page: 1 ms instead of 4).
			compression({
				level: 1,
				brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
				// A missing asset falls through with the assets' compression already in place.
				filter: (req, res) => !req.path.startsWith('/assets/') && compression.filter(req, res),
			}),
			drainOnceFix,
			publicFiles(express.static(clientDir, { maxAge: '1h', index: false, setHeaders: serviceWorkerHeaders })),
			...(pageCache ? [pageCache.middleware] : []),
		],
		pageHandler: lazyPageHandler(loadPagesNow),
	})
}

/**
 * The service worker (decision 0030) is asked again on every check, so a new
 * build reaches browsers at once; its scope is the whole site, its own folder.
 */
function serviceWorkerHeaders(res: ServerResponse, filePath: string) {
	if (path.basename(filePath) === 'sw.js' && path.dirname(filePath) === path.resolve(getEnv().WILLOW_BUILD_DIR, 'client'))
		res.setHeader('Cache-Control', 'no-cache')
}

/**
 * express-static-gzip answers a path it cannot decode with a bare text 400 of its own; no build
 * file has such a name, so the request goes on to the page handler's Not Found like any other.
 */
function wellFormedPathOnly(serve: RequestHandler): RequestHandler {
	return (req, res, next) => {
		try {
			decodeURIComponent(req.path)
		} catch {
			return next()
		}
		return serve(req, res, next)
	}
}

/**
 * Public files all have an extension (favicon.ico, og images…); page paths
 * never do, so they skip the file-system lookup on every page request.
 */
function publicFiles(serve: RequestHandler): RequestHandler {
	return (req, res, next) => (path.extname(req.path) ? serve(req, res, next) : next())
}

/**
 * The React Router handler, made once the page modules are loaded. Given the
 * build itself (not a function returning it) React Router derives its route
 * table once instead of on every request.
 */
function lazyPageHandler(loadNow: boolean): RequestHandler {
	let handler: Promise<RequestHandler> | undefined
	const load = () =>
		(handler ??= import('virtual:react-router/server-build').then((build) =>
			createRequestHandler({
				build,
				getLoadContext: (_req, res) => ({
					cspNonce: res.locals.cspNonce,
					requestId: res.locals.requestId,
					keepOutOfPageCache: () => {
						res.locals.keepOutOfPageCache = true
					},
				}),
			}),
		))
	// A failure is reported by the first page request, which gets the same promise.
	if (loadNow) load().catch(() => {})
	return (req, res, next) => {
		load().then((handle) => handle(req, res, next), next)
	}
}

/** Prepares shared state once (migrations, seed data) before any worker serves. */
export async function prepare() {
	const database = getDatabase()
	await migrateToLatest(database)
	await runStartupTasks(database)
}

async function startWorker() {
	const env = getEnv()
	const app = createProductionApp({ loadPagesNow: true })
	const server = app.listen(env.PORT, env.HOST, () => {
		logger.info({ port: env.PORT }, `Willow listening on http://localhost:${env.PORT}`)
	})
	// Every worker competes for the media-folder lease; only its holder scans, watches and makes thumbnails.
	const stopMediaJobs = startMediaFolderJobs()
	const stopCacheSweeps = startMediaCacheSweeps()
	// Listing sources never waits for an add-on's manifest: loaded now, the first visitor sees their names.
	void warmOwnerAddonManifests()
	let closing = false
	const shutdown = (signal: string) => {
		if (closing) return
		closing = true
		logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests')
		// Finish what is in flight, then close pools; give up after 10 s.
		const force = setTimeout(() => process.exit(1), 10_000)
		force.unref()
		server.close(async () => {
			stopCacheSweeps()
			await stopMediaJobs().catch(() => {})
			await Promise.allSettled([closeDatabase(), closeCache(), closeRoomStore()])
			process.exit(0)
		})
		server.closeIdleConnections()
	}
	process.on('SIGTERM', () => shutdown('SIGTERM'))
	process.on('SIGINT', () => shutdown('SIGINT'))
}

export async function main() {
	const env = getEnv()
	const workers = env.WEB_CONCURRENCY ?? os.availableParallelism()
	if (cluster.isPrimary) {
		if (env.TRUST_PROXY === true)
			logger.warn(
				'TRUST_PROXY=true trusts every X-Forwarded-For hop: anyone can pick their address and skip per-client limits unless a proxy in front overwrites the header. Set the number of proxies (e.g. 1) or their subnets.',
			)
		if (env.ENABLE_TEST_ROUTES && env.NODE_ENV === 'production')
			logger.warn(
				'ENABLE_TEST_ROUTES is on in production: test switches (fault and promo cookies, the /__error-test page) are open to every visitor. Unset it outside tests.',
			)
		await prepare()
		// The primary holds no pool of its own while workers run.
		await closeDatabase()
		if (workers <= 1) {
			await startWorker()
			return
		}
		logger.info({ workers }, 'starting workers')
		// Watch-together rooms of this server's workers live here, unless Redis shares them between servers.
		if (!env.REDIS_URL) serveRoomsFromPrimary()
		for (let i = 0; i < workers; i++) cluster.fork()
		let stopping = false
		cluster.on('exit', (worker, code) => {
			if (stopping) {
				if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
				return
			}
			logger.warn({ pid: worker.process.pid, code }, 'worker exited; starting another')
			cluster.fork()
		})
		const stop = () => {
			if (stopping) return
			stopping = true
			for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
			setTimeout(() => process.exit(1), 12_000).unref()
		}
		process.on('SIGTERM', stop)
		process.on('SIGINT', stop)
		return
	}
	await startWorker()
}
