// npm run verify:fuzz [-- --runs=10000 --seed=<n>]
//
// Property-based fuzzing of every /api endpoint and the image route with
// fast-check: methods, paths, query strings, headers, bodies (JSON of any
// shape, text, huge and hostile strings), anonymous and signed in. The API runs
// in this process on a throwaway SQLite database with the demo catalogue.
// The property: no answer is a 5xx, none carries a stack trace, and every
// error (4xx) is JSON `{ "error": "…" }`. Prints the seed (give --seed to
// replay) and figures per endpoint; exits non-zero on the first failure.
import fc from 'fast-check'
import { seedDemo } from '#server/catalog/demo.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { ApiClient, startApi } from '#tests/support/api-test-client.ts'
import { createTestDatabase } from '#tests/support/db.ts'

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]))
const RUNS = Number(args.get('runs') ?? 10_000)
const SEED = args.has('seed') ? Number(args.get('seed')) : Math.floor(Math.random() * 2 ** 31)

process.env.TRUST_PROXY = 'true'
process.env.LOG_LEVEL = 'silent'
process.env.SOURCE_LOOKUPS_PER_MINUTE = '1000000'
delete process.env.TMDB_API_KEY
delete process.env.TMDB_READ_TOKEN
delete process.env.REDIS_URL
delete process.env.STREMIO_ADDONS
delete process.env.FOURK_SERVICE_URL
resetEnvForTests()
const testDb = await createTestDatabase('sqlite')
await seedDemo(testDb.handle)
const api = await startApi(testDb.handle)
const signedIn = new ApiClient(api.baseUrl)
await signedIn.post('/api/auth/signup', {
	username: 'fuzzer',
	email: 'fuzzer@example.com',
	password: 'fuzzing password',
	passwordConfirm: 'fuzzing password',
})
let sessionCookie = signedIn.cookie ?? ''

/** A fuzzed logout (or password change) ends the session: sign in again so later requests stay signed in. */
async function renewSession() {
	const login = new ApiClient(api.baseUrl, { 'x-forwarded-for': '203.0.113.250' })
	await login.post('/api/auth/login', { username: 'fuzzer', password: 'fuzzing password' })
	if (login.cookie) sessionCookie = login.cookie
}

// Every endpoint, with the path pieces a fuzzer may vary.
const ENDPOINTS: Array<{ name: string; methods: string[]; path: fc.Arbitrary<string> }> = [
	{
		name: 'catalog',
		methods: ['GET'],
		path: fc.constantFrom(
			'/api/catalog/movie/550',
			'/api/catalog/tv/1399',
			'/api/catalog/search/multi',
			'/api/catalog/discover/movie',
			'/api/catalog/discover/tv',
			'/api/catalog/movie/popular',
			'/api/catalog/trending/tv/day',
			'/api/catalog/tv/1399/season/1',
			'/api/catalog/tv/1399/season/1/episode/1',
			'/api/catalog/genre/movie/list',
			'/api/catalog/movie/550/watch/providers',
		),
	},
	{
		name: 'catalog path',
		methods: ['GET'],
		path: fc.string({ maxLength: 40 }).map((tail) => `/api/catalog/${encodeURIComponent(tail).replace(/%2F/g, '/')}`),
	},
	{
		name: 'images',
		methods: ['GET'],
		path: fc.constantFrom(
			'/api/images/art/poster/movie-550.webp',
			'/api/images/art/backdrop/tv-1399.webp',
			'/api/images/proxy',
			'/api/images/art/logo/provider-8.webp',
		),
	},
	{
		name: 'images path',
		methods: ['GET'],
		path: fc
			.tuple(fc.constantFrom('poster', 'still', 'x'), fc.string({ maxLength: 20 }))
			.map(([kind, file]) => `/api/images/art/${kind}/${encodeURIComponent(file)}`),
	},
	{ name: 'auth', methods: ['POST', 'GET'], path: fc.constantFrom('/api/auth/signup', '/api/auth/login', '/api/auth/logout') },
	{
		name: 'users',
		methods: ['GET', 'POST', 'DELETE', 'PATCH'],
		path: fc.constantFrom(
			'/api/users/me',
			'/api/users/me/updateName',
			'/api/users/me/password',
			'/api/users/me/sessions/sign-out-others',
			'/api/users/me/bookmarks',
			'/api/users/me/watch-history',
			'/api/users/me/settings',
			'/api/users/me/sync-state',
			'/api/users/me/export',
		),
	},
	{
		name: 'sync',
		methods: ['POST', 'GET'],
		path: fc.constantFrom('/api/sync/bookmarks', '/api/sync/watch-history', '/api/sync/settings', '/api/sync/4k_token'),
	},
	{ name: 'errors', methods: ['POST'], path: fc.constant('/api/errors/report') },
	{ name: 'sources', methods: ['GET'], path: fc.constantFrom('/api/sources', '/api/sources/lookup') },
	{
		name: 'stream',
		methods: ['GET', 'HEAD'],
		path: fc.string({ maxLength: 40 }).map((tail) => `/api/stream/${encodeURIComponent(tail).replace(/%2F/g, '/')}`),
	},
	{ name: 'fourk', methods: ['POST'], path: fc.constantFrom('/api/fourk/test', '/api/fourk/submit') },
	{ name: 'addons', methods: ['GET', 'POST', 'DELETE', 'PUT'], path: fc.constantFrom('/api/addons', '/api/addons/order', '/api/addons/x') },
	{
		name: 'calendar',
		methods: ['POST', 'GET', 'DELETE'],
		path: fc.constantFrom('/api/calendar', '/api/calendar/feed', '/api/calendar/feed/abc.ics'),
	},
	{ name: 'library-import', methods: ['POST'], path: fc.constant('/api/library-import/preview') },
	{ name: 'partners', methods: ['POST', 'GET'], path: fc.constant('/api/partners/submissions') },
	{
		name: 'unknown',
		methods: ['GET', 'POST', 'OPTIONS'],
		path: fc.string({ maxLength: 30 }).map((tail) => `/api/${encodeURIComponent(tail)}`),
	},
]

