// npx tsx bench/sources/remux.ts [-- --seconds=60 --size=1280x720 --runs=3]
//
// Remux of an MKV (H.264 + AC3 5.1, generated here): time from the first
// request of an HLS segment to its bytes, through serveHlsSegment on a real
// Express server, for a cold start at segment 0 and for a seek (a cold start
// in the middle). Goal: first segment in ≤ 2 s. Also a play-through at full
// speed (every segment in order, as a player with an empty buffer asks), as a
// multiple of real time. Not a timed test: it prints figures, with the load
// average, since the machine may be shared.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import express from 'express'

const run = promisify(execFile)
const args = new Map(
	process.argv.slice(2).map((arg) => {
		const [key, value] = arg.replace(/^--/, '').split('=')
		return [key!, value ?? 'true'] as const
	}),
)
const SECONDS = Number(args.get('seconds') ?? 60)
const SIZE = args.get('size') ?? '1280x720'
const RUNS = Number(args.get('runs') ?? 3)

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-bench-remux-'))
process.env.DATA_DIR = path.join(root, 'data')
process.env.LOG_LEVEL = 'silent'

// Imported after DATA_DIR is set: the environment is read once.
const { ffmpegPaths, probeMedia } = await import('#server/sources/media/ffmpeg.server.ts')
const { segmentCount, segmentPlanFor, serveHlsSegment, stopAllHlsJobs } = await import('#server/sources/media/hls.server.ts')

const { ffmpeg, ffprobe } = ffmpegPaths()
if (!ffmpeg || !ffprobe) throw new Error('ffmpeg is not available')
console.log(`ffmpeg: ${ffmpeg}`)

const source = path.join(root, 'source.mkv')
let started = performance.now()
await run(ffmpeg, [
	'-hide_banner',
	'-loglevel',
	'error',
	'-y',
	'-f',
	'lavfi',
	'-i',
	`testsrc2=size=${SIZE}:rate=24`,
	'-f',
	'lavfi',
	'-i',
	'sine=frequency=440:sample_rate=48000',
	'-t',
	String(SECONDS),
	// A film-like GOP (x264's default keyint 250 would be ~10 s at 24 fps; films usually cut more often).
	'-c:v',
	'libx264',
	'-preset',
	'ultrafast',
	'-pix_fmt',
	'yuv420p',
	'-g',
	'96',
	'-c:a',
	'ac3',
	'-ac',
	'6',
	'-b:a',
	'384k',
	source,
])
console.log(
	`generated ${SECONDS} s ${SIZE} H.264 + AC3 5.1 MKV (${(fs.statSync(source).size / 1e6).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)

let cacheKey = ''
const input = () => ({ kind: 'file' as const, path: source, cacheKey })
const app = express()
app.get('/seg/:index', async (req, res) => {
	await serveHlsSegment(input(), await probeMedia(input()), 'remux', Number(req.params.index), req, res)
})
const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
	const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
})
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

async function timeSegment(index: number) {
	const begun = performance.now()
	const response = await fetch(`${base}/seg/${index}`)
	const bytes = (await response.arrayBuffer()).byteLength
	if (response.status !== 200) throw new Error(`segment ${index}: HTTP ${response.status}`)
	return { ms: performance.now() - begun, bytes }
}

const rows: string[][] = []
for (let runIndex = 0; runIndex < RUNS; runIndex++) {
	cacheKey = `bench:${runIndex}:${Date.now()}`
	started = performance.now()
	const probe = await probeMedia(input())
	const probeMs = performance.now() - started
	const count = segmentCount(segmentPlanFor(probe, 'remux'))
	const first = await timeSegment(0)
	// Play-through: the rest in order, on the job the first request started.
	started = performance.now()
	for (let index = 1; index < count; index++) await timeSegment(index)
	const throughMs = first.ms + (performance.now() - started)
	// A seek into the middle on a fresh cache key: a cold start there.
	stopAllHlsJobs()
	cacheKey += ':seek'
	const seekIndex = Math.floor(count / 2)
	const seek = await timeSegment(seekIndex)
	stopAllHlsJobs()
	rows.push([
		String(runIndex + 1),
		probeMs.toFixed(0),
		first.ms.toFixed(0),
		(first.bytes / 1e6).toFixed(2),
		`${seekIndex}: ${seek.ms.toFixed(0)}`,
		`${(throughMs / 1000).toFixed(1)} s (${(probe.durationSeconds / (throughMs / 1000)).toFixed(1)}x)`,
	])
}

console.log(
	`\nload average: ${os
		.loadavg()
		.map((load) => load.toFixed(1))
		.join(' ')} on ${os.cpus().length} cores`,
)
console.log('run  probe ms  first segment ms  first MB  seek (index: ms)  play-through (x real time)')
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd([5, 10, 18, 10, 18, 14][i]!)).join(''))
const firsts = rows.map((row) => Number(row[2]))
const seeks = rows.map((row) => Number(row[4]!.split(': ')[1]))
console.log(`\nfirst segment: median ${median(firsts).toFixed(0)} ms, worst ${Math.max(...firsts).toFixed(0)} ms (goal ≤ 2000 ms)`)
console.log(`seek segment:  median ${median(seeks).toFixed(0)} ms, worst ${Math.max(...seeks).toFixed(0)} ms (goal ≤ 2000 ms)`)

function median(values: number[]) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]!
}

server.close()
fs.rmSync(root, { recursive: true, force: true })
