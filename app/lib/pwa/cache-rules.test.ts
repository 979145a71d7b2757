import { describe, expect, it } from 'vitest'
import {
	classifyRequest,
	documentPathForData,
	isCopyStale,
	isPrecachedBuildFile,
	mayKeepAsset,
	mayKeepPage,
	pageKey,
	PAGE_COPY_FRESH_MS,
	shellPageFor,
	visitedPageUrl,
	type ResponseFacts,
} from './cache-rules.ts'

const origin = 'https://willow.example'
const kind = (path: string, { method = 'GET', mode = 'cors', from = origin } = {}) =>
	classifyRequest({ url: new URL(path, from), method, mode, origin })

function response(headers: Record<string, string>, extra: Partial<ResponseFacts> = {}): ResponseFacts {
	const map = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
	return { status: 200, type: 'basic', redirected: false, headers: { get: (name) => map.get(name.toLowerCase()) ?? null }, ...extra }
}

describe('classifyRequest', () => {
	it('never handles the API, in any mode, nor the health checks and the worker itself', () => {
		for (const path of [
			'/api/sync',
			'/api/users/me',
			'/api/auth/login',
			'/api/catalog/movie/popular',
			'/api/images/w342/x.jpg',
			'/api',
			'/healthz',
			'/readyz',
			'/sw.js',
		]) {
			expect(kind(path), path).toBe('network')
			expect(kind(path, { mode: 'navigate' }), path).toBe('network')
		}
	})

	it('leaves other origins and other methods alone', () => {
		expect(kind('/movies', { mode: 'navigate', from: 'https://elsewhere.example' })).toBe('network')
		expect(kind('/assets/x.js', { from: 'https://cdn.example' })).toBe('network')
		expect(kind('/movies', { mode: 'navigate', method: 'POST' })).toBe('network')
		expect(kind('/movies.data', { method: 'POST' })).toBe('network')
	})

	it('tells pages, loader data, the route manifest and build files apart', () => {
		expect(kind('/', { mode: 'navigate' })).toBe('page')
		expect(kind('/bookmarks?sort=title', { mode: 'navigate' })).toBe('page')
		expect(kind('/movies.data?_routes=routes%2Fmovies')).toBe('data')
		expect(kind('/_root.data')).toBe('data')
		expect(kind('/__manifest?paths=%2Fmovies&version=abc')).toBe('data')
		expect(kind('/assets/shell-5sHtg3SL.js')).toBe('asset')
		expect(kind('/assets/app-BEviSHFx.css')).toBe('asset')
		// Public files are installed with the worker (precache) or left to the network.
		expect(kind('/favicon.svg')).toBe('network')
		expect(kind('/apiary', { mode: 'navigate' })).toBe('page')
	})
})

describe('mayKeepPage', () => {
	it('keeps a plain 200 HTML page without caching limits', () => {
		expect(mayKeepPage(response({ 'Content-Type': 'text/html; charset=utf-8' }))).toBe(true)
		expect(mayKeepPage(response({ 'Content-Type': 'text/html', 'Cache-Control': 'public, max-age=60' }))).toBe(true)
	})

	it('never keeps a page with user data (private, no-store) or anything that is not a plain page', () => {
		expect(mayKeepPage(response({ 'Content-Type': 'text/html', 'Cache-Control': 'private, no-store' }))).toBe(false)
		expect(mayKeepPage(response({ 'Content-Type': 'text/html', 'Cache-Control': 'no-store' }))).toBe(false)
		expect(mayKeepPage(response({ 'Content-Type': 'text/html', 'Cache-Control': 'PRIVATE' }))).toBe(false)
		expect(mayKeepPage(response({ 'Content-Type': 'text/html', 'Cache-Control': 'private="set-cookie", max-age=60' }))).toBe(false)
		expect(mayKeepPage(response({ 'Content-Type': 'application/json' }))).toBe(false)
		expect(mayKeepPage(response({}))).toBe(false)
		expect(mayKeepPage(response({ 'Content-Type': 'text/html' }, { status: 404 }))).toBe(false)
		expect(mayKeepPage(response({ 'Content-Type': 'text/html' }, { status: 500 }))).toBe(false)
		expect(mayKeepPage(response({ 'Content-Type': 'text/html' }, { redirected: true }))).toBe(false)
		expect(mayKeepPage(response({ 'Content-Type': 'text/html' }, { type: 'opaqueredirect', status: 0 }))).toBe(false)
	})
})

