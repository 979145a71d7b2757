// npm run bench:sources  (or: npx tsx bench/sources/lookup.ts [--runs=30 --timeout=2000 --delay=20])
//
// GET /api/sources/lookup with three add-on-like sources, each a small HTTP
// server on 127.0.0.1 speaking the Stremio stream route: one answers after
// --delay ms, one after 5× that, one never answers. Prints, over --runs
// lookups, the time to the first `found` line (goal ≤ 300 ms on loopback)
// and to `done` (the hung source ends at its timeout, --timeout ms), as the
// browser sees them through the real HTTP API on a throwaway SQLite database
// with the demo catalogue. The runner sets LOG_LEVEL=silent (set it yourself
// when running this file directly). Not a timed test: it prints figures.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { startApi } from '#tests/support/api-test-client.ts'
import { seedDemo } from '#server/catalog/demo.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { setLookupSourcesForTests } from '#server/sources/api.server.ts'
import { setClientLimitsForTests } from '#server/sources/limits.server.ts'
import type { LookupEvent, PlaybackSource, SourceResult } from '#server/sources/types.ts'
import { createTestDatabase } from '#tests/support/db.ts'

const args = new Map(
	process.argv.slice(2).map((arg) => {
		const [key, value] = arg.replace(/^--/, '').split('=')
		return [key!, value ?? 'true'] as const
	}),
)
const numberArg = (name: string, fallback: number) => {
	const value = Number(args.get(name) ?? fallback)
	if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`)
	return value
}
const RUNS = numberArg('runs', 30)
const TIMEOUT_MS = numberArg('timeout', 2000)
const DELAY_MS = numberArg('delay', 20)

function percentile(sorted: number[], p: number) {
	if (sorted.length === 0) return NaN
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}
const ms = (value: number) => `${value.toFixed(1)} ms`

/** A loopback server answering /stream/movie/{id}.json after `delayMs` (never, when null). */
async function fakeAddon(delayMs: number | null) {
	const hung = new Set<http.ServerResponse>()
	const server = http.createServer((req, res) => {
		if (delayMs === null) {
			hung.add(res)
			res.on('close', () => hung.delete(res))
			return
		}
		setTimeout(() => {
			res.setHeader('content-type', 'application/json')
			res.end(
				JSON.stringify({
					streams: [{ url: `https://cdn.example/${encodeURIComponent(req.url ?? '')}.mp4`, name: '1080p', description: 'Bench stream' }],
				}),
			)
		}, delayMs)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
	}
}

/** A source that asks an add-on-like server with the lookup's abort signal, as an add-on source does. */
function addonLike(id: string, base: string): PlaybackSource {
	return {
		id,
		name: `Bench add-on ${id}`,
		kind: 'addon',
		async lookup(request, context): Promise<SourceResult> {
			const response = await fetch(`${base}/stream/movie/${request.imdbId}.json`, { signal: context.signal })
			const body = (await response.json()) as { streams?: Array<{ url: string; name: string; description: string }> }
			const streams = (body.streams ?? []).map((stream, index) => ({
				id: `${id}-${index}`,
				sourceId: id,
				label: `${stream.name} ${stream.description}`,
				type: 'file' as const,
				qualities: { '1080': { type: 'mp4' as const, url: stream.url } },
				captions: [],
			}))
			return streams.length > 0 ? { kind: 'found', streams } : { kind: 'none', reason: 'nothing returned' }
		},
	}
}

async function main() {
	process.env.SOURCE_TIMEOUT_MS = String(TIMEOUT_MS)
	resetEnvForTests()
	const addons = await Promise.all([fakeAddon(DELAY_MS), fakeAddon(DELAY_MS * 5), fakeAddon(null)])
	const db = await createTestDatabase('sqlite')
	await seedDemo(db.handle)
	const api = await startApi(db.handle)
	setClientLimitsForTests({ lookup: { limit: RUNS + 10 } })
	setLookupSourcesForTests(async () => [
		addonLike('hung', addons[2]!.url),
		addonLike('fast', addons[0]!.url),
		addonLike('slower', addons[1]!.url),
	])

	const firstFound: number[] = []
	const done: number[] = []
	const order = new Map<string, number>()
	try {
		// One warm-up lookup (module loading, first database reads) is not counted.
		for (let run = -1; run < RUNS; run++) {
			const started = performance.now()
			const response = await fetch(`${api.baseUrl}/api/sources/lookup?type=movie&tmdbId=550`)
			if (response.status !== 200) throw new Error(`lookup answered ${response.status}: ${await response.text()}`)
			const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
			let buffer = ''
			let found: number | undefined
			let finished: number | undefined
			const answers: string[] = []
			for (;;) {
				const { value, done: ended } = await reader.read()
				if (ended) break
				buffer += value
				let newline: number
				while ((newline = buffer.indexOf('\n')) >= 0) {
					const event = JSON.parse(buffer.slice(0, newline)) as LookupEvent
					buffer = buffer.slice(newline + 1)
					const at = performance.now() - started
					if (event.event === 'found') found ??= at
					if (event.event === 'done') finished = at
					if (event.event === 'found' || event.event === 'none')
						answers.push(`${event.source.id}:${event.event === 'none' ? event.reason : 'found'}`)
				}
			}
			if (found === undefined || finished === undefined) throw new Error('a lookup ended without found or done')
			if (run < 0) continue
			firstFound.push(found)
			done.push(finished)
			const key = answers.join(' → ')
			order.set(key, (order.get(key) ?? 0) + 1)
		}
	} finally {
		await api.close()
		await Promise.all(addons.map((addon) => addon.close()))
		await db.destroy()
	}

	firstFound.sort((a, b) => a - b)
	done.sort((a, b) => a - b)
	console.log(
		`lookup with three add-on-like sources on loopback (answers after ${DELAY_MS} ms, ${DELAY_MS * 5} ms, never; timeout ${TIMEOUT_MS} ms), ${RUNS} runs`,
	)
	console.log(
		`  first found: p50 ${ms(percentile(firstFound, 50))}, p95 ${ms(percentile(firstFound, 95))}, max ${ms(firstFound.at(-1)!)} (goal ≤ 300 ms)`,
	)
	console.log(
		`  done:        p50 ${ms(percentile(done, 50))}, p95 ${ms(percentile(done, 95))}, max ${ms(done.at(-1)!)} (the hung source ends at ${TIMEOUT_MS} ms)`,
	)
	for (const [answers, count] of order) console.log(`  ${count}× ${answers}`)
}

await main()
