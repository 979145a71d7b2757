// npm run bench:pages [-- --duration=5 --connections=10 --no-build --build-dir=DIR --no-load --pg-redis --pg-redis-rounds=2]
//
// Serves the production build and a minimal server-rendered React Router page
// side by side, then prints requests/s and p50/p99 latency for each browse page
// against the minimal page, each page and the minimal page loaded in --rounds
// rounds of alternating order (A-B, B-A…; default 2), so neither always meets
// the machine after the other (goal, issue 27: ≥ 1.0× its throughput, p99 ≤
// 1.5× its p99), plus the first-load JavaScript of / and a movie detail in gzip
// bytes (goal ≤ 125 KB). Every table carries the commit and the machine's load
// average. Not a timed test: it prints figures.
//
// Lighthouse: --lighthouse (or npm run bench:lighthouse) runs the pinned
// lighthouse 12.2.3 (a dev dependency; --lighthouse=PATH for another binary) on
// the browse pages and the minimal page, offline against Debian's Chromium,
// mobile preset, --lighthouse-runs times each (default 3), and prints the
// medians of performance, TBT, LCP and CLS; --lighthouse-json=DIR keeps the
// median-performance report of each page (for the audits: bootup-time,
// long-tasks, mainthread-work-breakdown…). Each run is made two ways, alternating:
// as Lighthouse's CLI runs, and with Lighthouse's own process at nice 15 beside a
// Chromium at normal priority (--lighthouse-way=cli or niced for one). --no-load
// skips the load test.
// --pages=movies,bookmarks measures only the pages whose labels start so.
//
// --pg-redis also starts Willow on PostgreSQL + Redis (a throwaway database on
// TEST_PG_ADMIN_URL's server, Redis database 9 of TEST_REDIS_URL, flushed
// first) and loads each page there and on SQLite in alternating rounds:
// anonymous pages, signed-in pages and cache misses, with the ratio of the two
// throughputs (goal ≥ 0.9), both p99s, and the PostgreSQL transactions and
// Redis commands each request costs (bench/pages-pg-redis.ts).
import { spawn, spawnSync, type ChildProcess, type SpawnSyncOptions } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { launch as launchChrome } from 'chrome-launcher'
import { Redis } from 'ioredis'
import pg from 'pg'
import { browsePages } from './browse-pages.ts'
import { willowServerEnv } from './willow-server.ts'
import { combined, createLoader, fixedPath, ms, printTable, type Result } from './pages-load.ts'
import { comparePgRedis } from './pages-pg-redis.ts'
import { benchStamp as stamp, loadAverage } from './stamp.ts'
import { firstLoadScripts } from '../tests/support/first-load-scripts.ts'

const args = new Map(
	process.argv.slice(2).map((arg) => {
		const [key, value] = arg.replace(/^--/, '').split('=')
		return [key!, value ?? 'true'] as const
	}),
)
const DURATION_S = Number(args.get('duration') ?? 5)
const CONNECTIONS = Number(args.get('connections') ?? 10)
const BUILD = args.get('no-build') !== 'true'
const LOAD = args.get('no-load') !== 'true'
const LIGHTHOUSE_ARG = args.get('lighthouse') ?? process.env.LIGHTHOUSE_BIN
const LIGHTHOUSE = LIGHTHOUSE_ARG === 'true' ? path.resolve('node_modules/.bin/lighthouse') : LIGHTHOUSE_ARG
const LIGHTHOUSE_RUNS = Math.max(1, Number(args.get('lighthouse-runs') ?? 3))
/** Load rounds per page against the minimal page (A-B, then B-A…). */
const ROUNDS = Math.max(1, Number(args.get('rounds') ?? 2))
const LIGHTHOUSE_JSON = args.get('lighthouse-json')
const ONLY = args.get('pages')?.split(',')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const WILLOW_PORT = Number(args.get('port') ?? 3701)
const MINIMAL_PORT = WILLOW_PORT + 1
const PG_REDIS = args.get('pg-redis') === 'true'
/** Load rounds per page and back end in the PostgreSQL + Redis comparison (A-B, then B-A…). */
const PG_REDIS_ROUNDS = Math.max(1, Number(args.get('pg-redis-rounds') ?? 2))
const PG_REDIS_PORT = WILLOW_PORT + 2
const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const BENCH_REDIS_URL = `${(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/9`
const PG_DATABASE = `willow_bench_pages_${process.pid}`
// Own build directories by default, so a benchmark never replaces the build tests run against.
const WILLOW_BUILD = path.resolve(args.get('build-dir') ?? path.join(os.tmpdir(), 'willow-bench-pages-build'))
const MINIMAL_BUILD = path.resolve(args.get('minimal-build-dir') ?? path.join(os.tmpdir(), 'willow-bench-minimal'))
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-bench-pages-data-'))