describe('mayKeepAsset', () => {
	it('keeps 200 same-origin files the server lets be stored', () => {
		expect(mayKeepAsset(response({ 'Cache-Control': 'public, max-age=31536000, immutable' }))).toBe(true)
		expect(mayKeepAsset(response({}, { status: 404 }))).toBe(false)
		expect(mayKeepAsset(response({ 'Cache-Control': 'no-store' }))).toBe(false)
		expect(mayKeepAsset(response({}, { type: 'opaque', status: 0 }))).toBe(false)
	})
})

describe('page addresses', () => {
	it('keys a page by its address without the fragment', () => {
		expect(pageKey(new URL('https://willow.example/movies?page=2#top'))).toBe('https://willow.example/movies?page=2')
	})

	it('finds the shell of /bookmarks and /history, whatever the query or a trailing slash', () => {
		expect(shellPageFor('/bookmarks')).toBe('/bookmarks')
		expect(shellPageFor('/bookmarks/')).toBe('/bookmarks')
		expect(shellPageFor('/History')).toBe('/history')
		expect(shellPageFor('/movies')).toBeUndefined()
		expect(shellPageFor('/')).toBeUndefined()
		expect(shellPageFor('/bookmarks/extra')).toBeUndefined()
	})

	it('maps loader data requests to their page', () => {
		const path = (value: string) => documentPathForData(new URL(value, origin))
		expect(path('/movies.data?_routes=routes%2Fmovies')).toBe('/movies')
		expect(path('/movies.data?page=2&_routes=routes%2Fmovies')).toBe('/movies?page=2')
		expect(path('/_root.data')).toBe('/')
		expect(path('/series/66732-stranger-things/1/2.data')).toBe('/series/66732-stranger-things/1/2')
		expect(path('/bookmarks/_.data')).toBe('/bookmarks/')
		expect(path('/__manifest?paths=%2F')).toBeUndefined()
		expect(path('/movies')).toBeUndefined()
	})

	it('accepts only same-origin page addresses as visits', () => {
		expect(visitedPageUrl('/movies?page=2#x', origin)?.href).toBe('https://willow.example/movies?page=2')
		expect(visitedPageUrl('https://willow.example/bookmarks', origin)?.href).toBe('https://willow.example/bookmarks')
		for (const bad of [
			'https://elsewhere.example/movies',
			'/api/users/me',
			'/api/sync',
			'/sitemap.xml',
			'/offline.html',
			'/__error-test',
			'/sw.js',
			'http://[',
			42,
			null,
			`/${'a'.repeat(3000)}`,
		]) {
			expect(visitedPageUrl(bad, origin), String(bad).slice(0, 40)).toBeUndefined()
		}
	})
})

describe('isCopyStale', () => {
	const now = Date.parse('Thu, 26 Nov 2026 12:00:00 GMT')
	it('fetches a copy again once it is older than the freshness window, or undated', () => {
		expect(isCopyStale('Thu, 26 Nov 2026 11:59:00 GMT', now)).toBe(false)
		expect(isCopyStale(new Date(now - PAGE_COPY_FRESH_MS).toUTCString(), now)).toBe(true)
		expect(isCopyStale(null, now)).toBe(true)
		expect(isCopyStale('not a date', now)).toBe(true)
	})
})

describe('isPrecachedBuildFile', () => {
	it('installs the client build but the player, the worker, maps and large files', () => {
		expect(isPrecachedBuildFile('assets/shell-5sHtg3SL.js', 43_000)).toBe(true)
		expect(isPrecachedBuildFile('assets/app-BEviSHFx.css', 52_000)).toBe(true)
		expect(isPrecachedBuildFile('offline.html', 2_000)).toBe(true)
		expect(isPrecachedBuildFile('manifest.webmanifest', 900)).toBe(true)
		expect(isPrecachedBuildFile('icons/icon-512.png', 5_000)).toBe(true)
		expect(isPrecachedBuildFile('assets/player-BWdbg2Mz.js', 786_000)).toBe(false)
		expect(isPrecachedBuildFile('assets/player-small.js', 10)).toBe(false)
		expect(isPrecachedBuildFile('sw.js', 30_000)).toBe(false)
		expect(isPrecachedBuildFile('assets/x.js.map', 10)).toBe(false)
		expect(isPrecachedBuildFile('.vite/manifest.json', 10)).toBe(false)
		expect(isPrecachedBuildFile('assets/huge-abc.js', 500 * 1024)).toBe(false)
		expect(isPrecachedBuildFile('media/clip.mp4', 10)).toBe(false)
	})
})
