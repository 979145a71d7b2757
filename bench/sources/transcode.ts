// npx tsx bench/sources/transcode.ts [-- --seconds=30 --size=1280x720 --runs=3]
//
// The transcode preset (server/sources/media/transcode-preset.ts, decision
// 0046) on the file that took 10–31 s to its first frame and ran at about
// real time (issue 25 item 7): 10-bit HEVC with EAC3 5.1 in MKV, 720p, made
// here once and kept under node_modules/.cache/willow-bench-transcode/.
// Through the server's own path on a real Express server, as the player goes:
// - cold first frame: the player's turn (which starts ffmpeg where it
//   resumes) until the bytes of that first segment are in, from the start and
//   from a seek to the middle (nothing cached, no job running). Goal ≤ 4 s.
// - real-time factor: every segment in order, as fast as they come (a player
//   with an empty buffer), as a multiple of real time. Goal ≥ 3×.
// Not a timed test: it prints figures with the commit and the load average,
// since the machine may be shared.
import { execFile, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
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
const SECONDS = Number(args.get('seconds') ?? 30)
const SIZE = args.get('size') ?? '1280x720'
const RUNS = Number(args.get('runs') ?? 3)

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-bench-transcode-'))
process.env.DATA_DIR = path.join(root, 'data')
process.env.LOG_LEVEL = 'silent'
process.env.TRANSCODE_CONCURRENCY = '1'

// Imported after DATA_DIR is set: the environment is read once.
const { ffmpegPaths, probeMedia } = await import('#server/sources/media/ffmpeg.server.ts')
const { segmentCount, segmentPlanFor, serveHlsSegment, stopAllHlsJobs } = await import('#server/sources/media/hls.server.ts')
const { transcodeTurn } = await import('#server/sources/media/transcode-turn.server.ts')
const { TRANSCODE_CRF, TRANSCODE_X264_PRESET } = await import('#server/sources/media/transcode-preset.ts')

const { ffmpeg, ffprobe } = ffmpegPaths()
if (!ffmpeg || !ffprobe) throw new Error('ffmpeg is not available')
const version = spawnSync(ffmpeg, ['-version'], { encoding: 'utf8' }).stdout.split('\n')[0]
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim()
const dirty = spawnSync('git', ['status', '--porcelain', '--', 'server', 'bench'], { encoding: 'utf8' }).stdout.trim()
	? ' (with changes)'
	: ''
console.log(`commit ${commit}${dirty}; ${version}`)
console.log(`preset: libx264 ${TRANSCODE_X264_PRESET}, CRF ${TRANSCODE_CRF}, fit in 1280x720, AAC stereo`)

// Film-like: a moving picture with fine grain (testsrc2 alone compresses far better than films do).
const recipe = [
	...['-f', 'lavfi', '-i', `testsrc2=size=${SIZE}:rate=24000/1001,noise=alls=12:allf=t`],
	...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
	...['-t', String(SECONDS), '-c:v', 'libx265', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p10le', '-x265-params', 'log-level=error'],
	...['-c:a', 'eac3', '-ac', '6', '-b:a', '384k'],
]
const cacheDir = path.join('node_modules', '.cache', 'willow-bench-transcode')
const key = crypto
	.createHash('sha256')
	.update(JSON.stringify([recipe, version]))
	.digest('hex')
	.slice(0, 12)
const source = path.resolve(cacheDir, `hevc10-${SIZE}-${SECONDS}s-${key}.mkv`)
if (!fs.existsSync(source)) {
	fs.mkdirSync(cacheDir, { recursive: true })
	const started = performance.now()
	const temporary = `${source}.${process.pid}.mkv`
	await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...recipe, temporary])
	fs.renameSync(temporary, source)
	console.log(`made the source once in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
console.log(`source: ${SECONDS} s ${SIZE} 10-bit HEVC + EAC3 5.1 MKV (${(fs.statSync(source).size / 1e6).toFixed(1)} MB)`)

let cacheKey = ''
const input = () => ({ kind: 'file' as const, path: source, cacheKey })
const app = express()
app.get('/seg/:index', async (req, res) => {
	await serveHlsSegment(input(), await probeMedia(input()), 'transcode', Number(req.params.index), req, res)
})
const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
	const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
})
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

/** A segment's bytes; "not ready yet" (503 after the server's wait) is asked again, as hls.js does. */
async function fetchSegment(index: number) {
	for (let attempt = 0; ; attempt++) {
		const response = await fetch(`${base}/seg/${index}`)
		const bytes = (await response.arrayBuffer()).byteLength
		if (response.status === 200) return bytes
		if (response.status !== 503 || attempt >= 4) throw new Error(`segment ${index}: HTTP ${response.status}`)
	}
}

/**
 * CPU seconds of this process's finished children (ffmpeg), from /proc (Linux): what a transcode
 * costs whatever else runs on the machine. NaN elsewhere.
 */
function childCpuSeconds(): number {
	try {
		// After "pid (comm) ", field 3 (state) is index 0: cutime (16) and cstime (17) are 13 and 14.
		const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
		return (Number(fields[13]) + Number(fields[14])) / 100
	} catch {
		return Number.NaN
	}
}

/** The player's path: its turn (which starts ffmpeg at `from`), then that segment's bytes. */
async function coldFirstSegment(index: number, from: number) {
	const begun = performance.now()
	const turn = await transcodeTurn(input(), await probeMedia(input()), { fromSeconds: from })
	if (turn.state !== 'ready') throw new Error(`turn: ${JSON.stringify(turn)}`)
	const bytes = await fetchSegment(index)
	return { ms: performance.now() - begun, bytes }
}

const rows: Array<{ first: number; seek: number; seekIndex: number; realTime: number; cpuPerSecond: number; mbPerMinute: number }> = []
for (let runIndex = 0; runIndex < RUNS; runIndex++) {
	cacheKey = `bench:${runIndex}:${Date.now()}`
	// Probed before the clock starts, as the media folder's files are (their probe is stored when indexed).
	const probe = await probeMedia(input())
	const plan = segmentPlanFor(probe, 'transcode')
	const count = segmentCount(plan)
	const started = performance.now()
	const cpuBefore = childCpuSeconds()
	const first = await coldFirstSegment(0, 0)
	let bytes = first.bytes
	for (let index = 1; index < count; index++) bytes += await fetchSegment(index)
	const throughSeconds = (performance.now() - started) / 1000
	// The job ends with the file: wait until its ffmpeg has been reaped, so its CPU time is counted.
	await new Promise((resolve) => setTimeout(resolve, 500))
	const cpuPerSecond = (childCpuSeconds() - cpuBefore) / probe.durationSeconds
	stopAllHlsJobs()
	// A seek to the middle on a fresh cache key: a cold start there.
	cacheKey += ':seek'
	// Probed before the clock starts, as the media folder's files are (their probe is stored when indexed).
	await probeMedia(input())
	const seekIndex = Math.floor(count / 2)
	const seek = await coldFirstSegment(seekIndex, plan.starts[seekIndex]!)
	stopAllHlsJobs()
	rows.push({
		first: first.ms,
		seek: seek.ms,
		seekIndex,
		realTime: probe.durationSeconds / throughSeconds,
		cpuPerSecond,
		mbPerMinute: bytes / 1e6 / (probe.durationSeconds / 60),
	})
}

console.log(
	`\nload average: ${os
		.loadavg()
		.map((load) => load.toFixed(2))
		.join(' ')} on ${os.cpus().length} cores`,
)
console.log('run  cold first frame ms  seek (index: ms)  real-time factor  CPU s per video s  MB per minute')
for (const [index, row] of rows.entries())
	console.log(
		[
			String(index + 1).padEnd(5),
			row.first.toFixed(0).padEnd(21),
			`${row.seekIndex}: ${row.seek.toFixed(0)}`.padEnd(18),
			`${row.realTime.toFixed(2)}x`.padEnd(18),
			row.cpuPerSecond.toFixed(2).padEnd(19),
			row.mbPerMinute.toFixed(1),
		].join(''),
	)
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
console.log(
	`\ncold first frame: median ${median(rows.map((row) => row.first)).toFixed(0)} ms, worst ${Math.max(...rows.map((row) => row.first)).toFixed(0)} ms (goal ≤ 4000 ms)`,
)
console.log(
	`seek first frame: median ${median(rows.map((row) => row.seek)).toFixed(0)} ms, worst ${Math.max(...rows.map((row) => row.seek)).toFixed(0)} ms (goal ≤ 4000 ms)`,
)
console.log(
	`real-time factor: median ${median(rows.map((row) => row.realTime)).toFixed(2)}x, worst ${Math.min(...rows.map((row) => row.realTime)).toFixed(2)}x (goal ≥ 3x)`,
)
// What the cores could do with nothing else running: the CPU time spread over all of them.
const cpu = median(rows.map((row) => row.cpuPerSecond))
console.log(
	`CPU: ${cpu.toFixed(2)} s per second of video, so at most ${(os.cpus().length / cpu).toFixed(1)}x on ${os.cpus().length} idle cores`,
)

server.close()
fs.rmSync(root, { recursive: true, force: true })