const children: ChildProcess[] = []
function cleanup() {
	for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
	fs.rmSync(DATA_DIR, { recursive: true, force: true })
	fs.rmSync(`${DATA_DIR}-pg`, { recursive: true, force: true })
}

async function dropBenchDatabase() {
	const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
	await admin.connect()
	await admin.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`)
	await admin.end()
}
process.on('exit', cleanup)
process.on('SIGINT', () => process.exit(130))

function build(label: string, cmd: string[], env: Record<string, string>) {
	console.log(`building ${label}…`)
	const result = spawnSync('npx', cmd, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } })
	if (result.status !== 0) throw new Error(`${label} build failed`)
}

function start(label: string, command: string, cmdArgs: string[], env: Record<string, string>) {
	const child = spawn(command, cmdArgs, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } })
	children.push(child)
	child.on('exit', (code) => {
		if (code && code !== 0 && code !== 143) console.error(`${label} exited with ${code}`)
	})
}

const { get, load } = createLoader({ connections: CONNECTIONS, durationS: DURATION_S })

async function waitFor(port: number, urlPath: string) {
	const deadline = Date.now() + 180_000
	while (Date.now() < deadline) {
		try {
			if ((await get(port, urlPath)).status < 500) return
		} catch {
			// not up yet
		}
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
	throw new Error(`server on ${port} did not start`)
}

/** JavaScript a first visit downloads (the document's first-load scripts), gzip-compressed. */
async function firstLoadJs(port: number, urlPath: string) {
	const html = (await get(port, urlPath)).body.toString('utf8')
	const urls = firstLoadScripts(html)
	let raw = 0
	let gzip = 0
	for (const url of urls) {
		const { body } = await get(port, url)
		raw += body.length
		gzip += zlib.gzipSync(body, { level: 9 }).length
	}
	return { files: urls.size, raw, gzip }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

async function main() {
	if (BUILD) {
		build('Willow', ['react-router', 'build'], { WILLOW_BUILD_DIR: WILLOW_BUILD })
		build('minimal page', ['react-router', 'build', 'bench/pages-minimal'], { MINIMAL_BUILD_DIR: MINIMAL_BUILD })
	}
	start('Willow', 'node', ['server.js'], willowServerEnv({ buildDir: WILLOW_BUILD, port: WILLOW_PORT, dataDir: DATA_DIR }))
	start('minimal', 'node', ['bench/pages-minimal/server.mjs'], {
		NODE_ENV: 'production',
		MINIMAL_BUILD_DIR: MINIMAL_BUILD,
		PORT: String(MINIMAL_PORT),
	})
	if (PG_REDIS) {
		const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
		await admin.connect()
		await admin.query(`CREATE DATABASE ${PG_DATABASE}`)
		await admin.end()
		const redis = new Redis(BENCH_REDIS_URL)
		await redis.flushdb()
		redis.disconnect()
		fs.mkdirSync(`${DATA_DIR}-pg`, { recursive: true })
		start(
			'Willow on PostgreSQL + Redis',
			'node',
			['server.js'],
			willowServerEnv({
				buildDir: WILLOW_BUILD,
				port: PG_REDIS_PORT,
				dataDir: `${DATA_DIR}-pg`,
				databaseUrl: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${PG_DATABASE}`),
				redisUrl: BENCH_REDIS_URL,
			}),
		)
	}
	await Promise.all([waitFor(WILLOW_PORT, '/readyz'), waitFor(MINIMAL_PORT, '/'), ...(PG_REDIS ? [waitFor(PG_REDIS_PORT, '/readyz')] : [])])

	const found = await browsePages(async (urlPath) => JSON.parse((await get(WILLOW_PORT, urlPath)).body.toString('utf8')) as unknown)
	const { movie, show } = found
	const pages = ONLY ? found.pages.filter(([label]) => ONLY.some((prefix) => label.startsWith(prefix))) : found.pages

	if (LOAD) {
		console.log(
			`\nload: ${CONNECTIONS} connections × ${DURATION_S} s per run, ${ROUNDS} rounds per page alternating with the minimal page (node ${process.version}, ${os.cpus().length} CPUs; ${stamp()})\n`,
		)
		const rows: string[][] = [
			['page', 'req/s', 'p50', 'p99', 'minimal req/s', 'minimal p99', 'req/s ratio', 'p99 ratio', 'errors', 'goal', 'load'],
		]
		for (const [label, urlPath] of pages) {
			// Rounds in A-B, B-A order: on a shared machine whatever runs later meets a different load.
			const willowRuns: Result[] = []
			const minimalRuns: Result[] = []
			for (let round = 0; round < ROUNDS; round++) {
				if (round % 2 === 0) {
					minimalRuns.push(await load(MINIMAL_PORT, fixedPath('/')))
					willowRuns.push(await load(WILLOW_PORT, fixedPath(urlPath)))
				} else {
					willowRuns.push(await load(WILLOW_PORT, fixedPath(urlPath)))
					minimalRuns.push(await load(MINIMAL_PORT, fixedPath('/')))
				}
			}
			const result = combined(willowRuns)
			const baseline = combined(minimalRuns)
			const rpsRatio = result.rps / baseline.rps
			const p99Ratio = result.p99 / baseline.p99
			const ok = rpsRatio >= 1 && p99Ratio <= 1.5 && result.errors === 0
			rows.push([
				`${label} ${urlPath}`,
				result.rps.toFixed(0),
				ms(result.p50),
				ms(result.p99),
				baseline.rps.toFixed(0),
				ms(baseline.p99),
				rpsRatio.toFixed(2),
				p99Ratio.toFixed(2),
				String(result.errors + baseline.errors),
				ok ? 'met' : 'missed',
				loadAverage(),
			])
		}
		printTable(rows)

		if (PG_REDIS)
			await comparePgRedis({
				loader: { get, load },
				sqlitePort: WILLOW_PORT,
				pgRedisPort: PG_REDIS_PORT,
				rounds: PG_REDIS_ROUNDS,
				anonymousPages: pages,
				movie,
				show,
				pgAdminUrl: PG_ADMIN_URL,
				pgDatabase: PG_DATABASE,
				redisUrl: BENCH_REDIS_URL,
			})
	}

	console.log(`\nfirst-load JavaScript (gzip, level 9; goal ≤ 125 KB; ${stamp()})`)
	for (const [label, urlPath] of found.pages.slice(0, 2)) {
		const js = await firstLoadJs(WILLOW_PORT, urlPath)
		console.log(
			`  ${label.padEnd(13)} ${kb(js.gzip).padStart(9)} gzip  (${kb(js.raw)} raw, ${js.files} files)  ${js.gzip <= 125 * 1024 ? 'met' : 'missed'}`,
		)
	}
	const minimalJs = await firstLoadJs(MINIMAL_PORT, '/')
	console.log(`  ${'minimal page'.padEnd(13)} ${kb(minimalJs.gzip).padStart(9)} gzip  (React and React Router alone)`)

	if (LIGHTHOUSE) {
		if (LIGHTHOUSE_JSON) fs.mkdirSync(LIGHTHOUSE_JSON, { recursive: true })
		const targets: Array<readonly [string, number, string]> = [
			['minimal React Router page', MINIMAL_PORT, '/'],
			...pages.map(([label, urlPath]) => [label, WILLOW_PORT, urlPath] as const),
		]
		// Each page's runs alternate the two ways (A-B, B-A…), so both meet the machine alike.
		const reports = new Map<string, Record<LighthouseWay, LighthouseReport[]>>()
		for (const [label, port, urlPath] of targets) {
			const byWay: Record<LighthouseWay, LighthouseReport[]> = { cli: [], niced: [] }
			for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
				const ways = LIGHTHOUSE_WAYS.length === 2 && run % 2 === 1 ? [...LIGHTHOUSE_WAYS].reverse() : LIGHTHOUSE_WAYS
				for (const way of ways) {
					const report = await lighthouse(LIGHTHOUSE, `http://127.0.0.1:${port}${urlPath}`, way)
					if (report) byWay[way].push(report)
				}
			}
			reports.set(label, byWay)
		}
		for (const way of LIGHTHOUSE_WAYS) {
			console.log(
				`\nLighthouse ${lighthouseVersion(LIGHTHOUSE)}, ${LIGHTHOUSE_WAY_TEXT[way]} (mobile preset, simulated throttling, median of ${LIGHTHOUSE_RUNS} runs; goal: performance ≥ 95, TBT ≤ 150 ms, LCP ≤ 2.0 s, CLS 0; ${stamp()})\n`,
			)
			const table: string[][] = [['page', 'perf', 'TBT', 'LCP', 'CLS', 'perf runs', 'TBT runs', 'failed runs', 'goal']]
			for (const [label, port] of targets) {
				const runs = reports.get(label)![way]
				if (runs.length === 0) {
					table.push([label, 'failed', '', '', '', '', '', String(LIGHTHOUSE_RUNS), ''])
					continue
				}
				const performance = (report: LighthouseReport) => Math.round((report.categories.performance?.score ?? 0) * 100)
				const values = (id: string) => runs.map((report) => report.audits[id]?.numericValue ?? Number.NaN)
				const perf = median(runs.map(performance))
				const tbt = median(values('total-blocking-time'))
				const lcp = median(values('largest-contentful-paint'))
				const cls = median(values('cumulative-layout-shift'))
				if (LIGHTHOUSE_JSON) {
					const sorted = [...runs].sort((a, b) => performance(a) - performance(b))
					const middle = sorted[Math.floor((sorted.length - 1) / 2)]!
					fs.writeFileSync(path.join(LIGHTHOUSE_JSON, `${label.replace(/\W+/g, '-')}-${way}.json`), JSON.stringify(middle))
				}
				const ok = perf >= 95 && tbt <= 150 && lcp <= 2000 && cls === 0
				table.push([
					label,
					String(perf),
					`${tbt.toFixed(0)} ms`,
					`${(lcp / 1000).toFixed(2)} s`,
					cls.toFixed(3),
					runs.map(performance).join(', '),
					values('total-blocking-time')
						.map((value) => value.toFixed(0))
						.join(', '),
					String(LIGHTHOUSE_RUNS - runs.length),
					port === MINIMAL_PORT ? '' : ok ? 'met' : 'missed',
				])
			}
			printTable(table)
		}
		console.log(`\nload after the Lighthouse runs: ${loadAverage()}`)
	}
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function lighthouseVersion(bin: string): string {
	return spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim() || '(version unknown)'
}

