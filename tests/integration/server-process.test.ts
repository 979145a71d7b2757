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
})
