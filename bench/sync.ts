// npm run bench:sync [-- --dialect=both --bookmarks=1000 --items=500 --iterations=60 --clients=200 --seconds=30 --in-process]
//
// Measures the account sync on SQLite and/or PostgreSQL (a throwaway
// database each, like the integration tests):
//   1. POST /api/sync/bookmarks with N bookmarks and POST /api/sync/watch-history
//      with M items (half shows with 3 episodes each): p50/p95 of the full HTTP
//      round trip (goal p95 ≤ 25 ms), as the device sends them (whole library,
//      changesOnly) and as older clients do (whole state answered);
//   2. C signed-in clients (two devices per user) syncing for S seconds, each
//      adding, sometimes removing, bookmarks and recording progress: requests/s
//      and errors (goal 0), then a final check that every acknowledged change
//      is present on the server (and every acknowledged removal absent).
// The API runs in its own Node process, as in production (one worker of
// `npm start`); the clients run in this one. --in-process puts both in this
// process (one event loop for both, pessimistic on a small machine).
// Not a timed test: it prints figures.
import { fork, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Bookmark, BookmarkTombstone, WatchHistory } from '#app/lib/library/types.ts'
import { ApiClient, startApi } from '#tests/support/api-test-client.ts'
import { hashSessionSecret, SESSION_COOKIE } from '#server/auth/session.server.ts'
import { createDatabase, migrateToLatest, setDatabaseForTests, type DatabaseHandle, type Dialect } from '#server/db/db.server.ts'
import { createApp } from '#server/create-app.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'