interface LighthouseReport {
	runtimeError?: { code: string }
	categories: Record<string, { score: number | null }>
	audits: Record<string, { displayValue?: string; numericValue?: number }>
}

/** Lighthouse's settings, the same both ways. */
const LIGHTHOUSE_ARGS = ['--quiet', '--output=json', '--only-categories=performance', '--form-factor=mobile']
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu']

/**
 * Two ways to run it (decision 0070). `cli`: Lighthouse's CLI launches Chromium itself, as its
 * documentation shows; its own process (which receives and processes the trace while the page
 * loads: 60–100 % of a core on a 2-core machine) competes with the page for the cores, and the
 * waiting counts as blocking time. `niced`: Chromium is launched with the same flags by
 * chrome-launcher (what the CLI uses) at normal priority, and Lighthouse attaches with `--port`
 * at `nice 15`, so the page's processes come first.
 */
type LighthouseWay = 'cli' | 'niced'
const LIGHTHOUSE_WAY_TEXT: Record<LighthouseWay, string> = {
	cli: 'as its CLI runs (Chromium launched by Lighthouse, both at normal priority)',
	niced: "Chromium at normal priority, Lighthouse's own process at nice 15",
}
const LIGHTHOUSE_WAYS: LighthouseWay[] = (() => {
	const way = args.get('lighthouse-way') ?? 'both'
	if (way === 'both') return ['cli', 'niced']
	if (way === 'cli' || way === 'niced') return [way]
	throw new Error(`--lighthouse-way must be cli, niced or both, not ${way}`)
})()

