// npm run verify:scale [-- --seconds=60 --connections=200 --users=50 --long]
//
// Two Willow app servers (the production build, separate processes on their
// own ports) sharing one PostgreSQL database (a throwaway one on
// TEST_PG_ADMIN_URL's server) and one Redis (database 10 of TEST_REDIS_URL,
// flushed first), as a self-hoster behind a load balancer runs them:
//   1. a session made on server 1 works on server 2 (and a logout on 2 ends it on 1);
//   2. login limits hold across both: failures spread over the two servers are
//      counted together;
//   3. device A syncing on server 1 and device B on server 2 converge;
//   4. an autocannon mix (browse pages, search, API, signed-in syncs of --users users, each
//      sync a distinct bookmark) at --connections split across both for --seconds: req/s,
//      p99, errors (goal 0), and the bookmark rows written (goal: one per answered sync);
//   5. with --long, each server's RSS sampled for 10 minutes under load (no leak).
// Needs a build (WILLOW_BUILD_DIR, default build/). Prints figures; exits 1 on a failed check.
import autocannon from 'autocannon'
import { Redis } from 'ioredis'
import { execFileSync } from 'node:child_process'
import pg from 'pg'
import { THROTTLE_RULES } from '#server/auth/throttle.server.ts'
import { ApiClient } from '#tests/support/api-test-client.ts'
import { startServerProcess, type ServerProcess } from '#tests/support/servers.ts'

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string | undefined]))
const SECONDS = Number(args.get('seconds') ?? 60)
const CONNECTIONS = Number(args.get('connections') ?? 200)
const LONG = args.has('long')
const SYNC_USERS = Number(args.get('users') ?? 50)
const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS_URL = `${(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/10`
const DATABASE = `willow_scale_${process.pid}`

