import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

// Runs the real launcher against the production build (scripts/test.sh builds first).
const buildDir = path.resolve(process.env.WILLOW_BUILD_DIR ?? 'build')

function start(env: Record<string, string>) {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-proc-'))
	const child = spawn(process.execPath, ['server.js'], {
		env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: dataDir, HOST: '127.0.0.1', DATABASE_URL: '', REDIS_URL: '', TMDB_API_KEY: '', ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout?.on('data', (d) => (output += d))
	child.stderr?.on('data', (d) => (output += d))
	return { child, output: () => output }
}

async function waitForUp(url: string, timeoutMs = 60_000) {
	const until = Date.now() + timeoutMs
	while (Date.now() < until) {
		try {
			if ((await fetch(url)).ok) return
		} catch {
			// not listening yet
		}
		await new Promise((r) => setTimeout(r, 200))
	}
	throw new Error(`${url} did not come up`)
}

function exitOf(child: ChildProcess) {
	return new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
}

let running: ChildProcess | undefined

beforeAll(() => {
	if (!fs.existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('Build the site first: npx react-router build')
})

afterEach(() => {
	running?.kill('SIGKILL')
	running = undefined
})

describe('the server process', () => {
	it('runs several workers and shuts down gracefully on SIGTERM', async () => {
		const port = 3900 + Math.floor(Math.random() * 50)
		const { child, output } = start({ PORT: String(port), WEB_CONCURRENCY: '2' })
		running = child
		await waitForUp(`http://127.0.0.1:${port}/healthz`)
		expect(output()).toContain('"workers":2')
		const page = await fetch(`http://127.0.0.1:${port}/stats`)
		expect(page.status).toBe(200)
		expect(await page.text()).toContain('Platform Statistics')
		const exited = exitOf(child)
		child.kill('SIGTERM')
		expect(await exited).toBe(0)
		expect(output()).toContain('shutting down')
	}, 90_000)

	it('refuses to start with an invalid environment, naming the variable', async () => {
		const { child, output } = start({ PORT: 'not-a-port' })
		running = child
		expect(await exitOf(child)).not.toBe(0)
		expect(output()).toContain('PORT')
	}, 30_000)
})
