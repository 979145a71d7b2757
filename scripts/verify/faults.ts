// npm run verify:faults — the fault runs of the "Hardening" issue, on private
// instances only: a PostgreSQL made with initdb/pg_ctl in a temporary folder
// on a free port, a private redis-server, the fake TMDB. Never the shared
// services. Starts the production build as a real process (server.js, a
// cluster of 2 workers), makes each fault, prints a table of figures and
// exits non-zero when a check fails.
//
// Needs a build: WILLOW_BUILD_DIR (default build/) as `npx react-router build` makes it.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ApiClient } from '#tests/support/api-test-client.ts'
import { FAKE_TMDB_KEY, startFakeTmdb } from '#tests/support/fake-tmdb.ts'
import { startServerProcess } from '#tests/support/servers.ts'

interface Row {
	fault: string
	figure: string
	value: string
	ok: boolean
}
const rows: Row[] = []
function record(fault: string, figure: string, value: string | number, ok: boolean) {
	rows.push({ fault, figure, value: String(value), ok })
	console.log(`${ok ? 'ok  ' : 'FAIL'} ${fault} | ${figure}: ${value}`)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function freePort(): Promise<number> {
	const probe = net.createServer()
	await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
	const { port } = probe.address() as AddressInfo
	await new Promise((resolve) => probe.close(resolve))
	return port
}

/** fetch with a deadline: a hang counts as a failure, not a stuck script. */
async function timedFetch(url: string, init: RequestInit = {}, ms = 5000): Promise<{ status: number; body: string; ms: number }> {
	const started = performance.now()
	try {
		const response = await fetch(url, { ...init, signal: AbortSignal.timeout(ms) })
		const body = await response.text()
		return { status: response.status, body, ms: performance.now() - started }
	} catch {
		return { status: 0, body: '', ms: performance.now() - started }
	}
}

const hasStack = (body: string) => /\n\s+at [^\n]+\(|node_modules\/|\/server\/[a-z-]+\//.test(body)

// ---- private PostgreSQL -----------------------------------------------------

function pgBin(name: string) {
	const versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
	for (const version of versions) {
		const candidate = `/usr/lib/postgresql/${version}/bin/${name}`
		if (fs.existsSync(candidate)) return candidate
	}
	throw new Error(`no ${name} under /usr/lib/postgresql/*/bin`)
}

/** initdb/pg_ctl refuse to run as root: run them as the postgres user when we are root. */
function asPostgres(command: string, args: string[]) {
	const root = process.getuid?.() === 0
	return root
		? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
		: execFileSync(command, args, { stdio: 'pipe' })
}

class PrivatePostgres {
	readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-faults-pg-'))
	readonly data = path.join(this.dir, 'data')
	constructor(readonly port: number) {}
	get url() {
		return `postgres://postgres@127.0.0.1:${this.port}/willow`
	}
	init() {
		fs.chmodSync(this.dir, 0o777)
		if (process.getuid?.() === 0) execFileSync('chown', ['postgres', this.dir])
		asPostgres(pgBin('initdb'), ['-D', this.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
		this.start()
		execFileSync(pgBin('createdb'), ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', 'willow'])
	}
	start() {
		asPostgres(pgBin('pg_ctl'), [
			'-D',
			this.data,
			'-w',
			'-l',
			path.join(this.dir, 'log'),
			'-o',
			`-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=on`,
			'start',
		])
	}
	/** An immediate stop: the server goes away as in a crash (committed work is in the WAL). */
	stop() {
		asPostgres(pgBin('pg_ctl'), ['-D', this.data, '-w', '-m', 'immediate', 'stop'])
	}
	destroy() {
		try {
			this.stop()
		} catch {
			// already stopped
		}
		fs.rmSync(this.dir, { recursive: true, force: true })
	}
}

// ---- private Redis ------------------------------------------------------------

class PrivateRedis {
	child: ChildProcess | undefined
	constructor(readonly port: number) {}
	get url() {
		return `redis://127.0.0.1:${this.port}`
	}
	async start() {
		this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
			stdio: 'ignore',
		})
		for (let i = 0; i < 50; i++) {
			if (this.dbsize() >= 0) return
			await sleep(100)
		}
		throw new Error('private redis did not start')
	}
	dbsize(): number {
		try {
			return Number(
				execFileSync('redis-cli', ['-p', String(this.port), 'dbsize'], { stdio: 'pipe' })
					.toString()
					.trim(),
			)
		} catch {
			return -1
		}
	}
	async stop() {
		const child = this.child
		if (!child || child.exitCode !== null) return
		const exited = new Promise((resolve) => child.once('exit', resolve))
		child.kill('SIGKILL')
		await exited
	}
}

// ---- the sync burst -------------------------------------------------------------

interface Burst {
	stop(): Promise<void>
	/** Per client, the media ids of the bookmarks a 200 acknowledged. */
	acknowledged: Array<Set<number>>
	clients: ApiClient[]
	counts: { ok: number; failed: number; status5xx: number; hung: number }
}

async function signUpClients(origin: string, count: number, tag: string): Promise<ApiClient[]> {
	const clients: ApiClient[] = []
	for (let i = 0; i < count; i++) {
		const client = new ApiClient(origin, { 'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` })
		const name = `f${tag}${i}${Date.now().toString(36)}`.slice(0, 30)
		const answer = await client.post('/api/auth/signup', {
			username: name,
			email: `${name}@example.com`,
			password: 'long enough pw',
			passwordConfirm: 'long enough pw',
		})
		if (answer.status !== 201) throw new Error(`sign-up ${answer.status} ${JSON.stringify(answer.body)}`)
		clients.push(client)
	}
	return clients
}

/** Every client syncs a new bookmark after the previous answer, until stopped. */
function startBurst(clients: ApiClient[]): Burst {
	let running = true
	const acknowledged = clients.map(() => new Set<number>())
	const counts = { ok: 0, failed: 0, status5xx: 0, hung: 0 }
	const loops = clients.map(async (client, c) => {
		let next = 1
		while (running) {
			const mediaId = next++
			const started = performance.now()
			try {
				const answer = await Promise.race([
					client.post('/api/sync/bookmarks', {
						bookmarks: [{ mediaId, category: 'watchlist', addedAt: 1_000 + mediaId }],
						changesOnly: true,
					}),
					sleep(15_000).then(() => undefined),
				])
				if (!answer) counts.hung += 1
				else if (answer.status === 200) {
					acknowledged[c]!.add(mediaId)
					counts.ok += 1
				} else {
					counts.failed += 1
					if (answer.status >= 500) counts.status5xx += 1
					await sleep(100)
				}
			} catch {
				counts.failed += 1
				await sleep(100)
			}
			if (performance.now() - started < 5) await sleep(5)
		}
	})
	return {
		acknowledged,
		clients,
		counts,
		async stop() {
			running = false
			await Promise.all(loops)
		},
	}
}

/** Acknowledged bookmarks missing from the account after the fault. */
async function lostWrites(burst: Burst): Promise<number> {
	let lost = 0
	for (const [c, client] of burst.clients.entries()) {
		const answer = await client.get<{ bookmarks: Array<{ mediaId: number }> }>('/api/users/me/bookmarks')
		if (answer.status !== 200) return Number.NaN
		const held = new Set(answer.body.bookmarks.map((b) => b.mediaId))
		for (const id of burst.acknowledged[c]!) if (!held.has(id)) lost += 1
	}
	return lost
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, stepMs = 100): Promise<number | undefined> {
	const started = performance.now()
	while (performance.now() - started < timeoutMs) {
		if (await check()) return performance.now() - started
		await sleep(stepMs)
	}
	return undefined
}

const ready = async (origin: string) => (await timedFetch(`${origin}/readyz`, {}, 2000)).status === 200

function workerPids(primary: number): number[] {
	try {
		return execFileSync('pgrep', ['-P', String(primary)], { stdio: 'pipe' })
			.toString()
			.trim()
			.split('\n')
			.filter(Boolean)
			.map(Number)
	} catch {
		return []
	}
}

const appEnv = { WEB_CONCURRENCY: '2', TRUST_PROXY: 'true', LOG_LEVEL: 'silent' }

// ---- the faults ---------------------------------------------------------------------

async function postgresStopped(pg: PrivatePostgres) {
	const fault = 'PostgreSQL stopped (50 clients syncing)'
	const app = await startServerProcess({ ...appEnv, DATABASE_URL: pg.url })
	try {
		const clients = await signUpClients(app.origin, 50, 'p')
		const burst = startBurst(clients)
		await sleep(2000)
		pg.stop()
		const stoppedAt = performance.now()
		const to503 = await waitFor(async () => (await timedFetch(`${app.origin}/readyz`, {}, 2000)).status === 503, 10_000)
		record(fault, '/readyz 503 after (ms)', to503 === undefined ? 'never' : Math.round(to503), to503 !== undefined && to503 <= 5000)
		// Pages while the database is away answer product.md's error screen "Oops! Something Broke" (a signed-in page needs the session row).
		const cookie = clients[0]!.cookie
		const pages = ['/', '/account', '/bookmarks', '/movies']
		let bad = 0
		let slowest = 0
		const statuses: number[] = []
		for (const page of pages) {
			const answer = await timedFetch(`${app.origin}${page}`, cookie ? { headers: { cookie } } : {}, 6000)
			statuses.push(answer.status)
			slowest = Math.max(slowest, answer.ms)
			if (answer.status === 0 || hasStack(answer.body) || (answer.status >= 500 && !answer.body.includes('Oops! Something Broke'))) {
				bad += 1
				console.log(
					`  ${page} answered ${answer.status}: ${answer.body
						.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<[^>]+>/g, ' ')
						.replace(/\s+/g, ' ')
						.slice(0, 300)}`,
				)
			}
		}
		record(fault, 'pages during outage (status)', statuses.join(' '), bad === 0)
		record(fault, 'slowest page during outage (ms)', Math.round(slowest), slowest < 5000)
		await sleep(Math.max(0, 4000 - (performance.now() - stoppedAt)))
		pg.start()
		const recovered = await waitFor(() => ready(app.origin), 30_000)
		record(
			fault,
			'/readyz 200 after restart of PostgreSQL (ms)',
			recovered === undefined ? 'never' : Math.round(recovered),
			recovered !== undefined,
		)
		await sleep(2000)
		await burst.stop()
		record(
			fault,
			'syncs acknowledged / refused / hung',
			`${burst.counts.ok} / ${burst.counts.failed} / ${burst.counts.hung}`,
			burst.counts.hung === 0 && burst.counts.ok > 0,
		)
		const lost = await lostWrites(burst)
		record(fault, 'acknowledged writes lost', lost, lost === 0)
		const alive = app.child.exitCode === null && app.child.signalCode === null
		record(fault, 'recovered without a restart (same primary)', alive ? 'yes' : 'no', alive)
	} finally {
		await app.stop()
	}
}

async function workerKilled(label: string, env: Record<string, string>) {
	const fault = `kill -9 of a worker (${label}, 50 clients syncing)`
	const app = await startServerProcess({ ...appEnv, ...env })
	try {
		const clients = await signUpClients(app.origin, 50, label[0]!)
		const burst = startBurst(clients)
		await sleep(2000)
		const before = workerPids(app.child.pid!)
		const victim = before[0]
		if (victim) process.kill(victim, 'SIGKILL')
		const replaced = await waitFor(async () => {
			const now = workerPids(app.child.pid!)
			return now.length >= before.length && !now.includes(victim!)
		}, 20_000)
		record(
			fault,
			'worker replaced after (ms)',
			replaced === undefined ? 'never' : Math.round(replaced),
			victim !== undefined && replaced !== undefined,
		)
		await sleep(2000)
		await burst.stop()
		record(
			fault,
			'syncs acknowledged / refused / hung',
			`${burst.counts.ok} / ${burst.counts.failed} / ${burst.counts.hung}`,
			burst.counts.hung === 0 && burst.counts.ok > 0,
		)
		const lost = await lostWrites(burst)
		record(fault, 'acknowledged writes lost', lost, lost === 0)
	} finally {
		await app.stop()
	}
}

async function pagesStatus(origin: string, pages: string[], rounds: number) {
	let fiveXx = 0
	let failed = 0
	for (let r = 0; r < rounds; r++) {
		for (const page of pages) {
			const answer = await timedFetch(`${origin}${page}`, {}, 8000)
			if (answer.status >= 500) fiveXx += 1
			if (answer.status === 0) failed += 1
		}
	}
	return { fiveXx, failed }
}

async function redisStopped() {
	const fault = 'Redis stopped'
	const redis = new PrivateRedis(await freePort())
	await redis.start()
	const tmdb = await startFakeTmdb()
	const app = await startServerProcess({ ...appEnv, REDIS_URL: redis.url, TMDB_API_KEY: FAKE_TMDB_KEY, TMDB_API_BASE: tmdb.apiBase })
	const pages = ['/', '/movies', '/series', '/series/1399']
	try {
		await pagesStatus(app.origin, pages, 1)
		record(fault, 'keys in Redis before', redis.dbsize(), redis.dbsize() > 0)
		await redis.stop()
		const during = await pagesStatus(app.origin, pages, 3)
		record(
			fault,
			'page 5xx / no answer while Redis is down',
			`${during.fiveXx} / ${during.failed}`,
			during.fiveXx === 0 && during.failed === 0,
		)
		await redis.start()
		const back = await waitFor(
			async () => {
				await pagesStatus(app.origin, ['/movies', '/series/1399', '/search?q=game'], 1)
				return redis.dbsize() > 0
			},
			30_000,
			1000,
		)
		record(fault, 'Redis used again after it returns (ms)', back === undefined ? 'never' : Math.round(back), back !== undefined)
	} finally {
		await app.stop()
		await redis.stop()
		await tmdb.close()
	}
}

async function tmdbFaults() {
	const tmdb = await startFakeTmdb()
	const app = await startServerProcess({ ...appEnv, WEB_CONCURRENCY: '1', TMDB_API_KEY: FAKE_TMDB_KEY, TMDB_API_BASE: tmdb.apiBase })
	const pages = ['/', '/series/1399', '/movies']
	try {
		await pagesStatus(app.origin, pages, 1)
		for (const [label, make, clear] of [
			['500', () => tmdb.setOutage(500), () => tmdb.setOutage(undefined)],
			[
				'429 Retry-After: 1',
				() => tmdb.failNext(...Array.from({ length: 50 }, () => ({ status: 429, retryAfter: '1' }))),
				() => tmdb.reset(),
			],
			['hanging (60 s)', () => tmdb.setDelay(60_000), () => tmdb.setDelay(0)],
		] as const) {
			const fault = `TMDB answering ${label}`
			make()
			let fiveXx = 0
			let unanswered = 0
			let slowest = 0
			let mostTries = 0
			let warmServed = 0
			// Includes a page never fetched before (no stale copy): it must still answer without a 5xx.
			for (const page of [...pages, '/search?q=fault']) {
				const callsBefore = tmdb.calls.length
				const answer = await timedFetch(`${app.origin}${page}`, {}, 30_000)
				if (answer.status >= 500) fiveXx += 1
				if (answer.status === 0) unanswered += 1
				if (pages.includes(page) && answer.status === 200) warmServed += 1
				slowest = Math.max(slowest, answer.ms)
				// The retry budget: at most 3 attempts per upstream resource and page.
				const perPath = new Map<string, number>()
				for (const call of tmdb.calls.slice(callsBefore)) perPath.set(call, (perPath.get(call) ?? 0) + 1)
				mostTries = Math.max(mostTries, ...perPath.values(), 0)
			}
			record(fault, 'page 5xx / no answer (4 pages)', `${fiveXx} / ${unanswered}`, fiveXx === 0 && unanswered === 0)
			record(fault, 'most TMDB attempts for one resource (budget 3)', mostTries, mostTries <= 3)
			record(fault, 'pages fetched before served 200 (from the cache)', `${warmServed}/${pages.length}`, warmServed === pages.length)
			record(fault, 'slowest page (ms)', Math.round(slowest), slowest < 15_000)
			clear()
		}
	} finally {
		await app.stop()
		await tmdb.close()
	}
}

/** The image cache's disk full: a 64 KiB tmpfs mounted over DATA_DIR/image-cache and filled up (needs root). */
async function imageDiskFull() {
	const fault = 'Image cache disk full (ENOSPC)'
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-faults-data-'))
	const imageCache = path.join(dataDir, 'image-cache')
	fs.mkdirSync(imageCache)
	try {
		execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', imageCache], { stdio: 'pipe' })
	} catch (error) {
		record(fault, 'tmpfs mounted', `no (${(error as Error).message.split('\n')[0]})`, false)
		fs.rmSync(dataDir, { recursive: true, force: true })
		return
	}
	const tmdb = await startFakeTmdb()
	let app: Awaited<ReturnType<typeof startServerProcess>> | undefined
	try {
		// Fill it: every further write fails with ENOSPC.
		let full = false
		try {
			fs.writeFileSync(path.join(imageCache, 'filler'), Buffer.alloc(1024 * 1024))
		} catch (error) {
			full = (error as NodeJS.ErrnoException).code === 'ENOSPC'
		}
		record(fault, 'writes to the image cache fail with ENOSPC', full ? 'yes' : 'no', full)
		app = await startServerProcess({ ...appEnv, DATA_DIR: dataDir, TMDB_API_KEY: FAKE_TMDB_KEY, TMDB_API_BASE: tmdb.apiBase })
		const statuses = new Map<number, number>()
		for (let i = 1; i <= 20; i++) {
			const kind = ['poster', 'backdrop', 'logo', 'still', 'profile'][i % 5]!
			const answer = await timedFetch(`${app.origin}/api/images/art/${kind}/movie-${i}.webp`, {}, 10_000)
			statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
		}
		const summary = [...statuses].map(([status, count]) => `${count}×${status}`).join(' ')
		const broken = [...statuses].filter(([status]) => status === 0 || status >= 500).reduce((sum, [, count]) => sum + count, 0)
		record(fault, 'image answers while the disk is full', summary, broken === 0)
		const [client] = await signUpClients(app.origin, 1, 'd')
		const sync = await client!.post('/api/sync/bookmarks', { bookmarks: [{ mediaId: 7, category: 'watchlist', addedAt: 7 }] })
		const ok = sync.status === 200 && (await ready(app.origin))
		record(fault, 'database unaffected (sign-up, sync, /readyz)', ok ? 'yes' : `no (${sync.status})`, ok)
	} finally {
		await app?.stop()
		await tmdb.close()
		execFileSync('umount', [imageCache], { stdio: 'pipe' })
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
}

async function main() {
	const only = process.argv.slice(2)
	const wanted = (name: string) => only.length === 0 || only.includes(name)
	const pg = new PrivatePostgres(await freePort())
	const steps: Array<[string, () => Promise<void>]> = [
		['postgres', () => postgresStopped(pg)],
		['kill-sqlite', () => workerKilled('SQLite', {})],
		['kill-postgres', () => workerKilled('PostgreSQL', { DATABASE_URL: pg.url })],
		['redis', redisStopped],
		['tmdb', tmdbFaults],
		['image-disk', imageDiskFull],
	]
	try {
		if (steps.some(([name]) => wanted(name) && name.includes('postgres'))) pg.init()
		for (const [name, run] of steps) {
			if (!wanted(name)) continue
			try {
				await run()
			} catch (error) {
				record(name, 'ran to the end', (error as Error).message.split('\n')[0]!, false)
			}
		}
	} finally {
		pg.destroy()
	}
	console.log('\n| fault | figure | value | |\n|---|---|---|---|')
	for (const row of rows) console.log(`| ${row.fault} | ${row.figure} | ${row.value} | ${row.ok ? 'ok' : 'FAIL'} |`)
	const failed = rows.filter((row) => !row.ok).length
	console.log(failed === 0 ? '\nAll fault checks passed.' : `\n${failed} fault check(s) failed.`)
	process.exit(failed === 0 ? 0 : 1)
}

await main()
