import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { startTestApp, type RunningApp } from '#tests/support/servers.ts'

let server: RunningApp
let base: string
let testDb: TestDatabase

beforeAll(async () => {
	testDb = await createTestDatabase('sqlite')
	setDatabaseForTests(testDb.handle)
	process.env.CANONICAL_HOST = ''
	resetEnvForTests()
	server = await startTestApp()
	base = server.baseUrl
})

afterAll(async () => {
	await server?.close()
	setDatabaseForTests(undefined)
	await testDb.destroy()
})

describe('health', () => {
	it('/healthz says the process is up and /readyz that the database answers', async () => {
		expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' })
		const ready = await fetch(`${base}/readyz`)
		expect(ready.status).toBe(200)
		expect(await ready.json()).toEqual({ status: 'ready' })
	})
})

describe('API conventions', () => {
	it('answers unknown API paths with 404 JSON', async () => {
		const response = await fetch(`${base}/api/definitely/not/here`)
		expect(response.status).toBe(404)
		expect(response.headers.get('content-type')).toContain('application/json')
		expect(await response.json()).toEqual({ error: 'Not found' })
	})

	it('answers malformed JSON with 400 and no stack trace', async () => {
		const response = await fetch(`${base}/api/errors/report`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: '{"name": "x",',
		})
		expect(response.status).toBe(400)
		const body = await response.text()
		expect(JSON.parse(body)).toEqual({ error: 'Malformed JSON body' })
		expect(body).not.toMatch(/at .*\.ts/)
	})

	it('answers bodies over the limit with 413', async () => {
		const response = await fetch(`${base}/api/errors/report`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ message: 'x'.repeat(1_100_000) }),
		})
		expect(response.status).toBe(413)
		expect(await response.json()).toEqual({ error: 'Request body is too large' })
	})

	it('answers invalid input with 400 naming the field', async () => {
		const response = await fetch(`${base}/api/errors/report`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ name: 42 }),
		})
		expect(response.status).toBe(400)
		expect((await response.json()).error).toMatch(/^name: /)
	})

	it('refuses state-changing requests from another origin', async () => {
		const crossOrigin: Array<Record<string, string>> = [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }]
		for (const headers of crossOrigin) {
			const response = await fetch(`${base}/api/errors/report`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', ...headers },
				body: JSON.stringify({ name: 'x' }),
			})
			expect(response.status).toBe(403)
			expect(await response.json()).toEqual({ error: 'Cross-origin request refused' })
		}
	})

	it('accepts same-origin requests', async () => {
		const response = await fetch(`${base}/api/errors/report`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Origin: base, 'Sec-Fetch-Site': 'same-origin' },
			body: JSON.stringify({ name: 'TypeError', message: 'boom', stack: 'x'.repeat(5000) }),
		})
		expect(response.status).toBe(202)
	})
})

describe('security headers', () => {
	it('sends a nonce-based CSP and hardening headers, with HSTS only behind HTTPS', async () => {
		const response = await fetch(`${base}/healthz`)
		const csp = response.headers.get('content-security-policy') ?? ''
		expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/)
		expect(csp).toContain("frame-ancestors 'none'")
		expect(csp).toContain("object-src 'none'")
		expect(response.headers.get('x-content-type-options')).toBe('nosniff')
		expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
		expect(response.headers.get('strict-transport-security')).toBeNull()
		expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
	})

	it('keeps a sane incoming request id and replaces a hostile one', async () => {
		expect((await fetch(`${base}/healthz`, { headers: { 'X-Request-Id': 'abc-123' } })).headers.get('x-request-id')).toBe('abc-123')
		expect((await fetch(`${base}/healthz`, { headers: { 'X-Request-Id': '<script>' } })).headers.get('x-request-id')).not.toBe('<script>')
	})
})

describe('behind an HTTPS proxy', () => {
	it('sends HSTS and upgrade-insecure-requests when the request came over HTTPS', async () => {
		process.env.TRUST_PROXY = 'true'
		resetEnvForTests()
		const proxied = await startTestApp()
		try {
			const url = `${proxied.baseUrl}/healthz`
			const secure = await fetch(url, { headers: { 'X-Forwarded-Proto': 'https' } })
			expect(secure.headers.get('strict-transport-security')).toContain('max-age=')
			expect(secure.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
			const plain = await fetch(url)
			expect(plain.headers.get('strict-transport-security')).toBeNull()
		} finally {
			await proxied.close()
			delete process.env.TRUST_PROXY
			resetEnvForTests()
		}
	})
})
