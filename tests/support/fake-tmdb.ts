import http, { type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFixture } from './catalog-fixtures.ts'

// A fake TMDB v3 API on 127.0.0.1 that replays the real responses in tests/fixtures/tmdb.
// Tests script failures (status codes, Retry-After, delays) and count calls.

const ROUTES: Record<string, string> = {
	'/3/movie/popular': 'movie-popular.json',
	'/3/movie/top_rated': 'movie-top-rated.json',
	'/3/movie/upcoming': 'movie-upcoming.json',
	'/3/tv/popular': 'tv-popular.json',
	'/3/tv/on_the_air': 'tv-on-the-air.json',
	'/3/search/multi': 'search-multi.json',
	'/3/trending/movie/day': 'trending-movie-day.json',
	'/3/trending/tv/week': 'trending-tv-week.json',
	// No real /trending/tv/day capture exists; TMDB answers it in the same shape.
	'/3/trending/tv/day': 'trending-tv-week.json',
	// Likewise the movie week window stands in with the day capture.
	'/3/trending/movie/week': 'trending-movie-day.json',
	'/3/discover/movie': 'discover-movie.json',
	'/3/discover/tv': 'discover-tv.json',
	'/3/genre/movie/list': 'genre-movie-list.json',
	'/3/genre/tv/list': 'genre-tv-list.json',
	'/3/movie/550': 'movie-550.json',
	'/3/movie/550/images': 'movie-550-images.json',
	'/3/movie/550/watch/providers': 'movie-550-watch-providers.json',
	'/3/tv/1399': 'tv-1399.json',
	'/3/tv/1399/season/1': 'tv-1399-season-1.json',
	'/3/tv/1399/season/1/episode/1': 'tv-1399-season-1-episode-1.json',
	'/3/tv/1399/season/1/episode/2': 'tv-1399-season-1-episode-2.json',
}

export const FAKE_TMDB_KEY = 'fake-key'
export const FAKE_TMDB_TOKEN = 'fake-read-token'

export interface ScriptedFailure {
	status: number
	statusText?: string
	retryAfter?: string
}

export interface FakeTmdb {
	/** e.g. http://127.0.0.1:54321/3 */
	apiBase: string
	/** Requests received, by path (with query). */
	calls: string[]
	/** Authorization headers received. */
	authorizations: Array<string | undefined>
	/** Answers the next requests with these failures, in order, before replaying fixtures again. */
	failNext(...failures: ScriptedFailure[]): void
	/** Delay every answer by this many milliseconds. */
	setDelay(ms: number): void
	/** Answer every request with this status until cleared (an outage). */
	setOutage(status: number | undefined): void
	reset(): void
	close(): Promise<void>
}

export async function startFakeTmdb(): Promise<FakeTmdb> {
	const calls: string[] = []
	const authorizations: Array<string | undefined> = []
	let failures: ScriptedFailure[] = []
	let delay = 0
	let outage: number | undefined
	const cache = new Map<string, string>()

	const server: Server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://fake')
		calls.push(`${url.pathname}${url.search}`)
		authorizations.push(req.headers.authorization)
		const answer = () => {
			// A client that gave up (a timeout test) gets nothing, and a scripted failure stays for the next request.
			if (req.socket.destroyed) return
			const keyOk = url.searchParams.get('api_key') === FAKE_TMDB_KEY || req.headers.authorization === `Bearer ${FAKE_TMDB_TOKEN}`
			if (!keyOk) {
				res
					.writeHead(401, 'Unauthorized', { 'content-type': 'application/json' })
					.end(JSON.stringify({ status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false }))
				return
			}
			if (outage) {
				res.writeHead(outage, 'Service Unavailable').end()
				return
			}
			const failure = failures.shift()
			if (failure) {
				res
					.writeHead(
						failure.status,
						failure.statusText ?? 'Scripted Failure',
						failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
					)
					.end()
				return
			}
			const fixture = ROUTES[url.pathname]
			if (!fixture) {
				res
					.writeHead(404, 'Not Found', { 'content-type': 'application/json' })
					.end(JSON.stringify({ status_code: 34, status_message: 'The resource you requested could not be found.', success: false }))
				return
			}
			let body = cache.get(fixture)
			if (!body) {
				body = JSON.stringify(readFixture(fixture))
				cache.set(fixture, body)
			}
			res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(body)
		}
		if (delay > 0) setTimeout(answer, delay)
		else answer()
	})
	server.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	const { port } = server.address() as AddressInfo

	return {
		apiBase: `http://127.0.0.1:${port}/3`,
		calls,
		authorizations,
		failNext: (...next) => {
			failures.push(...next)
		},
		setDelay: (ms) => {
			delay = ms
		},
		setOutage: (status) => {
			outage = status
		},
		reset() {
			calls.length = 0
			authorizations.length = 0
			failures = []
			delay = 0
			outage = undefined
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}
