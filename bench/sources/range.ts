// npm run bench:sources (or: npx tsx bench/sources/range.ts [--size=1024] [--readers=100] [--rounds=6] [--seed=1])
//
// Range serving of a large media file (issue "Playback sources"): Willow's
// media-folder file route (the API app, /api/stream/library/<id>/file, signed,
// res.sendFile with Range and ETag) against a bare node:http server piping
// fs.createReadStream with Range, each in a process of its own
// (range-server.child.ts), on the same real file: an MP4 of --size MB (default
// 1024) made by looping a clip of the media corpus (npm run media:corpus) with
// ffmpeg's stream copy. Each round asks both servers, in alternating order
// (A-B, then B-A), for one whole GET and then --readers (default 100)
// concurrent 1 MB Range reads at seeded random places, the same places for
// both; every answer's bytes are checked against the file. One untimed whole
// read of each comes first (the file in the page cache, the JIT warm).
// Prints each round, then per side the median with p10–p90 and min–max over
// the rounds, the ratio Willow/bare per round (goal ≥ 0.9× on whole reads),
// the errors (goal 0), and the commit and load average. Figures, not a test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ffmpegPaths } from '#server/sources/media/ffmpeg.server.ts'
import { mediaCorpus } from '../../scripts/make-media-corpus.ts'
import { benchStamp, loadAverage } from '../stamp.ts'
import { randomRanges, roundOrder, spread, type ByteRange, type Spread } from './range-plan.ts'

const arg = (name: string, fallback: number) => {
	const found = process.argv.find((a) => a.startsWith(`--${name}=`))
	return found ? Number(found.split('=')[1]) : fallback
}
const SIZE = arg('size', 1024) * 1024 * 1024
const READERS = arg('readers', 100)
const ROUNDS = Math.max(1, arg('rounds', 6))
const SEED = arg('seed', 1)
const RANGE_BYTES = 1024 * 1024
/** The corpus clip looped into the big file: H.264 + AC3 in MP4, a file the route serves as it is. */
const CLIP = 'Long GOP MP4 (2020).mp4'

type Side = 'willow' | 'bare'

interface RoundFigures {
	wholeMBps: number
	rangeMBps: number
	latenciesMs: number[]
	errors: number
}

const mbps = (bytes: number, seconds: number) => bytes / seconds / 1024 / 1024

/** A real MP4 of about `bytes`: the corpus clip repeated by stream copy (no encoding), cut at the size. */
function makeRealFile(target: string, bytes: number): number {
	const { ffmpeg } = ffmpegPaths()
	if (!ffmpeg) throw new Error('ffmpeg is not available')
	const clip = path.join(mediaCorpus(ffmpeg), CLIP)
	const made = spawnSync(
		ffmpeg,
		[
			'-hide_banner',
			'-loglevel',
			'error',
			'-nostdin',
			'-y',
			'-stream_loop',
			'-1',
			'-i',
			clip,
			'-map',
			'0',
			'-c',
			'copy',
			'-fs',
			String(bytes),
			target,
		],
		{ stdio: ['ignore', 'ignore', 'pipe'] },
	)
	if (made.status !== 0) throw new Error(`ffmpeg could not make the file: ${made.stderr.toString()}`)
	return fs.statSync(target).size
}

/** Starts one side's server in its own process; resolves with the URL it writes on descriptor 3. */
function startServer(side: Side, args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
	const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'range-server.child.ts'), side, ...args], {
		// The request log goes where a server's log goes, not into this process: stdout to /dev/null.
		stdio: ['ignore', 'ignore', 'inherit', 'pipe'],
		env: { ...process.env, ...env },
	})
	return new Promise((resolve, reject) => {
		let text = ''
		const channel = child.stdio[3] as NodeJS.ReadableStream
		channel.setEncoding('utf8')
		channel.on('data', (chunk: string) => {
			text += chunk
			const line = text.split('\n').find((l) => l.startsWith('{'))
			if (line) resolve({ child, url: (JSON.parse(line) as { url: string }).url })
		})
		child.on('exit', (code) => reject(new Error(`the ${side} server exited with ${code} before listening`)))
	})
}

