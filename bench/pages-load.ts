// The load generator of bench/pages.ts and bench/pages-pg-redis.ts: closed-loop
// HTTP load on one server, a path or a stream of distinct paths (cache misses),
// optionally signed in; and the table printer both use.
import http from 'node:http'

export interface Result {
	requests: number
	errors: number
	rps: number
	p50: number
	p99: number
}

/** What one load run asks for. */
export interface LoadTarget {
	/** The next request's path; undefined when the target has none left (its distinct ids are used up). */
	next: () => string | undefined
	/** Sent with every request (a session cookie). */
	headers?: Record<string, string>
	/** Requests one by one, then seconds at full load, before the measured run (default 20 and 1). */
	warmup?: { requests: number; seconds: number }
}

/** The same path every time. */
export const fixedPath = (urlPath: string, headers?: Record<string, string>): LoadTarget => ({ next: () => urlPath, headers })

/** Each path once, in order: a run ends when they are used up. */
export function distinctPaths(paths: readonly string[], headers?: Record<string, string>): LoadTarget {
	let at = 0
	return { next: () => paths[at++], headers, warmup: { requests: 5, seconds: 0 } }
}

export function createLoader({ connections, durationS }: { connections: number; durationS: number }) {
	const agent = new http.Agent({ keepAlive: true, maxSockets: connections * 2 })

	function get(
		port: number,
		urlPath: string,
		headers: Record<string, string> = {},
	): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
		return new Promise((resolve, reject) => {
			const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent, headers }, (res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }))
				res.on('error', reject)
			})
			req.on('error', reject)
		})
	}

	/** Closed-loop load: `connections` workers each issue requests back to back for `durationS`, or until the target has no more paths. */
	async function load(port: number, target: LoadTarget): Promise<Result> {
		const headers = { 'accept-encoding': 'gzip', ...target.headers }
		// Steady state is the figure: warm caches and the JIT first, with the same
		// load for a second (pages with random parts, like home's starting network,
		// have several variants, each rendered once before it is cached).
		const warmup = target.warmup ?? { requests: 20, seconds: 1 }
		for (let i = 0; i < warmup.requests; i++) {
			const urlPath = target.next()
			if (urlPath) await get(port, urlPath, headers)
		}
		const warmUntil = performance.now() + warmup.seconds * 1000
		await Promise.all(
			Array.from({ length: connections }, async () => {
				while (performance.now() < warmUntil) {
					const urlPath = target.next()
					if (!urlPath) return
					await get(port, urlPath, headers)
				}
			}),
		)
		const latencies: number[] = []
		let errors = 0
		const end = performance.now() + durationS * 1000
		const started = performance.now()
		await Promise.all(
			Array.from({ length: connections }, async () => {
				while (performance.now() < end) {
					const urlPath = target.next()
					if (!urlPath) return
					const t0 = performance.now()
					try {
						const { status } = await get(port, urlPath, headers)
						if (status >= 400) errors++
					} catch {
						errors++
					}
					latencies.push(performance.now() - t0)
				}
			}),
		)
		const elapsed = (performance.now() - started) / 1000
		latencies.sort((a, b) => a - b)
		const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
		return { requests: latencies.length, errors, rps: latencies.length / elapsed, p50: pick(0.5), p99: pick(0.99) }
	}

	return { get, load }
}

/** Several runs of one page as one: the mean of their requests/s; the worst p50 and p99 of the runs. */
export function combined(runs: Result[]): Result {
	return {
		requests: runs.reduce((sum, run) => sum + run.requests, 0),
		errors: runs.reduce((sum, run) => sum + run.errors, 0),
		rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length,
		p50: Math.max(...runs.map((run) => run.p50)),
		p99: Math.max(...runs.map((run) => run.p99)),
	}
}

/** Rows as aligned columns: the first left-aligned, the rest right-aligned. */
export function printTable(rows: string[][]) {
	const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)))
	for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
}

export const ms = (value: number) => `${value.toFixed(1)} ms`
