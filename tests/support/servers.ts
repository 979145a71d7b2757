import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import type { Server } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '#server/create-app.server.ts'

// The one way integration tests start a server: the Express app in this
// process (API, health, middleware; no pages), or the production build's
// launcher as a child process (pages, cluster, signals). Both listen on
// 127.0.0.1 only, on a port the system gives, and close everything they opened.

export interface RunningApp {
	/** e.g. http://127.0.0.1:54321 */
	baseUrl: string
	close(): Promise<void>
}

/**
 * Serves `createApp()` (or the app given) in this process. It reads the
 * environment, database and cache as they are set when it is called.
 */
export async function startTestApp(app: ReturnType<typeof createApp> = createApp()): Promise<RunningApp> {
	const server: Server = await new Promise((resolve) => {
		const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
	})
	const { port } = server.address() as AddressInfo
	return {
		baseUrl: `http://127.0.0.1:${port}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

/** Where the production build is (WILLOW_BUILD_DIR lets a run use a build made elsewhere). */
export const BUILD_DIR = path.resolve(process.env.WILLOW_BUILD_DIR ?? 'build')

/** Fails with a clear message when the production build is missing (scripts/test.sh builds first). */
export function requireBuild(): void {
	if (!fs.existsSync(path.join(BUILD_DIR, 'server', 'index.js'))) throw new Error('Build the site first: npx react-router build')
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
	const probe = net.createServer()
	await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
	const { port } = probe.address() as AddressInfo
	await new Promise((resolve) => probe.close(resolve))
	return port
}

export interface ServerProcess {
	/** e.g. http://127.0.0.1:54321 */
	origin: string
	child: ChildProcess
	/** Its data folder, new for each process. */
	dataDir: string
	/** Everything it wrote to stdout and stderr so far. */
	output(): string
	/** Resolves with the exit code once the process has exited. */
	exited: Promise<number | null>
	/** Kills it (if still running) and removes its data folder. */
	stop(): Promise<void>
}

/**
 * Launches `node server.js` (the production build) with a fresh data folder,
 * SQLite, the in-process cache, no TMDB credential and one worker; `env`
 * overrides any of these. Does not wait for it: see `startServerProcess`.
 */
export async function spawnServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
	requireBuild()
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-server-'))
	const port = env.PORT ?? String(await freePort())
	const child = spawn(process.execPath, ['server.js'], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			LOG_LEVEL: 'warn',
			DATA_DIR: dataDir,
			HOST: '127.0.0.1',
			PORT: port,
			WEB_CONCURRENCY: '1',
			DATABASE_URL: '',
			REDIS_URL: '',
			TMDB_API_KEY: '',
			TMDB_READ_TOKEN: '',
			CANONICAL_HOST: '',
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout?.on('data', (chunk) => (output += chunk))
	child.stderr?.on('data', (chunk) => (output += chunk))
	const exited = new Promise<number | null>((resolve) => {
		if (child.exitCode !== null) resolve(child.exitCode)
		else child.once('exit', (code) => resolve(code))
	})
	return {
		origin: `http://127.0.0.1:${port}`,
		child,
		dataDir,
		output: () => output,
		exited,
		async stop() {
			if (child.exitCode === null && child.signalCode === null) {
				child.kill('SIGKILL')
				await exited
			}
			fs.rmSync(dataDir, { recursive: true, force: true })
		},
	}
}

/**
 * Launches the production build as `spawnServerProcess` does and waits until
 * `readyPath` answers 200 (`/readyz`: the database answers too), or fails
 * with the process's output after `timeoutMs`.
 */
export async function startServerProcess(
	env: Record<string, string> = {},
	{ readyPath = '/readyz', timeoutMs = 60_000 } = {},
): Promise<ServerProcess> {
	const server = await spawnServerProcess(env)
	const until = Date.now() + timeoutMs
	const running = () => server.child.exitCode === null && server.child.signalCode === null
	while (Date.now() < until && running()) {
		try {
			if ((await fetch(`${server.origin}${readyPath}`)).ok) return server
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	await server.stop()
	throw new Error(`the server did not come up at ${server.origin}${readyPath}:\n${server.output()}`)
}