const args = new Map(
	process.argv.slice(2).map((arg) => {
		const [key, value] = arg.replace(/^--/, '').split('=')
		return [key!, value ?? 'true'] as const
	}),
)
const numberArg = (name: string, fallback: number) => {
	const value = Number(args.get(name) ?? fallback)
	if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`)
	return value
}
const DIALECT_ARG = args.get('dialect') ?? 'both'
const BOOKMARKS = numberArg('bookmarks', 1000)
const ITEMS = numberArg('items', 500)
const ITERATIONS = numberArg('iterations', 60)
const CLIENTS = numberArg('clients', 200)
const SECONDS = numberArg('seconds', 30)
const dialects: Dialect[] = DIALECT_ARG === 'both' ? ['sqlite', 'postgres'] : [DIALECT_ARG as Dialect]
const IN_PROCESS = args.has('in-process')

function percentile(sorted: number[], p: number) {
	if (sorted.length === 0) return NaN
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

const ms = (value: number) => `${value.toFixed(1)} ms`

/** A user with a session made directly in the database (sign-up's argon2 is not what is measured). */
async function createSignedInUser(handle: DatabaseHandle, index: number) {
	const id = crypto.randomUUID()
	const now = Date.now()
	const username = `bench${index}_${id.slice(0, 6)}`
	await handle.db
		.insertInto('users')
		.values({
			id,
			username,
			username_lower: username,
			email: `${username}@bench.invalid`,
			email_lower: `${username}@bench.invalid`,
			name: username,
			password_hash: 'x',
			four_k_token: null,
			created_at: now,
			updated_at: now,
		})
		.execute()
	const sessionFor = async () => {
		const secret = crypto.randomBytes(32).toString('base64url')
		await handle.db
			.insertInto('sessions')
			.values({
				id: hashSessionSecret(secret),
				user_id: id,
				created_at: now,
				expires_at: now + 86_400_000,
				last_seen_at: now,
				user_agent: 'bench',
			})
			.execute()
		return `${SESSION_COOKIE}=${secret}`
	}
	return { id, sessionFor }
}

function makeBookmarks(count: number, stamp: number): Bookmark[] {
	return Array.from({ length: count }, (_, i) => ({
		mediaId: i + 1,
		category: ['watchlist', 'watched', 'favorites'][i % 3]!,
		addedAt: stamp + i,
		mediaType: i % 2 ? 'tv' : 'movie',
		title: `Title number ${i + 1}`,
		posterPath: `/poster${i}.jpg`,
		voteAverage: (i % 100) / 10,
		releaseDate: '2020-01-01',
	}))
}

function makeHistory(count: number, stamp: number): WatchHistory {
	const history: WatchHistory = {}
	for (let i = 0; i < count; i++) {
		if (i % 2 === 0) {
			history[String(i + 1)] = {
				type: 'movie',
				title: `Movie ${i}`,
				year: 2020,
				updatedAt: stamp + i,
				progress: { watched: 100 + i, duration: 6000 },
			}
		} else {
			const episodes: NonNullable<WatchHistory[string]['episodes']> = {}
			for (let e = 1; e <= 3; e++)
				episodes[`s1e${e}`] = {
					id: i * 10 + e,
					number: e,
					title: `Episode ${e}`,
					seasonId: i,
					season: 1,
					updatedAt: stamp + i + e,
					progress: { watched: 60 * e, duration: 1500 },
				}
			history[String(i + 1)] = { type: 'show', title: `Show ${i}`, year: 2019, updatedAt: stamp + i + 3, episodes }
		}
	}
	return history
}

/** The API under test: its address and the CPU time its process has used (microseconds). */
interface BenchServer {
	baseUrl: string
	separate: boolean
	cpuMicros(): Promise<number>
	close(): Promise<void>
}

/** Times `send` on bodies prepared beforehand (so building the JSON on the client side is not counted). */
async function timeRequests(
	server: BenchServer,
	label: string,
	makeBody: (iteration: number) => string,
	send: (body: string) => Promise<number>,
) {
	// Warm-up (first-request costs: JIT, prepared plans, table pages).
	for (let i = 0; i < 5; i++) await send(makeBody(-1 - i))
	const samples: number[] = []
	const bodies = Array.from({ length: ITERATIONS }, (_, i) => makeBody(i))
	const cpuStarted = await server.cpuMicros()
	for (const body of bodies) {
		const started = performance.now()
		const status = await send(body)
		samples.push(performance.now() - started)
		if (status !== 200) throw new Error(`${label}: status ${status}`)
	}
	const cpuPerRequest = (await server.cpuMicros()) - cpuStarted
	samples.sort((a, b) => a - b)
	const p95 = percentile(samples, 95)
	// CPU time depends far less on other load than wall-clock time does.
	const cpu = `${server.separate ? 'API process' : 'this process (API and clients)'} CPU ${ms(cpuPerRequest / 1000 / ITERATIONS)} per request`
	console.log(
		`  ${label}: p50 ${ms(percentile(samples, 50))}, p95 ${ms(p95)} over ${ITERATIONS} requests (goal p95 ≤ 25 ms: ${p95 <= 25 ? 'met' : 'missed'}); ${cpu}`,
	)
}

async function latency(handle: DatabaseHandle, server: BenchServer) {
	const user = await createSignedInUser(handle, 0)
	const client = new ApiClient(server.baseUrl)
	client.cookie = await user.sessionFor()
	const base = Date.now()
	const bookmarks = (body: string) => client.post('/api/sync/bookmarks', body).then((r) => r.status)
	const history = (body: string) => client.post('/api/sync/watch-history', body).then((r) => r.status)
	// Typical: a device sends its whole library of which a few records (1%) changed since the last sync.
	const fewChanged =
		<T extends { addedAt?: number; updatedAt?: number }>(i: number) =>
		(record: T, index: number) =>
			index % 100 === 0
				? {
						...record,
						...('addedAt' in record
							? { addedAt: base + 1_000_000 + i * 1000 + index }
							: { updatedAt: base + 1_000_000 + i * 1000 + index }),
					}
				: record
	const library = makeBookmarks(BOOKMARKS, base)
	const watched = makeHistory(ITEMS, base)
	const fewChangedHistory = (i: number, shift = 0): WatchHistory =>
		Object.fromEntries(
			Object.entries(watched).map(([key, item], index) => [
				key,
				fewChanged<WatchHistory[string]>(i)({ ...item, updatedAt: item.updatedAt + shift }, index),
			]),
		)
	// As the device sends it: the whole library, answered with only what it lacks.
	await timeRequests(
		server,
		`POST /api/sync/bookmarks, ${BOOKMARKS} bookmarks, 1% changed`,
		(i) => JSON.stringify({ bookmarks: library.map(fewChanged(i)), changesOnly: true }),
		bookmarks,
	)
	await timeRequests(
		server,
		`POST /api/sync/watch-history, ${ITEMS} items, 1% changed`,
		(i) => JSON.stringify({ items: fewChangedHistory(i), changesOnly: true }),
		history,
	)
	// Worst case: every record newer than the stored copy, so every row is rewritten.
	await timeRequests(
		server,
		`POST /api/sync/bookmarks, ${BOOKMARKS} bookmarks, all changed`,
		(i) => JSON.stringify({ bookmarks: makeBookmarks(BOOKMARKS, base + (i + 10) * 100_000), changesOnly: true }),
		bookmarks,
	)
	await timeRequests(
		server,
		`POST /api/sync/watch-history, ${ITEMS} items, all changed`,
		(i) => JSON.stringify({ items: makeHistory(ITEMS, base + (i + 10) * 100_000), changesOnly: true }),
		history,
	)
	// Older clients (no changesOnly): the whole merged state comes back.
	const later = base + 100_000_000
	await timeRequests(
		server,
		`POST /api/sync/bookmarks, ${BOOKMARKS} bookmarks, 1% changed, whole state answered`,
		(i) => JSON.stringify({ bookmarks: library.map(fewChanged(i)).map((b) => ({ ...b, addedAt: b.addedAt + later })) }),
		bookmarks,
	)
	await timeRequests(
		server,
		`POST /api/sync/watch-history, ${ITEMS} items, 1% changed, whole state answered`,
		(i) => JSON.stringify({ items: fewChangedHistory(i, later) }),
		history,
	)
}

interface Device {
	userIndex: number
	client: ApiClient
	bookmarks: Bookmark[]
	tombstones: BookmarkTombstone[]
	history: WatchHistory
}

async function load(handle: DatabaseHandle, baseUrl: string) {
	const userCount = Math.max(1, Math.ceil(CLIENTS / 2))
	const users = await Promise.all(Array.from({ length: userCount }, (_, i) => createSignedInUser(handle, i + 1)))
	const devices: Device[] = []
	for (let c = 0; c < CLIENTS; c++) {
		const client = new ApiClient(baseUrl)
		client.cookie = await users[c % userCount]!.sessionFor()
		devices.push({ userIndex: c % userCount, client, bookmarks: [], tombstones: [], history: {} })
	}
	// Per user: what the server acknowledged (a 200 answer to a request that carried it).
	const ackedBookmarks = users.map(() => new Map<string, number>())
	const ackedRemovals = users.map(() => new Map<string, number>())
	const ackedProgress = users.map(() => new Map<string, number>())
	let requests = 0
	let errors = 0
	const deadline = Date.now() + SECONDS * 1000
	let clock = Date.now()
	const tick = () => (clock = Math.max(clock + 1, Date.now()))

	await Promise.all(
		devices.map(async (device, d) => {
			let n = 0
			while (Date.now() < deadline) {
				n += 1
				const mediaId = d * 1_000_000 + n
				const now = tick()
				if (n % 3 === 0) {
					// Progress on an episode of a show only this device watches.
					const key = String(900_000_000 + d)
					const item = device.history[key] ?? { type: 'show' as const, title: `Show ${d}`, updatedAt: now, episodes: {} }
					item.updatedAt = now
					item.episodes![`s1e${n}`] = {
						id: n,
						number: n,
						title: `E${n}`,
						seasonId: 1,
						season: 1,
						updatedAt: now,
						progress: { watched: n, duration: 1500 },
					}
					device.history[key] = item
					const response = await device.client
						.post<{ items: WatchHistory }>('/api/sync/watch-history', { items: device.history, changesOnly: true })
						.catch(() => null)
					requests += 1
					if (response?.status !== 200) {
						errors += 1
						continue
					}
					for (const [episodeKey, episode] of Object.entries(device.history[key]!.episodes!))
						ackedProgress[device.userIndex]!.set(`${key}/${episodeKey}`, episode.updatedAt)
				} else {
					if (n % 5 === 0 && device.bookmarks.length > 0) {
						const removed = device.bookmarks.shift()!
						device.tombstones.push({ mediaId: removed.mediaId, category: removed.category, deletedAt: now })
					} else {
						device.bookmarks.push({ mediaId, category: 'watchlist', addedAt: now, title: `Bench ${mediaId}` })
					}
					const response = await device.client
						.post<{ bookmarks: Bookmark[]; tombstones: BookmarkTombstone[] }>('/api/sync/bookmarks', {
							bookmarks: device.bookmarks,
							tombstones: device.tombstones,
							changesOnly: true,
						})
						.catch(() => null)
					requests += 1
					if (response?.status !== 200) {
						errors += 1
						continue
					}
					for (const b of device.bookmarks) ackedBookmarks[device.userIndex]!.set(`${b.mediaId}/${b.category}`, b.addedAt)
					for (const t of device.tombstones) {
						ackedRemovals[device.userIndex]!.set(`${t.mediaId}/${t.category}`, t.deletedAt)
						ackedBookmarks[device.userIndex]!.delete(`${t.mediaId}/${t.category}`)
					}
				}
			}
		}),
	)
	const elapsed = SECONDS
	// Final check: everything acknowledged is there, every acknowledged removal is not.
	let missing = 0
	let resurrected = 0
	let staleProgress = 0
	for (let u = 0; u < userCount; u++) {
		const reader = devices.find((device) => device.userIndex === u)!.client
		const bookmarks = await reader.get<{ bookmarks: Bookmark[] }>('/api/users/me/bookmarks')
		const present = new Map(bookmarks.body.bookmarks.map((b) => [`${b.mediaId}/${b.category}`, b.addedAt]))
		for (const [key, addedAt] of ackedBookmarks[u]!) if ((present.get(key) ?? -1) < addedAt) missing += 1
		for (const key of ackedRemovals[u]!.keys()) if (present.has(key)) resurrected += 1
		const history = await reader.get<{ items: WatchHistory }>('/api/users/me/watch-history')
		for (const [path, updatedAt] of ackedProgress[u]!) {
			const [item, episode] = path.split('/') as [string, string]
			if ((history.body.items[item]?.episodes?.[episode]?.updatedAt ?? -1) < updatedAt) staleProgress += 1
		}
	}
	console.log(
		`  ${CLIENTS} clients (${userCount} users × 2 devices) for ${elapsed} s: ${(requests / elapsed).toFixed(0)} requests/s, ${requests} requests, ${errors} errors (goal 0)`,
	)
	const checked =
		ackedBookmarks.reduce((sum, m) => sum + m.size, 0) +
		ackedRemovals.reduce((sum, m) => sum + m.size, 0) +
		ackedProgress.reduce((sum, m) => sum + m.size, 0)
	console.log(
		`  final check of ${checked} acknowledged changes: ${missing} bookmarks missing, ${resurrected} removals undone, ${staleProgress} episodes stale → ${missing + resurrected + staleProgress === 0 ? 'every acknowledged change is present' : 'CHANGES LOST'}`,
	)
	return missing + resurrected + staleProgress + errors
}

/** Child mode: the API alone in this process, on the database the parent made. */
async function serve() {
	const options = JSON.parse(process.env.WILLOW_BENCH_DATABASE ?? '{}') as { databaseUrl?: string; sqliteFile?: string }
	const handle = createDatabase(options)
	setDatabaseForTests(handle)
	const server = createApp().listen(0, '127.0.0.1', () => {
		const address = server.address()
		process.send!({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 })
	})
	process.on('message', (message: { type: string }) => {
		if (message.type === 'cpu') {
			const usage = process.cpuUsage()
			process.send!({ type: 'cpu', micros: usage.user + usage.system })
		}
	})
	process.on('disconnect', () => {
		server.closeAllConnections()
		server.close(() => void handle.close().then(() => process.exit(0)))
	})
}

async function startSeparateServer(options: { databaseUrl?: string; sqliteFile?: string }): Promise<BenchServer> {
	// The same loader (tsx) as this process; NODE_ENV=production as `npm start` runs.
	const child: ChildProcess = fork(process.argv[1]!, ['--serve'], {
		env: { ...process.env, NODE_ENV: 'production', WILLOW_BENCH_DATABASE: JSON.stringify(options) },
	})
	const next = <T>(type: string) =>
		new Promise<T>((resolve, reject) => {
			const onMessage = (message: { type: string } & T) => {
				if (message.type !== type) return
				child.off('message', onMessage)
				child.off('exit', onExit)
				resolve(message)
			}
			const onExit = (code: number | null) => reject(new Error(`API process exited (${code})`))
			child.on('message', onMessage)
			child.once('exit', onExit)
		})
	const { port } = await next<{ port: number }>('ready')
	return {
		baseUrl: `http://127.0.0.1:${port}`,
		separate: true,
		async cpuMicros() {
			const reply = next<{ micros: number }>('cpu')
			child.send({ type: 'cpu' })
			return (await reply).micros
		},
		close: () =>
			new Promise<void>((resolve) => {
				child.once('exit', () => resolve())
				child.disconnect()
			}),
	}
}

