// bench:pages --pg-redis (run by bench/pages.ts): Willow on PostgreSQL + Redis
// against Willow on SQLite, one worker each, every page loaded on both in
// rounds of alternating order. Three kinds of page, because cached anonymous
// pages alone never ask the databases anything:
//   anonymous pages (the rendered-HTML and page-data caches warm);
//   signed-in pages, as a user signed up through the API (with the headers a
//     browser sends, which the API's same-origin rule checks) and with
//     bookmarks: home, bookmarks, account, a movie;
//   cache misses: a movie or series page whose id no request asked before
//     (the demo catalogue's titles, the same ones on both servers), so a run
//     lasts until its share of ids is used up and says how many it made.
// Then, for each page on PostgreSQL + Redis, COUNTED requests one at a time,
// counted from outside the server: PostgreSQL transactions and rows written
// (pg_stat_database of the bench's database: pg_stat_statements is not loaded
// on these servers, and a statement outside a transaction is a transaction of
// its own) and Redis commands (MONITOR, only the bench's database 9), per
// request. Backends report their counters to pg_stat_database when idle, up to
// ten seconds late, so each count waits that long first.
import { Redis } from 'ioredis'
import pg from 'pg'
import { movieHref, seriesHref } from '#app/lib/catalog/slug.ts'
import { loadAverage } from './stamp.ts'
import { combined, distinctPaths, fixedPath, ms, printTable, type LoadTarget, type Result, type createLoader } from './pages-load.ts'

/** Requests counted per page. */
const COUNTED = 20
/** How long a PostgreSQL backend may keep its counters before reporting them (PGSTAT_IDLE_INTERVAL, 10 s, and a margin). */
const STATS_SETTLE_MS = 11_000

export interface PgRedisOptions {
	loader: ReturnType<typeof createLoader>
	sqlitePort: number
	pgRedisPort: number
	rounds: number
	anonymousPages: ReadonlyArray<readonly [label: string, urlPath: string]>
	/** The movie the anonymous pages show: its page is loaded signed in too, and it is no cache miss. */
	movie: { id: number; title: string }
	/** The series the anonymous pages show: no cache miss either. */
	show: { id: number }
	pgAdminUrl: string
	pgDatabase: string
	redisUrl: string
}

type Side = 'sqlite' | 'pg'

interface Page {
	label: string
	/** A target per server (each has its own session cookie and its own caches). */
	target: (side: Side, round: number | 'counted') => LoadTarget
	/** Distinct paths per run, when the page is a cache miss. */
	distinct?: number
}

