/**
 * What the service worker (app/service-worker/sw.ts) may keep, as pure rules
 * (docs/decisions/0030-installable-app-and-offline-shell.md).
 *
 * The worker keeps the build's files, the offline page and page HTML without
 * user data. It never keeps an API answer: every /api/* request goes straight
 * to the network, untouched, and so do requests to other origins.
 */

/** The page the worker answers with when a page is neither reachable nor kept. */
export const OFFLINE_PAGE = '/offline.html'

/** Pages whose HTML is a shell filled from the device library: kept from the worker's install on. */
export const SHELL_PAGES = ['/bookmarks', '/history'] as const

/** How many other visited pages are kept, and for how long. */
export const VISITED_PAGES_MAX = 30
export const VISITED_PAGES_MAX_AGE_SECONDS = 14 * 24 * 60 * 60

/** A kept page younger than this is not fetched again when visited. */
export const PAGE_COPY_FRESH_MS = 10 * 60 * 1000

/**
 * How the worker treats a request:
 * - `page`: a document (network first; a kept copy or the offline page when the network fails);
 * - `data`: React Router's loader data or route manifest (network only; offline, a document reload);
 * - `asset`: a hashed build file (cache first: the name changes with the content);
 * - `network`: left alone (API calls, other origins, anything not a GET).
 */
export type RequestKind = 'page' | 'data' | 'asset' | 'network'

export interface RequestFacts {
	url: URL
	method: string
	/** Request.mode: 'navigate' for documents. */
	mode: string
	/** The worker's own origin. */
	origin: string
}

/** Paths that answer with data about the visitor or the server, never kept and never answered by the worker. */
const NEVER_HANDLED = /^\/(?:api(?:\/|$)|healthz$|readyz$|sw\.js$)/

export function classifyRequest({ url, method, mode, origin }: RequestFacts): RequestKind {
	if (url.origin !== origin || method.toUpperCase() !== 'GET') return 'network'
	if (NEVER_HANDLED.test(url.pathname)) return 'network'
	if (mode === 'navigate') return 'page'
	if (url.pathname.endsWith('.data') || url.pathname === '/__manifest') return 'data'
	if (url.pathname.startsWith('/assets/')) return 'asset'
	return 'network'
}

/** Cache-Control directives that forbid keeping a response (pages with user data carry `private, no-store`). */
function forbidsStoring(cacheControl: string | null): boolean {
	if (!cacheControl) return false
	return cacheControl
		.toLowerCase()
		.split(',')
		.map((part) => part.trim().split('=')[0])
		.some((directive) => directive === 'no-store' || directive === 'private')
}

export interface ResponseFacts {
	status: number
	/** Response.type: 'basic' for same-origin answers, 'opaqueredirect', 'error'… */
	type: string
	redirected: boolean
	headers: { get(name: string): string | null }
}

/** A page answer the worker may keep: a plain 200 HTML page that the server lets be stored. */
export function mayKeepPage(response: ResponseFacts): boolean {
	if (response.status !== 200 || response.type !== 'basic' || response.redirected) return false
	if (!(response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html')) return false
	return !forbidsStoring(response.headers.get('cache-control'))
}

/** A build file the worker may keep (hashed names never change content). */
export function mayKeepAsset(response: ResponseFacts): boolean {
	return response.status === 200 && response.type === 'basic' && !forbidsStoring(response.headers.get('cache-control'))
}

/** The key a page is kept under: its address without the fragment. */
export function pageKey(url: URL): string {
	return `${url.origin}${url.pathname}${url.search}`
}

/** The shell page a path is served from when no copy of the exact address is kept (/bookmarks?sort=title → /bookmarks). */
export function shellPageFor(pathname: string): string | undefined {
	const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
	return SHELL_PAGES.find((shell) => shell === path.toLowerCase())
}

/**
 * The document address behind a React Router data request: `/movies.data?page=2&_routes=…`
 * is `/movies?page=2`, `/_root.data` is `/`. Undefined for the route manifest or anything else.
 */
export function documentPathForData(url: URL): string | undefined {
	if (!url.pathname.endsWith('.data')) return undefined
	let pathname = url.pathname.slice(0, -'.data'.length)
	if (pathname === '/_root') pathname = '/'
	else if (pathname.endsWith('/_')) pathname = pathname.slice(0, -1)
	const search = new URLSearchParams(url.search)
	search.delete('_routes')
	const query = search.toString()
	return `${pathname}${query ? `?${query}` : ''}`
}

/** Whether a kept page (its Date header) is old enough to be fetched again on a visit. */
export function isCopyStale(dateHeader: string | null | undefined, now: number, freshMs = PAGE_COPY_FRESH_MS): boolean {
	if (!dateHeader) return true
	const date = Date.parse(dateHeader)
	if (Number.isNaN(date)) return true
	return now - date >= freshMs
}

/** A page address the browser says it visited (a message to the worker): same origin, a page path, no API. */
export function visitedPageUrl(value: unknown, origin: string): URL | undefined {
	if (typeof value !== 'string' || value.length > 2048) return undefined
	let url: URL
	try {
		url = new URL(value, origin)
	} catch {
		return undefined
	}
	if (url.origin !== origin) return undefined
	if (classifyRequest({ url, method: 'GET', mode: 'navigate', origin }) !== 'page') return undefined
	// Files (sitemap.xml, robots.txt, offline.html) and test-only pages (/__…) are not pages to keep.
	if (/\.[a-z0-9]+$/i.test(url.pathname) || url.pathname.startsWith('/__')) return undefined
	url.hash = ''
	return url
}

/** Files of the client build the worker installs with itself: everything but the player (useless offline, large). */
export function isPrecachedBuildFile(relativePath: string, bytes: number): boolean {
	const file = relativePath.replaceAll('\\', '/')
	if (file === 'sw.js' || file.endsWith('.map') || file.startsWith('.')) return false
	if (!/\.(?:js|css|html|svg|png|webmanifest|woff2?)$/.test(file)) return false
	if (/^assets\/player-/.test(file)) return false
	return bytes <= 400 * 1024
}