async function readBody(
	url: string,
	headers: Record<string, string> = {},
): Promise<{ status: number; body: Buffer; contentRange: string | null }> {
	const response = await fetch(url, { headers })
	const chunks: Buffer[] = []
	for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk))
	return { status: response.status, body: Buffer.concat(chunks), contentRange: response.headers.get('content-range') }
}

/** One whole GET: MB/s, or NaN (and an error) when the answer is not the whole file. */
async function wholeRead(url: string, size: number): Promise<{ mbps: number; error: boolean }> {
	const started = performance.now()
	const response = await fetch(url)
	let bytes = 0
	for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength
	const seconds = (performance.now() - started) / 1000
	const error = response.status !== 200 || bytes !== size
	return { mbps: error ? Number.NaN : mbps(bytes, seconds), error }
}

/** The concurrent Range reads; each answer's bytes are compared with the file's after the clock stops. */
async function rangeReads(url: string, ranges: ByteRange[], fd: number, size: number) {
	const started = performance.now()
	const answers = await Promise.all(
		ranges.map(async (range) => {
			const t0 = performance.now()
			try {
				const answer = await readBody(url, { range: `bytes=${range.start}-${range.end}` })
				return { range, answer, ms: performance.now() - t0 }
			} catch {
				return { range, answer: null, ms: Number.NaN }
			}
		}),
	)
	const seconds = (performance.now() - started) / 1000
	let errors = 0
	for (const { range, answer } of answers) {
		const length = range.end - range.start + 1
		const expected = Buffer.alloc(length)
		fs.readSync(fd, expected, 0, length, range.start)
		const right =
			answer?.status === 206 && answer.contentRange === `bytes ${range.start}-${range.end}/${size}` && answer.body.equals(expected)
		if (!right) errors++
	}
	return {
		mbps: mbps(ranges.length * RANGE_BYTES, seconds),
		latenciesMs: answers.map((a) => a.ms).filter((ms) => !Number.isNaN(ms)),
		errors,
	}
}

const fixed = (value: number, digits = 0) => (Number.isNaN(value) ? '—' : value.toFixed(digits))
const describe = (s: Spread, digits = 0) =>
	`median ${fixed(s.median, digits)} (p10–p90 ${fixed(s.p10, digits)}–${fixed(s.p90, digits)}, min–max ${fixed(s.min, digits)}–${fixed(s.max, digits)})`

