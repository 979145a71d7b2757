/**
 * The service worker (docs/decisions/0030-installable-app-and-offline-shell.md),
 * built to /sw.js by app/service-worker/build.ts at the end of `react-router build`.
 *
 * - The client build (but the player), the offline page, the manifest and the
 *   icons are installed with the worker (Workbox precaching).
 * - /bookmarks and /history are kept as shells without user data, fetched
 *   without cookies; the browser fills them from the device library.
 * - Pages are asked of the network first; a page the server lets be stored
 *   (not `private, no-store`, so no signed-in visitor's page) is kept, and the
 *   pages a visitor opens are kept as anonymous copies (the last 30).
 *   Offline, a kept copy answers, else the offline page.
 * - API answers are never kept or answered: /api/* is not handled at all.
 */
import { clientsClaim } from 'workbox-core'
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration'
import { enable as enableNavigationPreload, isSupported as navigationPreloadSupported } from 'workbox-navigation-preload'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import {
	classifyRequest,
	documentPathForData,
	isCopyStale,
	mayKeepAsset,
	mayKeepPage,
	OFFLINE_PAGE,
	pageKey,
	SHELL_PAGES,
	shellPageFor,
	VISITED_PAGES_MAX,
	VISITED_PAGES_MAX_AGE_SECONDS,
	visitedPageUrl,
} from '#app/lib/pwa/cache-rules.ts'

// Filled in at build time (app/service-worker/build.ts).
declare const __WILLOW_PRECACHE__: Array<{ url: string; revision: string | null }>
declare const __WILLOW_BUILD__: string

// The worker's own events and scope (the project's TypeScript lib is the DOM's, not the worker's).
interface ExtendableEvent extends Event {
	waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
	readonly request: Request
	readonly preloadResponse: Promise<Response | undefined>
}
interface ExtendableMessageEvent extends ExtendableEvent {
	readonly data: unknown
}
interface WorkerScope {
	readonly location: Location
	addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
	addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void
}
const scope = self as unknown as WorkerScope
const origin = scope.location.origin

const SHELL_CACHE = `willow-shell-${__WILLOW_BUILD__}`
const PAGES_CACHE = `willow-pages-${__WILLOW_BUILD__}`
const ASSETS_CACHE = `willow-assets-${__WILLOW_BUILD__}`
const OWN_CACHES = new Set([SHELL_CACHE, PAGES_CACHE, ASSETS_CACHE])

const pagesExpiration = new CacheExpiration(PAGES_CACHE, { maxEntries: VISITED_PAGES_MAX, maxAgeSeconds: VISITED_PAGES_MAX_AGE_SECONDS })

// The first worker takes the open pages at once (they work offline from then on); later
// versions wait until every page of the old one is closed, so no page loses its files.
clientsClaim()
if (navigationPreloadSupported()) enableNavigationPreload()
cleanupOutdatedCaches()
precacheAndRoute(__WILLOW_PRECACHE__)

/** Keeps a page answer: a shell page in the shell cache, any other in the visited pages. */
async function keepPage(url: URL, response: Response) {
	const key = pageKey(url)
	const shell = url.search === '' ? shellPageFor(url.pathname) : undefined
	if (shell && shell === url.pathname) {
		await (await caches.open(SHELL_CACHE)).put(key, response)
		return
	}
	await (await caches.open(PAGES_CACHE)).put(key, response)
	await pagesExpiration.updateTimestamp(key)
	await pagesExpiration.expireEntries()
}

async function keptPage(url: URL): Promise<Response | undefined> {
	const key = pageKey(url)
	const exact =
		(await caches.match(key, { cacheName: SHELL_CACHE, ignoreVary: true })) ??
		(await caches.match(key, { cacheName: PAGES_CACHE, ignoreVary: true }))
	if (exact) return exact
	const shell = shellPageFor(url.pathname)
	return shell ? caches.match(new URL(shell, origin).href, { cacheName: SHELL_CACHE, ignoreVary: true }) : undefined
}

/** The page as a visitor without a session sees it: no cookies are sent, so no user data comes back. */
async function fetchAnonymousCopy(url: URL): Promise<Response | undefined> {
	const response = await fetch(url.href, { credentials: 'omit', headers: { Accept: 'text/html' }, cache: 'no-store' })
	return mayKeepPage(response) ? response : undefined
}

const copying = new Set<string>()

/** Keeps an anonymous copy of a visited page unless a fresh one is kept. */
async function copyVisitedPage(url: URL) {
	const key = pageKey(url)
	if (copying.has(key)) return
	copying.add(key)
	try {
		const kept = await keptPage(url)
		if (kept && pageKey(new URL(kept.url || key)) === key && !isCopyStale(kept.headers.get('date'), Date.now())) return
		const copy = await fetchAnonymousCopy(url)
		if (copy) await keepPage(url, copy)
	} catch {
		// Offline or refused: the page is simply not kept this time.
	} finally {
		copying.delete(key)
	}
}

async function offlinePage(): Promise<Response> {
	return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error()
}

scope.addEventListener('install', (event) => {
	event.waitUntil(Promise.all(SHELL_PAGES.map((path) => copyVisitedPage(new URL(path, origin)))))
})

scope.addEventListener('activate', (event) => {
	event.waitUntil(
		caches
			.keys()
			.then((names) =>
				Promise.all(
					names.filter((name) => /^willow-(?:shell|pages|assets)-/.test(name) && !OWN_CACHES.has(name)).map((name) => caches.delete(name)),
				),
			),
	)
})

// A page tells the worker what it shows (client-side navigations never reach the worker as pages).
scope.addEventListener('message', (event) => {
	const data = event.data as { type?: unknown; url?: unknown } | null
	if (!data || data.type !== 'visited') return
	const url = visitedPageUrl(data.url, origin)
	if (url) event.waitUntil(copyVisitedPage(url))
})

const kindOf = ({ request, url }: { request: Request; url: URL }) =>
	classifyRequest({ url, method: request.method, mode: request.mode, origin })

// Pages: network first; a page the server lets be stored is kept; offline, a kept copy or the offline page.
registerRoute(
	(options) => kindOf(options) === 'page',
	async ({ event, request, url }) => {
		const fetchEvent = event as unknown as FetchEvent
		try {
			const response = (await fetchEvent.preloadResponse) ?? (await fetch(request))
			if (mayKeepPage(response)) fetchEvent.waitUntil(keepPage(url, response.clone()).catch(() => {}))
			return response
		} catch {
			return (await keptPage(url)) ?? (await offlinePage())
		}
	},
)

// Loader data and the route manifest: the network only. Offline, React Router is told to load
// the page as a document instead, which the page route above answers (a kept copy or the offline page).
registerRoute(
	(options) => kindOf(options) === 'data',
	async ({ request, url }) => {
		try {
			return await fetch(request)
		} catch (error) {
			const path = documentPathForData(url)
			if (path)
				return new Response(null, {
					status: 204,
					headers: { 'X-Remix-Redirect': path, 'X-Remix-Status': '302', 'X-Remix-Reload-Document': 'true' },
				})
			if (url.pathname === '/__manifest') return new Response(null, { status: 204, headers: { 'X-Remix-Reload-Document': 'true' } })
			throw error
		}
	},
)

// Build files not installed with the worker (the player, files of a newer build): kept once fetched.
registerRoute(
	(options) => kindOf(options) === 'asset',
	new CacheFirst({
		cacheName: ASSETS_CACHE,
		plugins: [
			{ cacheWillUpdate: async ({ response }) => (mayKeepAsset(response) ? response : null) },
			new ExpirationPlugin({ maxEntries: 60 }),
		],
	}),
)
