// Range serving of a large media file (issue "Playback sources"): the media
// folder's signed file route (/api/stream/library/<id>/file, res.sendFile
// with Range and ETag) against a bare fs.createReadStream piped to the
// response, on the same sparse file; then concurrent random range readers.
// Prints throughput, the ratio (goal ≥ 0.9×) and errors (goal 0). Figures,
// not a test. Options: --size=<MB> (default 1024), --readers=<n> (default 100).
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { seedDemo } from '../../server/catalog/demo.server.ts'
import { createDatabase, migrateToLatest, setDatabaseForTests } from '../../server/db/db.server.ts'
import { resetEnvForTests } from '../../server/env.server.ts'
import { scanMediaFolder } from '#server/sources/media-folder/index.server.ts'
import { mediaFolderStreamRouter } from '#server/sources/media-folder/routes.server.ts'
import { signPath } from '../../server/sources/signing.server.ts'

const arg = (name: string, fallback: number) => {
	const found = process.argv.find((a) => a.startsWith(`--${name}=`))
	return found ? Number(found.split('=')[1]) : fallback
}
const SIZE = arg('size', 1024) * 1024 * 1024
const READERS = arg('readers', 100)

function listen(app: http.RequestListener): Promise<{ server: http.Server; base: string }> {
	const server = http.createServer(app)
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
	)
}

/** Reads the whole answer, returns bytes and seconds. */
async function readAll(url: string, headers: Record<string, string> = {}): Promise<{ bytes: number; seconds: number; status: number }> {
	const started = performance.now()
	const response = await fetch(url, { headers })
	let bytes = 0
	for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength
	return { bytes, seconds: (performance.now() - started) / 1000, status: response.status }
}

async function main() {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-bench-range-'))
	const handle = createDatabase({ sqliteFile: path.join(root, 'bench.sqlite') })
	const servers: http.Server[] = []
	try {
		await migrateToLatest(handle)
		await seedDemo(handle)
		setDatabaseForTests(handle)
		const file = path.join(root, 'media', 'Movies', 'Fight Club (1999)', 'Fight Club (1999).mp4')
		fs.mkdirSync(path.dirname(file), { recursive: true })
		// Sparse: a large file without writing a gigabyte of disk.
		fs.closeSync(fs.openSync(file, 'w'))
		fs.truncateSync(file, SIZE)
		const past = new Date(Date.now() - 60_000)
		fs.utimesSync(file, past, past)
		process.env.MEDIA_DIR = path.join(root, 'media')
		process.env.MEDIA_ACCESS = 'everyone'
		process.env.LOG_LEVEL = 'silent'
		resetEnvForTests()
		await scanMediaFolder()
		const row = await handle.db.selectFrom('media_files').select('id').executeTakeFirstOrThrow()

		const app = express()
		app.use('/api/stream/library', mediaFolderStreamRouter())
		const willow = await listen(app)
		const bare = await listen((_req, res) => {
			res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': SIZE })
			fs.createReadStream(file).pipe(res)
		})
		servers.push(willow.server, bare.server)
		const willowUrl = willow.base + (await signPath(`/api/stream/library/${row.id}/file`))

		const rounds = 3
		const rate = (r: { bytes: number; seconds: number }) => r.bytes / r.seconds / 1024 / 1024
		const willowRates: number[] = []
		const bareRates: number[] = []
		for (let i = 0; i < rounds; i++) {
			bareRates.push(rate(await readAll(bare.base)))
			willowRates.push(rate(await readAll(willowUrl)))
		}
		const best = (xs: number[]) => Math.max(...xs)
		console.log(`file: ${SIZE / 1024 / 1024} MB (sparse), best of ${rounds} whole reads`)
		console.log(`bare createReadStream: ${best(bareRates).toFixed(0)} MB/s`)
		console.log(`library route:         ${best(willowRates).toFixed(0)} MB/s`)
		console.log(`ratio: ${(best(willowRates) / best(bareRates)).toFixed(2)}× (goal ≥ 0.9×)`)

		let errors = 0
		const started = performance.now()
		const times = await Promise.all(
			Array.from({ length: READERS }, async () => {
				const start = Math.floor(Math.random() * (SIZE - 2 * 1024 * 1024))
				const length = 1024 * 1024
				try {
					const result = await readAll(willowUrl, { range: `bytes=${start}-${start + length - 1}` })
					if (result.status !== 206 || result.bytes !== length) errors++
					return result.seconds * 1000
				} catch {
					errors++
					return Number.NaN
				}
			}),
		)
		const sorted = times.filter((t) => !Number.isNaN(t)).sort((a, b) => a - b)
		const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]?.toFixed(0)
		console.log(
			`${READERS} concurrent 1 MB range reads: ${((performance.now() - started) / 1000).toFixed(2)} s, p50 ${pct(50)} ms, p95 ${pct(95)} ms, errors ${errors} (goal 0)`,
		)
	} finally {
		for (const server of servers) server.close()
		setDatabaseForTests(undefined)
		await handle.close()
		fs.rmSync(root, { recursive: true, force: true })
	}
}

await main()