/** Signs a new user up through the API the way the browser does, with bookmarks; returns the session cookie. */
async function signedInUser(port: number, bookmarks: Array<{ id: number; title: string }>): Promise<string> {
	const origin = `http://127.0.0.1:${port}`
	// The API's same-origin rule (server/http/middleware.server.ts) wants what a browser sends with a same-site POST.
	const browserHeaders = { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin' }
	const name = `bench${process.pid}x${port}`
	const signup = await fetch(`${origin}/api/auth/signup`, {
		method: 'POST',
		headers: browserHeaders,
		body: JSON.stringify({
			username: name,
			email: `${name}@example.com`,
			password: 'correct horse battery',
			passwordConfirm: 'correct horse battery',
		}),
	})
	if (signup.status !== 201) throw new Error(`sign-up on ${port} answered ${signup.status}: ${await signup.text()}`)
	const cookie = signup.headers.getSetCookie()[0]?.split(';')[0]
	if (!cookie) throw new Error('sign-up set no session cookie')
	const now = Date.now()
	const sync = await fetch(`${origin}/api/sync/bookmarks`, {
		method: 'POST',
		headers: { ...browserHeaders, cookie },
		body: JSON.stringify({
			bookmarks: bookmarks.map((b, i) => ({
				mediaId: b.id,
				category: 'watchlist',
				addedAt: now - i * 1000,
				mediaType: 'movie',
				title: b.title,
			})),
		}),
	})
	if (sync.status !== 200) throw new Error(`bookmark sync on ${port} answered ${sync.status}: ${await sync.text()}`)
	return cookie
}

/** Counts what one server asks of PostgreSQL and Redis while `run` runs. */
function createCounters(options: PgRedisOptions) {
	async function pgTotals() {
		const admin = new pg.Client({ connectionString: options.pgAdminUrl })
		await admin.connect()
		try {
			const { rows } = await admin.query<{ xacts: string; written: string }>(
				`SELECT xact_commit + xact_rollback AS xacts, tup_inserted + tup_updated + tup_deleted AS written
				 FROM pg_stat_database WHERE datname = $1`,
				[options.pgDatabase],
			)
			return { xacts: Number(rows[0]?.xacts ?? 0), written: Number(rows[0]?.written ?? 0) }
		} finally {
			await admin.end()
		}
	}
	const database = new URL(options.redisUrl).pathname.slice(1) || '0'

	return async function counted(run: () => Promise<number>) {
		await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS))
		const before = await pgTotals()
		const commands = new Map<string, number>()
		// monitor() opens a connection of its own; the client it is called on never connects.
		const client = new Redis(options.redisUrl, { lazyConnect: true })
		const monitor = await client.monitor()
		monitor.on('monitor', (_time: string, args: string[], _source: string, db: string) => {
			if (db !== database) return
			const name = String(args[0]).toLowerCase()
			commands.set(name, (commands.get(name) ?? 0) + 1)
		})
		const requests = await run()
		await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS))
		monitor.disconnect()
		client.disconnect()
		const after = await pgTotals()
		const per = (n: number) => n / Math.max(1, requests)
		const redisTotal = [...commands.values()].reduce((sum, n) => sum + n, 0)
		const top = [...commands]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 3)
			.map(([name, n]) => `${name} ${per(n).toFixed(1)}`)
			.join(', ')
		return {
			requests,
			pgTransactions: per(after.xacts - before.xacts),
			pgRowsWritten: per(after.written - before.written),
			redisCommands: per(redisTotal),
			redisTop: top,
		}
	}
}

