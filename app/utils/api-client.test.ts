import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, catalogRequest, sendInBackground, UnauthorizedError } from './api-client.ts'

type Answer = { status: number; body?: string; headers?: Record<string, string> }

let answer: Answer
let requests: Array<{ url: string; init: RequestInit }>

beforeEach(() => {
	answer = { status: 200, body: '{}' }
	requests = []
	vi.stubGlobal(
		'fetch',
		vi.fn(async (url: string, init: RequestInit) => {
			requests.push({ url, init })
			return new Response(answer.body ?? null, { status: answer.status, headers: answer.headers })
		}),
	)
})
afterEach(() => vi.unstubAllGlobals())

/** The rejection of a call, for assertions on its shape. */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
	try {
		await call
	} catch (error) {
		return error
	}
	throw new Error('the call did not fail')
}

describe('apiRequest', () => {
	it('GETs without a body and POSTs JSON with one, same-origin with the cookie', async () => {
		answer = { status: 200, body: '{"user":{"username":"ann"}}' }
		expect(await apiRequest('/api/users/me')).toEqual({ user: { username: 'ann' } })
		await apiRequest('/api/users/me/updateName', { body: { name: 'Ann' } })
		await apiRequest('/api/users/me', { method: 'DELETE', body: { username: 'ann' } })
		expect(requests.map(({ url, init }) => [init.method, url, init.body ?? null])).toEqual([
			['GET', '/api/users/me', null],
			['POST', '/api/users/me/updateName', '{"name":"Ann"}'],
			['DELETE', '/api/users/me', '{"username":"ann"}'],
		])
		expect(requests[1]!.init).toMatchObject({
			credentials: 'same-origin',
			headers: { accept: 'application/json', 'content-type': 'application/json' },
		})
	})

	it('resolves to null when the answer is empty or not JSON', async () => {
		answer = { status: 202, body: '' }
		expect(await apiRequest('/api/errors/report', { body: {} })).toBeNull()
		answer = { status: 200, body: '<html>' }
		expect(await apiRequest('/api/users/me')).toBeNull()
	})

	it("throws ApiError with the status and the server's error text", async () => {
		answer = { status: 400, body: '{"error":"name: Too long"}' }
		const error = await failureOf(apiRequest('/api/users/me/updateName', { body: { name: 'x' } }))
		expect(error).toBeInstanceOf(ApiError)
		expect(error).toMatchObject({ status: 400, serverMessage: 'name: Too long', message: 'name: Too long' })
	})

	it('leaves serverMessage empty when the answer has no error text, the message naming the status instead', async () => {
		answer = { status: 502, body: 'Bad gateway' }
		const error = await failureOf(apiRequest('/api/users/me'))
		expect(error).toMatchObject({ status: 502, serverMessage: '', message: 'HTTP 502' })
	})

	it('carries the Retry-After seconds of a 429', async () => {
		answer = { status: 429, body: '{"error":"Too many attempts"}', headers: { 'retry-after': '90' } }
		expect(await failureOf(apiRequest('/api/auth/login', { body: {} }))).toMatchObject({ status: 429, retryAfterSeconds: 90 })
		answer = { status: 429, body: '{}', headers: { 'retry-after': 'soon' } }
		expect(await failureOf(apiRequest('/api/auth/login', { body: {} }))).toMatchObject({ retryAfterSeconds: undefined })
	})

	it('turns a 401 outside /api/auth/ into UnauthorizedError (still an ApiError, without server text)', async () => {
		answer = { status: 401, body: '{"error":"Unauthorized"}' }
		const error = await failureOf(apiRequest('/api/sync/bookmarks', { body: {} }))
		expect(error).toBeInstanceOf(UnauthorizedError)
		expect(error).toBeInstanceOf(ApiError)
		expect(error).toMatchObject({ status: 401, serverMessage: '' })
		// A wrong password is an answer to show, not a lost session.
		answer = { status: 401, body: '{"error":"Wrong username or password"}' }
		const login = await failureOf(apiRequest('/api/auth/login', { body: {} }))
		expect(login).not.toBeInstanceOf(UnauthorizedError)
		expect(login).toMatchObject({ status: 401, serverMessage: 'Wrong username or password' })
	})

	it('rejects as fetch does when the network fails', async () => {
		vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'))
		expect(await failureOf(apiRequest('/api/users/me'))).toBeInstanceOf(TypeError)
	})
})

describe('catalogRequest', () => {
	it('asks /api/catalog/<path> with the query, leaving out empty values', async () => {
		answer = { status: 200, body: '{"page":1,"results":[]}' }
		const controller = new AbortController()
		expect(
			await catalogRequest('/discover/movie', { with_genres: 28, page: 2, sort_by: undefined, region: '' }, controller.signal),
		).toEqual({ page: 1, results: [] })
		expect(requests[0]!.url).toBe('/api/catalog/discover/movie?with_genres=28&page=2')
		expect(requests[0]!.init.signal).toBe(controller.signal)
		await catalogRequest('/movie/popular')
		expect(requests[1]!.url).toBe('/api/catalog/movie/popular')
	})

	it('fails with the same ApiError as every other call', async () => {
		answer = { status: 400, body: '{"error":"page must be between 1 and 500"}' }
		expect(await failureOf(catalogRequest('/movie/popular', { page: 900 }))).toMatchObject({
			name: 'ApiError',
			status: 400,
			serverMessage: 'page must be between 1 and 500',
		})
	})
})

describe('sendInBackground', () => {
	it('uses sendBeacon when the browser takes the event', async () => {
		const beacon = vi.fn((_url: string, _body: Blob) => true)
		vi.stubGlobal('navigator', { sendBeacon: beacon })
		sendInBackground('https://stats.example.org/e', { name: 'x' })
		expect(JSON.parse(await beacon.mock.calls[0]![1].text())).toEqual({ name: 'x' })
		expect(requests).toHaveLength(0)
	})

	it('falls back to a keepalive POST and never throws', async () => {
		vi.stubGlobal('navigator', { sendBeacon: () => false })
		vi.mocked(fetch).mockImplementationOnce(async (url, init) => {
			requests.push({ url: String(url), init: init ?? {} })
			throw new TypeError('offline')
		})
		expect(() => sendInBackground('https://stats.example.org/e', { name: 'y' })).not.toThrow()
		expect(requests[0]).toMatchObject({
			url: 'https://stats.example.org/e',
			init: { method: 'POST', keepalive: true, body: '{"name":"y"}' },
		})
		// The rejected request is swallowed (an unhandled rejection would fail the run).
		await new Promise((resolve) => setTimeout(resolve, 0))
	})
})
