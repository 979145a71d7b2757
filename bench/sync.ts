// npm run bench:sync [-- --dialect=both --bookmarks=1000 --items=500 --iterations=60 --clients=200 --seconds=30]
//
// Measures the account sync on SQLite and/or PostgreSQL (a throwaway
// database each, like the integration tests):
//   1. POST /api/sync/bookmarks with N bookmarks and POST /api/sync/watch-history
//      with M items (half shows with 3 episodes each): p50/p95 (goal p95 ≤ 25 ms);
//   2. C signed-in clients (two devices per user) syncing for S seconds, each
//      adding, sometimes removing, bookmarks and recording progress: requests/s
//      and errors (goal 0), then a final check that every acknowledged change
//      is present on the server (and every acknowledged removal absent).
// The API and the clients share this process, so the figures are pessimistic.
// Not a timed test: it prints figures.
import crypto from 'node:crypto'
import os from 'node:os'
import type { Bookmark, BookmarkTombstone, WatchHistory } from '#app/lib/library/types.ts'
import { ApiClient, startApi } from '#server/auth/api-test-client.ts'
import { hashSessionSecret, SESSION_COOKIE } from '#server/auth/session.server.ts'
import type { DatabaseHandle, Dialect } from '#server/db/db.server.ts'
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
		.values({ id, username, username_lower: username, email: `${username}@bench.invalid`, email_lower: `${username}@bench.invalid`, name: username, password_hash: 'x', four_k_token: null, created_at: now, updated_at: now })
		.execute()
	const sessionFor = async () => {
		const secret = crypto.randomBytes(32).toString('base64url')
		await handle.db.insertInto('sessions').values({ id: hashSessionSecret(secret), user_id: id, created_at: now, expires_at: now + 86_400_000, user_agent: 'bench' }).execute()
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
			history[String(i + 1)] = { type: 'movie', title: `Movie ${i}`, year: 2020, updatedAt: stamp + i, progress: { watched: 100 + i, duration: 6000 } }
		} else {
			const episodes: NonNullable<WatchHistory[string]['episodes']> = {}
			for (let e = 1; e <= 3; e++) episodes[`s1e${e}`] = { id: i * 10 + e, number: e, title: `Episode ${e}`, seasonId: i, season: 1, updatedAt: stamp + i + e, progress: { watched: 60 * e, duration: 1500 } }
			history[String(i + 1)] = { type: 'show', title: `Show ${i}`, year: 2019, updatedAt: stamp + i + 3, episodes }
		}
	}
	return history
}

/** Times `send` on bodies prepared beforehand (so building the JSON on the client side is not counted). */
async function timeRequests(label: string, makeBody: (iteration: number) => string, send: (body: string) => Promise<number>) {
	// Warm-up (first-request costs: JIT, prepared plans, table pages).
	for (let i = 0; i < 3; i++) await send(makeBody(-1 - i))
	const samples: number[] = []
	const cpuSamples: number[] = []
	for (let i = 0; i < ITERATIONS; i++) {
		const body = makeBody(i)
		const started = performance.now()
		const cpuStarted = process.cpuUsage()
		const status = await send(body)
		samples.push(performance.now() - started)
		const cpu = process.cpuUsage(cpuStarted)
		cpuSamples.push((cpu.user + cpu.system) / 1000)
		if (status !== 200) throw new Error(`${label}: status ${status}`)
	}
	samples.sort((a, b) => a - b)
	cpuSamples.sort((a, b) => a - b)
	const p95 = percentile(samples, 95)
	// The CPU time of this process (API and client) depends far less on other load than wall-clock time does.
	console.log(`  ${label}: p50 ${ms(percentile(samples, 50))}, p95 ${ms(p95)} over ${ITERATIONS} requests (goal p95 ≤ 25 ms: ${p95 <= 25 ? 'met' : 'missed'}); CPU of this process p50 ${ms(percentile(cpuSamples, 50))}`)
}