export async function comparePgRedis(options: PgRedisOptions) {
	const { loader, rounds } = options
	const ports: Record<Side, number> = { sqlite: options.sqlitePort, pg: options.pgRedisPort }

	// The catalogue's titles, read from the bench's own PostgreSQL database (both servers load the same demo catalogue).
	const catalogue = new pg.Client({ connectionString: options.pgAdminUrl.replace(/\/[^/]*$/, `/${options.pgDatabase}`) })
	await catalogue.connect()
	const titles = await catalogue.query<{ id: number; title: string; media_type: string }>(
		`SELECT id, title, media_type FROM catalog_titles ORDER BY popularity DESC, id`,
	)
	await catalogue.end()
	const movies = titles.rows.filter((t) => t.media_type === 'movie' && t.id !== options.movie.id)
	const shows = titles.rows.filter((t) => t.media_type === 'tv' && t.id !== options.show.id)

	const cookies: Record<Side, string> = {
		sqlite: await signedInUser(ports.sqlite, movies.slice(0, 20)),
		pg: await signedInUser(ports.pg, movies.slice(0, 20)),
	}
	const signedIn = (label: string, urlPath: string): Page => ({
		label: `${label}, signed in`,
		target: (side) => fixedPath(urlPath, { cookie: cookies[side] }),
	})
	// Each round gets its own ids, the same on both servers; the counted requests get theirs.
	const misses = (label: string, paths: string[]): Page => {
		const perRound = Math.floor((paths.length - COUNTED) / rounds)
		return {
			label: `${label} (${perRound} a run)`,
			distinct: perRound,
			target: (_side, round) =>
				round === 'counted'
					? distinctPaths(paths.slice(0, COUNTED))
					: distinctPaths(paths.slice(COUNTED + round * perRound, COUNTED + (round + 1) * perRound)),
		}
	}
	const moviePath = movieHref(options.movie.id, options.movie.title)
	const pages: Page[] = [
		...[...options.anonymousPages, ['API: popular movies', '/api/catalog/movie/popular'] as const].map(([label, urlPath]): Page => ({
			label,
			target: () => fixedPath(urlPath),
		})),
		signedIn('home', '/'),
		signedIn('bookmarks', '/bookmarks'),
		signedIn('account', '/account'),
		signedIn('movie detail', moviePath),
		misses(
			'movie detail, a title not asked before',
			movies.map((m) => movieHref(m.id, m.title)),
		),
		misses(
			'series detail, a title not asked before',
			shows.map((s) => seriesHref(s.id, s.title)),
		),
	]

	console.log(
		`\nPostgreSQL + Redis against SQLite, each page back to back in ${rounds} rounds of alternating order (goal: ≥ 0.9× SQLite's req/s; load ${loadAverage()}); ` +
			`then ${COUNTED} requests of each page one at a time on PostgreSQL + Redis, counted from outside: PostgreSQL transactions and rows written (pg_stat_database), Redis commands (MONITOR on database 9)\n`,
	)
	const count = createCounters(options)
	const idle = await count(async () => 0)
	console.log(
		`idle server over ${(STATS_SETTLE_MS / 1000).toFixed(0)} s, no requests: ${idle.pgTransactions} PostgreSQL transactions, ${idle.redisCommands} Redis commands (the counts below include whatever it does unasked)\n`,
	)
	const table: string[][] = [
		[
			'page',
			'SQLite req/s',
			'SQLite p99',
			'PG+Redis req/s',
			'PG+Redis p99',
			'ratio',
			'requests',
			'errors',
			'goal',
			'PG xacts/req',
			'PG rows written/req',
			'Redis cmds/req',
			'most Redis',
			'load',
		],
	]
	for (const page of pages) {
		// Rounds in A-B, B-A order, so neither back end always runs second (on a shared
		// 2-CPU machine whatever runs later meets a different load); the totals are compared.
		const runs: Record<Side, Result[]> = { sqlite: [], pg: [] }
		for (let round = 0; round < rounds; round++) {
			const order: Side[] = round % 2 === 0 ? ['sqlite', 'pg'] : ['pg', 'sqlite']
			for (const side of order) runs[side].push(await loader.load(ports[side], page.target(side, round)))
		}
		const sqlite = combined(runs.sqlite)
		const shared = combined(runs.pg)
		const ratio = shared.rps / sqlite.rps
		const target = page.target('pg', 'counted')
		const counts = await count(async () => {
			let requests = 0
			for (let urlPath = target.next(); urlPath && requests < COUNTED; urlPath = target.next()) {
				const { status } = await loader.get(ports.pg, urlPath, { 'accept-encoding': 'gzip', ...target.headers })
				if (status >= 400) throw new Error(`${page.label}: ${urlPath} answered ${status}`)
				requests++
			}
			return requests
		})
		table.push([
			page.label,
			sqlite.rps.toFixed(0),
			ms(sqlite.p99),
			shared.rps.toFixed(0),
			ms(shared.p99),
			ratio.toFixed(2),
			page.distinct ? `${sqlite.requests}/${shared.requests}` : '',
			String(sqlite.errors + shared.errors),
			ratio >= 0.9 && shared.errors === 0 ? 'met' : 'missed',
			counts.pgTransactions.toFixed(1),
			counts.pgRowsWritten.toFixed(1),
			counts.redisCommands.toFixed(1),
			counts.redisTop,
			loadAverage(),
		])
		console.log(`  ${page.label}: done (load ${loadAverage()})`)
	}
	console.log('')
	printTable(table)
	console.log(
		`\n"requests" (cache misses): the measured requests on SQLite / on PostgreSQL + Redis over ${rounds} rounds; a run ends when its titles are used up or its time is.`,
	)
}
