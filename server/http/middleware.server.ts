import crypto from 'node:crypto'
import type { RequestHandler } from 'express'
import { logger } from '../logger.server.ts'
import { redactUrl } from './redact.ts'

declare module 'express-serve-static-core' {
	interface Locals {
		requestId: string
		cspNonce: string
		log: typeof logger
	}
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/
/** HLS media segments (MPEG-TS, fMP4, AAC) and their keys, as every source serves them. */
const HLS_SEGMENT_PATH = /\.(ts|m4s|aac|key)$/i

/** Gives each request an id (kept from X-Request-Id when sane), a child logger and an access log line. */
export const requestContext: RequestHandler = (req, res, next) => {
	const incoming = req.get('x-request-id')
	const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID()
	res.locals.requestId = requestId
	res.locals.log = logger.child({ requestId })
	res.set('X-Request-Id', requestId)
	const started = process.hrtime.bigint()
	res.on('finish', () => {
		const ms = Number(process.hrtime.bigint() - started) / 1e6
		// A player asks for a segment every few seconds: those lines are for debugging, not the owner's log.
		const level = res.statusCode < 400 && HLS_SEGMENT_PATH.test(req.path) ? 'debug' : 'info'
		res.locals.log[level](
			// Signed and sealed stream links are credentials: never logged (redact.ts).
			{ method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
			'request',
		)
	})
	next()
}

/** 301 to the canonical host, keeping path and query. */
export function canonicalHostRedirect(canonicalHost: string | undefined): RequestHandler {
	return (req, res, next) => {
		if (!canonicalHost) return next()
		const host = req.get('host')
		if (!host || host.toLowerCase() === canonicalHost.toLowerCase()) return next()
		if (req.path === '/healthz' || req.path === '/readyz') return next()
		res.redirect(301, `${req.protocol}://${canonicalHost}${req.originalUrl}`)
	}
}

export interface SecurityHeaderOptions {
	development: boolean
	imageHosts: string[]
	/** Hosts that can change while running (the owner's ad images); asked on each request. */
	extraImageHosts?: () => string[]
}

/** CSP with a per-request nonce, plus the usual hardening headers. */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
	return (req, res, next) => {
		const nonce = crypto.randomBytes(16).toString('base64')
		res.locals.cspNonce = nonce
		const directives = [
			"default-src 'self'",
			options.development ? `script-src 'self' 'nonce-${nonce}' 'unsafe-inline'` : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
			// React style attributes (progress bars, artwork colours) need inline styles.
			"style-src 'self' 'unsafe-inline'",
			`img-src 'self' data: blob: ${[...options.imageHosts, ...(options.extraImageHosts?.() ?? [])].join(' ')}`.trim(),
			"font-src 'self' data:",
			// Streams come from sources the owner or user configures (any HTTPS host).
			"media-src 'self' blob: https:",
			options.development ? "connect-src 'self' ws: wss: https:" : "connect-src 'self' https:",
			"worker-src 'self' blob:",
			"object-src 'none'",
			"base-uri 'self'",
			"form-action 'self'",
			"frame-ancestors 'none'",
		]
		if (req.secure) directives.push('upgrade-insecure-requests')
		res.set({
			'Content-Security-Policy': directives.join('; '),
			'X-Content-Type-Options': 'nosniff',
			'Referrer-Policy': 'strict-origin-when-cross-origin',
			'X-Frame-Options': 'DENY',
			'Cross-Origin-Opener-Policy': 'same-origin',
			'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
		})
		if (req.secure) res.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
		next()
	}
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF defence for the JSON API: a state-changing request that a browser says
 * came from another site is refused. Browsers always send Sec-Fetch-Site or
 * Origin on such requests; clients without either (curl, server-to-server)
 * carry no ambient cookies to abuse.
 */
export const sameOriginGuard: RequestHandler = (req, res, next) => {
	if (SAFE_METHODS.has(req.method)) return next()
	if (isCrossOrigin({ fetchSite: req.get('sec-fetch-site'), origin: req.get('origin'), host: req.get('host') })) {
		res.status(403).json({ error: 'Cross-origin request refused' })
		return
	}
	next()
}

/**
 * The same-origin rule of the API, also applied to the watch-together
 * WebSocket upgrade (a GET that browsers send cross-site with cookies):
 * refused when Sec-Fetch-Site names another site, or Origin is not this host.
 */
export function isCrossOrigin({ fetchSite, origin, host }: { fetchSite?: string; origin?: string; host?: string }): boolean {
	if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true
	if (origin) {
		let originHost: string | undefined
		try {
			originHost = new URL(origin).host
		} catch {
			originHost = undefined
		}
		if (!originHost || originHost !== host) return true
	}
	return false
}

/**
 * `compression` forwards `res.on('drain')` to its zlib stream but not
 * `removeListener`, so every `res.once('drain')` (React Router waits for
 * drain that way under backpressure) stays on the stream for the rest of the
 * response: a leak and a MaxListenersExceededWarning (expressjs/compression#135).
 * Mount after compression: a once-listener then removes itself from whichever
 * emitter fires it, and `off` still finds it by the original listener.
 */
export const drainOnceFix: RequestHandler = (_req, res, next) => {
	const once = res.once
	res.once = function (this: typeof res, event: string | symbol, listener: (...args: unknown[]) => void) {
		if (event !== 'drain') return once.call(this, event, listener)
		const wrapped = Object.assign(
			function (this: NodeJS.EventEmitter, ...args: unknown[]) {
				this.removeListener('drain', wrapped)
				listener.apply(res, args)
			},
			{ listener },
		)
		return this.on('drain', wrapped)
	} as typeof res.once
	next()
}