const hostile = fc.oneof(
	fc.string({ maxLength: 50 }),
	fc.string({ unit: 'grapheme', maxLength: 20 }),
	fc.constantFrom(
		'\u0000',
		'a\ud800b',
		'\udc00',
		'../../etc/passwd',
		'%00',
		'9999999999',
		'-1',
		'1e309',
		'NaN',
		'true',
		'[]',
		'{}',
		'x'.repeat(5000),
		'<script>alert(1)</script>',
		"' OR 1=1 --",
	),
	fc.integer().map(String),
	fc.double().map(String),
)
const jsonValue = fc.letrec((tie) => ({
	value: fc.oneof(
		{ depthSize: 'small' },
		fc.integer(),
		fc.double(),
		fc.boolean(),
		fc.constant(null),
		hostile,
		fc.array(tie('value'), { maxLength: 5 }),
		fc.dictionary(
			fc.oneof(
				hostile,
				fc.constantFrom(
					'mediaId',
					'category',
					'addedAt',
					'name',
					'password',
					'username',
					'email',
					'series',
					'files',
					'bookmarks',
					'tombstones',
					'items',
					'token',
				),
			),
			tie('value'),
			{ maxKeys: 6 },
		),
	),
})).value
const body = fc.option(
	fc.oneof(
		jsonValue.map((value) => ({ type: 'application/json', text: JSON.stringify(value) ?? 'null' })),
		hostile.map((text) => ({ type: 'application/json', text })),
		hostile.map((text) => ({ type: 'text/plain', text })),
		fc.constant({ type: 'application/json', text: `{"a":"${'x'.repeat(2_000_000)}"}` }),
	),
	{ nil: undefined },
)
const query = fc.dictionary(
	fc.oneof(
		fc.constantFrom(
			'w',
			'h',
			'q',
			'blur',
			'src',
			'query',
			'page',
			'type',
			'tmdbId',
			'season',
			'episode',
			'with_genres',
			'vote_count.gte',
			'append_to_response',
			'sort_by',
			'source',
			'exp',
			'sig',
		),
		hostile,
	),
	hostile,
	{ maxKeys: 4 },
)