let failed = false
function check(name: string, ok: boolean, figure = '') {
	if (!ok) failed = true
	console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${figure ? `: ${figure}` : ''}`)
}

const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
await admin.connect()
await admin.query(`CREATE DATABASE ${DATABASE}`)
const redis = new Redis(REDIS_URL)
await redis.flushdb()
redis.disconnect()

const env = {
	DATABASE_URL: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${DATABASE}`),
	REDIS_URL,
	TRUST_PROXY: '1',
	WEB_CONCURRENCY: '1',
	LOG_LEVEL: 'error',
}
const servers: ServerProcess[] = []
try {
	// The first migrates and loads the demo catalogue; the second starts on the ready database.
	servers.push(await startServerProcess(env, { timeoutMs: 120_000 }))
	servers.push(await startServerProcess(env, { timeoutMs: 120_000 }))
	const [one, two] = servers as [ServerProcess, ServerProcess]
	console.log(`two app servers: ${one.origin} and ${two.origin}, one PostgreSQL database, one Redis\n`)

	// 1. Sessions.
	const account = {
		username: `scale${Date.now().toString(36)}`,
		email: `scale${Date.now().toString(36)}@example.com`,
		password: 'scale test password',
		passwordConfirm: 'scale test password',
	}
	const onOne = new ApiClient(one.origin, { 'x-forwarded-for': '198.18.1.1' })
	check('sign-up on server 1', (await onOne.post('/api/auth/signup', account)).status === 201)
	const onTwo = new ApiClient(two.origin, { 'x-forwarded-for': '198.18.1.1' })
	onTwo.cookie = onOne.cookie
	check('the session made on server 1 works on server 2', (await onTwo.get('/api/users/me')).status === 200)
	await onTwo.post('/api/auth/logout')
	check('a logout on server 2 ends it on server 1', (await onOne.get('/api/users/me')).status === 401)

	// 2. Login limits across both servers (failures alternate between them, from different addresses).
	const statuses: number[] = []
	for (let i = 0; i <= THROTTLE_RULES.account.limit; i++) {
		const server = i % 2 === 0 ? one : two
		statuses.push(
			(
				await new ApiClient(server.origin, { 'x-forwarded-for': `198.18.2.${i + 1}` }).post('/api/auth/login', {
					email: account.email,
					password: 'wrong password',
				})
			).status,
		)
	}
	check(
		'login limit shared by both servers',
		statuses.slice(0, -1).every((status) => status === 401) && statuses.at(-1) === 429,
		`${statuses.filter((s) => s === 401).length} × 401 then ${statuses.at(-1)}`,
	)

	// 3. Two devices, one on each server, converge.
	const second = {
		username: `${account.username}b`,
		email: `b${account.email}`,
		password: account.password,
		passwordConfirm: account.password,
	}
	const deviceA = new ApiClient(one.origin, { 'x-forwarded-for': '198.18.3.1' })
	await deviceA.post('/api/auth/signup', second)
	const deviceB = new ApiClient(two.origin, { 'x-forwarded-for': '198.18.3.2' })
	await deviceB.post('/api/auth/login', { email: second.email, password: second.password })
	const now = Date.now()
	await deviceA.post('/api/sync/bookmarks', {
		bookmarks: [{ mediaId: 550, category: 'watchlist', addedAt: now, mediaType: 'movie' }],
		tombstones: [],
	})
	await deviceB.post('/api/sync/bookmarks', {
		bookmarks: [{ mediaId: 603, category: 'watchlist', addedAt: now + 1, mediaType: 'movie' }],
		tombstones: [],
	})
	const stateA = await deviceA.post<{ bookmarks: Array<{ mediaId: number }> }>('/api/sync/bookmarks', { bookmarks: [], tombstones: [] })
	const stateB = await deviceB.post<{ bookmarks: Array<{ mediaId: number }> }>('/api/sync/bookmarks', { bookmarks: [], tombstones: [] })
	const ids = (state: { bookmarks: Array<{ mediaId: number }> }) =>
		state.bookmarks
			.map((b) => b.mediaId)
			.sort((a, b) => a - b)
			.join(',')
	check(
		'devices syncing on different servers converge',
		ids(stateA.body) === '550,603' && ids(stateB.body) === '550,603',
		`A ${ids(stateA.body)}, B ${ids(stateB.body)}`,
	)

	// 4. The mix under load. Its syncs come from SYNC_USERS signed-in users, each request a distinct
	// bookmark (a new media id), so every sync writes a row: one body repeated under one cookie made
	// every sync after the first a no-op that asked the databases nothing.
	const syncUsers: string[] = []
	for (let i = 0; i < SYNC_USERS; i++) {
		const user = new ApiClient(one.origin, { 'x-forwarded-for': `198.18.${10 + Math.floor(i / 200)}.${(i % 200) + 1}` })
		const name = `${account.username}u${i}`
		const signUp = await user.post('/api/auth/signup', {
			username: name,
			email: `${name}@example.com`,
			password: account.password,
			passwordConfirm: account.password,
		})
		if (signUp.status !== 201) throw new Error(`sign-up of sync user ${i} answered ${signUp.status}`)
		syncUsers.push(user.cookie!)
	}
	let syncsSent = 0
	let syncsAnswered = 0
	const mix = (origin: string): autocannon.Request[] => [
		// First, so that every connection syncs even when a slow machine gets through few requests.
		{
			method: 'POST',
			path: '/api/sync/bookmarks',
			setupRequest: (request) => {
				syncsSent += 1
				const n = syncsSent
				return {
					...request,
					headers: { ...request.headers, cookie: syncUsers[n % SYNC_USERS]!, 'content-type': 'application/json', origin },
					body: JSON.stringify({
						bookmarks: [{ mediaId: 100_000 + n, category: 'favorites', addedAt: Date.now(), mediaType: 'movie' }],
						tombstones: [],
						changesOnly: true,
					}),
				}
			},
			onResponse: (status) => {
				if (status === 200) syncsAnswered += 1
			},
		},
		{ method: 'GET', path: '/' },
		{ method: 'GET', path: '/movies' },
		{ method: 'GET', path: '/series/1399-game-of-thrones' },
		{ method: 'GET', path: '/movies/550-fight-club' },
		{ method: 'GET', path: '/search?query=star' },
		{ method: 'GET', path: '/api/catalog/search/multi?query=night' },
		{ method: 'GET', path: '/api/catalog/movie/popular' },
	]
	const run = (server: ServerProcess, seconds: number) =>
		autocannon({
			url: server.origin,
			connections: Math.max(1, Math.floor(CONNECTIONS / 2)),
			duration: seconds,
			requests: mix(server.origin),
			headers: { 'accept-encoding': 'gzip' },
		})
	const childrenOf = (pid: number | undefined) => {
		try {
			return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)])
				.toString()
				.trim()
				.split(/\s+/)
				.filter(Boolean)
		} catch {
			// ps exits 1 when there are none: one worker runs in the launcher itself.
			return []
		}
	}
	const rssOf = (server: ServerProcess) => {
		// Workers are the launcher's children: sum the launcher's process tree.
		const pids = childrenOf(server.child.pid)
		return [String(server.child.pid), ...pids].reduce(
			(total, pid) => total + Number(execFileSync('ps', ['-o', 'rss=', '-p', pid]).toString().trim() || 0) * 1024,
			0,
		)
	}
	const results = await Promise.all([run(one, SECONDS), run(two, SECONDS)])
	const requests = results.reduce((sum, r) => sum + r.requests.total, 0)
	const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0)
	const p99 = Math.max(...results.map((r) => r.latency.p99))
	console.log(
		`\nmix of pages, search, API and signed-in syncs, ${CONNECTIONS} connections over both servers for ${SECONDS} s (${results.map((r) => `${r.requests.average.toFixed(0)} req/s`).join(' + ')}):`,
	)
	check('errors, timeouts and non-2xx answers', errors === 0, `${errors} of ${requests}`)
	console.log(`     ${(requests / SECONDS).toFixed(0)} req/s in all, p99 ${p99} ms`)
	const database = new pg.Client({ connectionString: env.DATABASE_URL })
	await database.connect()
	const written = Number(
		(await database.query<{ count: string }>("SELECT count(*) FROM user_bookmarks WHERE media_id >= 100000 AND category = 'favorites'"))
			.rows[0]?.count,
	)
	await database.end()
	check(
		`every answered sync wrote its bookmark (${SYNC_USERS} users, a distinct body per request)`,
		// Syncs still in flight when the run stops may be written without their answer being counted.
		syncsAnswered > 0 && written >= syncsAnswered && written <= syncsSent,
		`${syncsAnswered} syncs answered 200 (${syncsSent} sent), ${written} rows written, ${(written / SECONDS).toFixed(0)} rows/s`,
	)

	// 5. Memory over ten minutes under load.
	if (LONG) {
		const samples: number[][] = []
		const sampler = setInterval(() => samples.push(servers.map(rssOf)), 30_000)
		samples.push(servers.map(rssOf))
		await Promise.all([run(one, 600), run(two, 600)])
		clearInterval(sampler)
		samples.push(servers.map(rssOf))
		for (const [index] of servers.entries()) {
			const series = samples.map((sample) => sample[index]!)
			const firstHalf = series.slice(1, Math.ceil(series.length / 2))
			const secondHalf = series.slice(Math.ceil(series.length / 2))
			const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)
			const growth = mean(secondHalf) / mean(firstHalf)
			check(
				`server ${index + 1} RSS over 10 minutes (second half vs first half)`,
				growth < 1.15,
				`${(series[0]! / 1e6).toFixed(0)} MB → ${(series.at(-1)! / 1e6).toFixed(0)} MB, ×${growth.toFixed(2)}`,
			)
		}
	}
} finally {
	for (const server of servers) await server.stop()
	await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch(() => {})
	await admin.end()
}
process.exit(failed ? 1 : 0)
