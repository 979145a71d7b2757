import http from 'node:http'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { requireBuild, spawnServerProcess, startServerProcess, type ServerProcess } from '#tests/support/servers.ts'

// Runs the real launcher against the production build (scripts/test.sh builds first).

let running: ServerProcess | undefined

beforeAll(() => {
	requireBuild()
})

afterEach(async () => {
	await running?.stop()
	running = undefined
})

describe('the server process', () => {
	it('runs several workers and shuts down gracefully on SIGTERM', async () => {
		running = await startServerProcess({ LOG_LEVEL: 'info', WEB_CONCURRENCY: '2' }, { readyPath: '/healthz' })
		const { child, origin, output, exited } = running
		expect(output()).toContain('"workers":2')
		const page = await fetch(`${origin}/stats`)
		expect(page.status).toBe(200)
		expect(await page.text()).toContain('Platform Statistics')
		child.kill('SIGTERM')
		expect(await exited).toBe(0)
		expect(output()).toContain('shutting down')
	}, 90_000)

	it('refuses to start with an invalid environment, naming the variable', async () => {
		running = await spawnServerProcess({ LOG_LEVEL: 'info', PORT: 'not-a-port' })
		expect(await running.exited).not.toBe(0)
		expect(running.output()).toContain('PORT')
	}, 30_000)

	it('warns at start when the test switches are on in production', async () => {
		running = await startServerProcess({ LOG_LEVEL: 'warn', WEB_CONCURRENCY: '1', ENABLE_TEST_ROUTES: 'true' }, { readyPath: '/healthz' })
		expect(running.output()).toContain('ENABLE_TEST_ROUTES is on in production')
		await running.stop()
		running = await startServerProcess({ LOG_LEVEL: 'warn', WEB_CONCURRENCY: '1', ENABLE_TEST_ROUTES: 'false' }, { readyPath: '/healthz' })
		expect(running.output()).not.toContain('ENABLE_TEST_ROUTES')
	}, 90_000)

	it('answers malformed Host headers with a page or the error page, never a stack', async () => {
		running = await startServerProcess({ LOG_LEVEL: 'fatal', WEB_CONCURRENCY: '1' }, { readyPath: '/healthz' })
		const { port } = new URL(running.origin)
		const get = (host: string) =>
			new Promise<{ status: number; body: string }>((resolve, reject) => {
				const request = http.request({ host: '127.0.0.1', port, path: '/movies', headers: { host } }, (response) => {
					let body = ''
					response.setEncoding('utf8')
					response.on('data', (chunk: string) => (body += chunk))
					response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
				})
				request.on('error', reject)
				request.end()
			})
		for (const host of ['x:abc', '[x', 'a b']) {
			const answer = await get(host)
			expect(answer.body, host).not.toMatch(/\bat .+:\d+:\d+|node_modules|TypeError/)
			if (answer.status >= 500) expect(answer.body, host).toContain('Oops! Something Broke')
		}
		// This one cannot become a URL at all: the last error handler answers.
		expect((await get('[x')).body).toContain('Oops! Something Broke')
	}, 60_000)
})