async function main() {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-bench-range-'))
	const children: ChildProcess[] = []
	try {
		const mediaDir = path.join(root, 'media')
		const file = path.join(mediaDir, 'Movies', 'Fight Club (1999)', 'Fight Club (1999).mp4')
		fs.mkdirSync(path.dirname(file), { recursive: true })
		const makingStarted = performance.now()
		const size = makeRealFile(file, SIZE)
		const makingSeconds = (performance.now() - makingStarted) / 1000
		// Older than the scan's settle time, so the index takes it at once.
		const past = new Date(Date.now() - 60_000)
		fs.utimesSync(file, past, past)
		const dataDir = path.join(root, 'data')
		fs.mkdirSync(dataDir)

		const [willow, bare] = await Promise.all([
			startServer('willow', [], {
				NODE_ENV: 'production',
				DATA_DIR: dataDir,
				MEDIA_DIR: mediaDir,
				MEDIA_ACCESS: 'everyone',
				LOG_LEVEL: 'info',
			}),
			startServer('bare', [file], {}),
		])
		children.push(willow.child, bare.child)
		const urls: Record<Side, string> = { willow: willow.url, bare: bare.url }

		console.log(
			`file: a real MP4 of ${(size / 1024 / 1024).toFixed(0)} MB (the corpus' "${CLIP}" looped by stream copy, made in ${makingSeconds.toFixed(1)} s); ` +
				`${ROUNDS} rounds in alternating order, each a whole GET then ${READERS} concurrent 1 MB Range reads (seed ${SEED}+round, the same reads for both); ` +
				`Willow's file route (request log at info) and the bare server each in its own process (node ${process.version}, ${os.cpus().length} CPUs; ${benchStamp()})`,
		)
		const fd = fs.openSync(file, 'r')
		const figures: Record<Side, RoundFigures[]> = { willow: [], bare: [] }
		try {
			for (const side of ['willow', 'bare'] as const) await wholeRead(urls[side], size)
			console.log(`\nround  first   whole GET MB/s Willow / bare  ratio   ${READERS}×1 MB ranges MB/s Willow / bare  ratio  errors  load`)
			for (let round = 0; round < ROUNDS; round++) {
				const ranges = randomRanges(SEED + round, size, READERS, RANGE_BYTES)
				const order = roundOrder(round, 'willow' as Side, 'bare' as Side)
				const wholes: Partial<Record<Side, { mbps: number; error: boolean }>> = {}
				for (const side of order) wholes[side] = await wholeRead(urls[side], size)
				const reads: Partial<Record<Side, Awaited<ReturnType<typeof rangeReads>>>> = {}
				for (const side of order) reads[side] = await rangeReads(urls[side], ranges, fd, size)
				for (const side of order)
					figures[side].push({
						wholeMBps: wholes[side]!.mbps,
						rangeMBps: reads[side]!.mbps,
						latenciesMs: reads[side]!.latenciesMs,
						errors: reads[side]!.errors + (wholes[side]!.error ? 1 : 0),
					})
				const w = figures.willow.at(-1)!
				const b = figures.bare.at(-1)!
				console.log(
					[
						String(round + 1).padStart(5),
						order[0].padEnd(6),
						`${fixed(w.wholeMBps).padStart(14)} / ${fixed(b.wholeMBps).padEnd(5)}`,
						fixed(w.wholeMBps / b.wholeMBps, 2).padStart(12),
						`${fixed(w.rangeMBps).padStart(24)} / ${fixed(b.rangeMBps).padEnd(5)}`,
						fixed(w.rangeMBps / b.rangeMBps, 2).padStart(14),
						`${w.errors}/${b.errors}`.padStart(6),
						loadAverage().padStart(6),
					].join('  '),
				)
			}
		} finally {
			fs.closeSync(fd)
		}

		const per = (side: Side, pick: (f: RoundFigures) => number) => spread(figures[side].map(pick))
		const ratios = (pick: (f: RoundFigures) => number) => spread(figures.willow.map((w, i) => pick(w) / pick(figures.bare[i]!)))
		const errors = (side: Side) => figures[side].reduce((sum, f) => sum + f.errors, 0)
		const wholeRatio = ratios((f) => f.wholeMBps)
		console.log(`\nover ${ROUNDS} rounds (${benchStamp()}):`)
		console.log(`whole GET, MB/s:  Willow ${describe(per('willow', (f) => f.wholeMBps))}`)
		console.log(`                  bare   ${describe(per('bare', (f) => f.wholeMBps))}`)
		console.log(
			`                  ratio Willow/bare per round ${describe(wholeRatio, 2)} (goal ≥ 0.9×${wholeRatio.median < 0.9 ? ': NOT MET' : ''})`,
		)
		console.log(`${READERS} concurrent 1 MB Range reads, MB/s:  Willow ${describe(per('willow', (f) => f.rangeMBps))}`)
		console.log(`                  bare   ${describe(per('bare', (f) => f.rangeMBps))}`)
		console.log(
			`                  ratio Willow/bare per round ${describe(
				ratios((f) => f.rangeMBps),
				2,
			)}`,
		)
		for (const side of ['willow', 'bare'] as const)
			console.log(
				`  one read's time, ${side.padEnd(6)} (all rounds' reads): ${describe(spread(figures[side].flatMap((f) => f.latenciesMs)))} ms`,
			)
		console.log(`errors (wrong status, Content-Range or bytes): Willow ${errors('willow')}, bare ${errors('bare')} (goal 0)`)
	} finally {
		for (const child of children) child.kill()
		fs.rmSync(root, { recursive: true, force: true })
	}
}

await main()