const request = fc.record({
	endpoint: fc.nat(ENDPOINTS.length - 1),
	methodIndex: fc.nat(10),
	signed: fc.boolean(),
	body,
	query,
	headerSet: fc.constantFrom('same-origin', 'none', 'cross-site', 'bad-host'),
})

interface Figures {
	requests: number
	statuses: Map<number, number>
}
const figures = new Map<string, Figures>()
let checked = 0
const started = Date.now()

type RequestInput = typeof request extends fc.Arbitrary<infer T> ? T : never

async function send(input: RequestInput, path: string) {
	const endpoint = ENDPOINTS[input.endpoint]!
	const method = endpoint.methods[input.methodIndex % endpoint.methods.length]!
	const url = new URL(`${api.baseUrl}${path}`)
	for (const [key, value] of Object.entries(input.query as Record<string, string>)) url.searchParams.append(key, value)
	const headers: Record<string, string> = { 'x-forwarded-for': `198.51.100.${(checked % 250) + 1}` }
	if (input.headerSet === 'same-origin') headers['sec-fetch-site'] = 'same-origin'
	if (input.headerSet === 'cross-site') headers['sec-fetch-site'] = 'cross-site'
	if (input.headerSet === 'bad-host') headers['x-forwarded-host'] = 'x:abc'
	if (input.signed) headers.cookie = sessionCookie
	const hasBody = input.body !== undefined && method !== 'GET' && method !== 'HEAD'
	if (hasBody) headers['content-type'] = input.body!.type
	const response = await fetch(url, { method, headers, body: hasBody ? input.body!.text : undefined, signal: AbortSignal.timeout(15_000) })
	const text = method === 'HEAD' ? '' : await response.text()
	checked++
	const entry = figures.get(endpoint.name) ?? { requests: 0, statuses: new Map() }
	entry.requests++
	entry.statuses.set(response.status, (entry.statuses.get(response.status) ?? 0) + 1)
	figures.set(endpoint.name, entry)
	const where = `${method} ${url.pathname}${url.search.slice(0, 120)}`
	if (input.signed && response.status === 401) await renewSession()
	if (response.status >= 500) throw new Error(`${response.status} for ${where}: ${text.slice(0, 300)}`)
	if (/\bat [^\n]+\.(ts|js|mjs):\d+:\d+/.test(text) || text.includes('node_modules'))
		throw new Error(`stack trace in the answer to ${where}`)
	const type = response.headers.get('content-type') ?? ''
	if (response.status >= 400 && method !== 'HEAD') {
		if (!type.includes('application/json')) throw new Error(`${response.status} for ${where} is not JSON (${type})`)
		const parsed = JSON.parse(text) as { error?: unknown }
		if (typeof parsed.error !== 'string' || parsed.error === '')
			throw new Error(`${response.status} for ${where} has no { error } text: ${text.slice(0, 200)}`)
	}
}

console.log(`verify:fuzz — ${RUNS} requests, seed ${SEED} (replay: npm run verify:fuzz -- --seed=${SEED} --runs=${RUNS})`)
let failure: unknown
try {
	await fc.assert(
		fc.asyncProperty(
			request.chain((input) => ENDPOINTS[input.endpoint]!.path.map((path) => ({ input, path }))),
			async ({ input, path }) => {
				await send(input, path)
			},
		),
		{ numRuns: RUNS, seed: SEED, endOnFailure: true },
	)
} catch (error) {
	failure = error
}
const seconds = (Date.now() - started) / 1000
console.log(`\n${checked} requests in ${seconds.toFixed(1)} s`)
console.log('endpoint          requests  statuses')
for (const [name, entry] of [...figures.entries()].sort()) {
	const statuses = [...entry.statuses.entries()]
		.sort(([a], [b]) => a - b)
		.map(([status, count]) => `${status}×${count}`)
		.join(' ')
	console.log(`${name.padEnd(17)} ${String(entry.requests).padStart(8)}  ${statuses}`)
}
await api.close()
await testDb.destroy()
if (failure) {
	console.error(`\nFAIL (seed ${SEED}):\n${failure instanceof Error ? failure.message : String(failure)}`)
	process.exit(1)
}
console.log(`\nok: 0 5xx, 0 stack traces, every error { "error": "…" } (seed ${SEED})`)
process.exit(0)