/** A throwaway database, and the API on it (in its own process unless --in-process). */
async function startBench(dialect: Dialect): Promise<{ handle: DatabaseHandle; server: BenchServer; destroy(): Promise<void> }> {
	if (IN_PROCESS) {
		const testDb = await createTestDatabase(dialect)
		const api = await startApi(testDb.handle)
		const server: BenchServer = {
			baseUrl: api.baseUrl,
			separate: false,
			cpuMicros: async () => {
				const usage = process.cpuUsage()
				return usage.user + usage.system
			},
			close: api.close,
		}
		return { handle: testDb.handle, server, destroy: () => testDb.destroy() }
	}
	if (dialect === 'postgres') {
		const testDb = await createTestDatabase(dialect)
		const server = await startSeparateServer({ databaseUrl: testDb.url })
		return { handle: testDb.handle, server, destroy: () => testDb.destroy() }
	}
	// A file, as in production (WAL), shared by the API process and this one (users and sessions).
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-bench-sync-'))
	const sqliteFile = path.join(dir, 'willow.sqlite')
	const handle = createDatabase({ sqliteFile })
	await migrateToLatest(handle)
	const server = await startSeparateServer({ sqliteFile })
	return {
		handle,
		server,
		async destroy() {
			await handle.close()
			fs.rmSync(dir, { recursive: true, force: true })
		},
	}
}

async function main() {
	let failures = 0
	// Latency on a shared machine says little without its load; print it beside the figures.
	const machineLoad = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`
	console.log(
		IN_PROCESS
			? 'API and clients in this one process (one event loop). Times are full HTTP round trips: body sent, parsed, validated, merged, written, answered, answer read and parsed.'
			: 'API in its own Node process (as one `npm start` worker), clients in this one. Times are full HTTP round trips seen by the client: body sent, parsed, validated, merged, written, answered, answer read and parsed.',
	)
	for (const dialect of dialects) {
		console.log(`\n${dialect} (${machineLoad()})`)
		const bench = await startBench(dialect)
		try {
			await latency(bench.handle, bench.server)
			if (CLIENTS > 0 && SECONDS > 0) failures += await load(bench.handle, bench.server.baseUrl)
		} finally {
			await bench.server.close()
			await bench.destroy()
		}
		console.log(`  (${machineLoad()} at the end)`)
	}
	process.exitCode = failures > 0 ? 1 : 0
}

if (args.has('serve')) await serve()
else await main()