async function latency(handle: DatabaseHandle, baseUrl: string) {
	const user = await createSignedInUser(handle, 0)
	const client = new ApiClient(baseUrl)
	client.cookie = await user.sessionFor()
	const base = Date.now()
	const bookmarks = (body: string) => client.post('/api/sync/bookmarks', body).then((r) => r.status)
	const history = (body: string) => client.post('/api/sync/watch-history', body).then((r) => r.status)
	// Typical: a device sends its whole library of which a few records (1%) changed since the last sync.
	const fewChanged = <T extends { addedAt?: number; updatedAt?: number }>(i: number) => (record: T, index: number) => index % 100 === 0 ? { ...record, ...('addedAt' in record ? { addedAt: base + 1_000_000 + i * 1000 + index } : { updatedAt: base + 1_000_000 + i * 1000 + index }) } : record
	const library = makeBookmarks(BOOKMARKS, base)
	const watched = makeHistory(ITEMS, base)
	await timeRequests(`POST /api/sync/bookmarks, ${BOOKMARKS} bookmarks, 1% changed`, (i) => JSON.stringify({ bookmarks: library.map(fewChanged(i)) }), bookmarks)
	await timeRequests(
		`POST /api/sync/watch-history, ${ITEMS} items, 1% changed`,
		(i) => JSON.stringify({ items: Object.fromEntries(Object.entries(watched).map(([key, item], index) => [key, fewChanged(i)(item, index)])) }),
		history,
	)
	// Worst case: every record newer than the stored copy, so every row is rewritten.
	await timeRequests(`POST /api/sync/bookmarks, ${BOOKMARKS} bookmarks, all changed`, (i) => JSON.stringify({ bookmarks: makeBookmarks(BOOKMARKS, base + (i + 10) * 100_000) }), bookmarks)
	await timeRequests(`POST /api/sync/watch-history, ${ITEMS} items, all changed`, (i) => JSON.stringify({ items: makeHistory(ITEMS, base + (i + 10) * 100_000) }), history)
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
					item.episodes![`s1e${n}`] = { id: n, number: n, title: `E${n}`, seasonId: 1, season: 1, updatedAt: now, progress: { watched: n, duration: 1500 } }
					device.history[key] = item
					const response = await device.client.post<{ items: WatchHistory }>('/api/sync/watch-history', { items: device.history }).catch(() => null)
					requests += 1
					if (response?.status !== 200) {
						errors += 1
						continue
					}
					for (const [episodeKey, episode] of Object.entries(device.history[key]!.episodes!)) ackedProgress[device.userIndex]!.set(`${key}/${episodeKey}`, episode.updatedAt)
				} else {
					if (n % 5 === 0 && device.bookmarks.length > 0) {
						const removed = device.bookmarks.shift()!
						device.tombstones.push({ mediaId: removed.mediaId, category: removed.category, deletedAt: now })
					} else {
						device.bookmarks.push({ mediaId, category: 'watchlist', addedAt: now, title: `Bench ${mediaId}` })
					}
					const response = await device.client
						.post<{ bookmarks: Bookmark[]; tombstones: BookmarkTombstone[] }>('/api/sync/bookmarks', { bookmarks: device.bookmarks, tombstones: device.tombstones })
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
	console.log(`  ${CLIENTS} clients (${userCount} users × 2 devices) for ${elapsed} s: ${(requests / elapsed).toFixed(0)} requests/s, ${requests} requests, ${errors} errors (goal 0)`)
	const checked = ackedBookmarks.reduce((sum, m) => sum + m.size, 0) + ackedRemovals.reduce((sum, m) => sum + m.size, 0) + ackedProgress.reduce((sum, m) => sum + m.size, 0)
	console.log(`  final check of ${checked} acknowledged changes: ${missing} bookmarks missing, ${resurrected} removals undone, ${staleProgress} episodes stale → ${missing + resurrected + staleProgress === 0 ? 'every acknowledged change is present' : 'CHANGES LOST'}`)
	return missing + resurrected + staleProgress + errors
}

let failures = 0
// Latency on a shared machine says little without its load; print it beside the figures.
const machineLoad = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`
for (const dialect of dialects) {
	console.log(`\n${dialect} (${machineLoad()})`)
	const testDb = await createTestDatabase(dialect)
	const api = await startApi(testDb.handle)
	try {
		await latency(testDb.handle, api.baseUrl)
		if (CLIENTS > 0 && SECONDS > 0) failures += await load(testDb.handle, api.baseUrl)
	} finally {
		await api.close()
		await testDb.destroy()
	}
}
process.exitCode = failures > 0 ? 1 : 0