async function lighthouse(bin: string, url: string, way: LighthouseWay): Promise<LighthouseReport | undefined> {
	const output = path.join(DATA_DIR, 'lighthouse.json')
	fs.rmSync(output, { force: true })
	const options: SpawnSyncOptions = { stdio: 'ignore', timeout: 180_000 }
	if (way === 'cli') {
		spawnSync(bin, [url, ...LIGHTHOUSE_ARGS, `--output-path=${output}`, `--chrome-flags=${CHROME_FLAGS.join(' ')}`], {
			...options,
			env: { ...process.env, CHROME_PATH: CHROMIUM },
		})
	} else {
		const chrome = await launchChrome({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
		try {
			spawnSync('nice', ['-n', '15', bin, url, ...LIGHTHOUSE_ARGS, `--output-path=${output}`, `--port=${chrome.port}`], options)
		} finally {
			chrome.kill()
		}
	}
	if (!fs.existsSync(output)) {
		console.log(`  a run of ${url} (${way}) failed: Lighthouse wrote no report`)
		return undefined
	}
	const report = JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseReport
	// A run Lighthouse could not measure (NO_NAVSTART, a trace error) has no score: it counts as failed, not as 0.
	if (report.runtimeError || typeof report.categories.performance?.score !== 'number') {
		console.log(`  a run of ${url} (${way}) failed: ${report.runtimeError?.code ?? 'no performance score'}`)
		return undefined
	}
	return report
}

main()
	.then(() => 0)
	.catch((error: unknown) => {
		console.error(error)
		return 1
	})
	.then(async (code) => {
		if (PG_REDIS) {
			for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
			await new Promise((resolve) => setTimeout(resolve, 500))
			await dropBenchDatabase().catch((error: unknown) => console.error('could not drop the bench database', error))
		}
		process.exit(code)
	})
