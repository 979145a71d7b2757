// The ffmpeg layer against real ffmpeg, on media generated here (testsrc +
// sine): probing, HLS segments served by Express (first, seek, shared job,
// cross-process lock, transcode limit), subtitle extraction and trickplay.
import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import express from 'express'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetEnvForTests } from '../../env.server.ts'
import {
	ffmpegPaths,
	inputArgs,
	playabilityOf,
	probeMedia,
	resetFfmpegPathsForTests,
	type MediaInput,
	type ProbedMedia,
} from './ffmpeg.server.ts'
import {
	hlsCacheDir,
	hlsCountersForTests,
	hlsPlaylistFor,
	segmentPlanFor,
	sendHlsPlaylist,
	serveHlsSegment,
	stopAllHlsJobs,
	transcodeSlotAvailable,
	type HlsMode,
} from './hls.server.ts'
import { readKeyframes } from './keyframes.server.ts'
import { extractSubtitleVtt } from './subtitles.server.ts'
import { makeTrickplay } from './trickplay.server.ts'

const run = promisify(execFile)
const SRT = '1\n00:00:01,000 --> 00:00:04,000\nHello from SRT\n\n2\n00:00:05,000 --> 00:00:07,500\nSecond cue\n'

let root: string
let ffmpeg: string
let baseUrl: string
let server: ReturnType<express.Express['listen']>
const media: Record<string, { input: MediaInput; probe?: ProbedMedia; mode: HlsMode }> = {}

async function generate(output: string, extra: string[]) {
	await run(ffmpeg, [
		'-hide_banner',
		'-loglevel',
		'error',
		'-y',
		'-f',
		'lavfi',
		'-i',
		'testsrc=size=320x180:rate=25',
		'-f',
		'lavfi',
		'-i',
		'sine=frequency=440:sample_rate=48000',
		...extra,
		'-t',
		'20',
		output,
	])
}

/** What ffmpeg reads from a segment. (The bundled ffprobe crashes on MPEG-TS, so ffmpeg's own report is used.) */
async function describeTs(bytes: Buffer) {
	const file = path.join(root, `check-${Math.random().toString(36).slice(2)}.ts`)
	fs.writeFileSync(file, bytes)
	const { stderr } = await run(ffmpeg, ['-hide_banner', '-i', file, '-f', 'null', '-']).catch((error: { stderr: string }) => ({
		stderr: error.stderr,
	}))
	const start = Number(/start: ([\d.]+)/.exec(stderr)?.[1])
	return {
		start,
		video: /Video: (\w+)/.exec(stderr)?.[1] ?? null,
		size: /Video: .*?, (\d{2,5}x\d{2,5})/.exec(stderr)?.[1] ?? null,
		audio: /Audio: (\w+)/.exec(stderr)?.[1] ?? null,
		// MPEG-TS: 188-byte packets, each starting with the sync byte 0x47.
		packetsAligned: bytes.length > 0 && bytes.length % 188 === 0 && bytes[0] === 0x47 && bytes[188] === 0x47,
	}
}

function segmentUrl(name: string, index: number | string) {
	return `${baseUrl}/seg/${name}/${index}`
}

beforeAll(async () => {
	root = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-media-'))
	process.env.DATA_DIR = path.join(root, 'data')
	process.env.TRANSCODE_CONCURRENCY = '1'
	resetEnvForTests()
	resetFfmpegPathsForTests()
	const found = ffmpegPaths().ffmpeg
	if (!found) throw new Error('ffmpeg is required for these tests')
	ffmpeg = found
	fs.writeFileSync(path.join(root, 'subs.srt'), SRT)
	const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50']
	await Promise.all([
		generate(path.join(root, 'clip.mp4'), [...h264, '-c:a', 'aac', '-movflags', '+faststart']),
		generate(path.join(root, 'clip.mkv'), [
			'-i',
			path.join(root, 'subs.srt'),
			'-map',
			'0',
			'-map',
			'1',
			'-map',
			'2',
			...h264,
			'-c:a',
			'ac3',
			'-c:s',
			'srt',
			'-metadata:s:s:0',
			'language=eng',
		]),
		generate(path.join(root, 'clip-mpeg4.mkv'), ['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'mp3']),
		generate(path.join(root, 'clip.ts'), [...h264, '-c:a', 'ac3']),
	])
	// Long enough that its transcode is still running when the viewer seeks.
	await run(ffmpeg, [
		'-hide_banner',
		'-loglevel',
		'error',
		'-y',
		'-f',
		'lavfi',
		'-i',
		'testsrc=size=320x180:rate=25',
		'-f',
		'lavfi',
		'-i',
		'sine=frequency=440:sample_rate=48000',
		'-t',
		'240',
		'-c:v',
		'mpeg4',
		'-q:v',
		'5',
		'-c:a',
		'mp3',
		path.join(root, 'long-mpeg4.mkv'),
	])
	const file = (name: string, key = name): MediaInput => ({ kind: 'file', path: path.join(root, name), cacheKey: `test:${key}` })
	media.mp4 = { input: file('clip.mp4'), mode: 'remux' }
	media.mkv = { input: file('clip.mkv'), mode: 'remux' }
	media.seek = { input: file('clip.mkv', 'seek'), mode: 'remux' }
	media.shared = { input: file('clip.mkv', 'shared'), mode: 'remux' }
	media.foreign = { input: file('clip.mkv', 'foreign'), mode: 'remux' }
	media.mpeg4 = { input: file('clip-mpeg4.mkv'), mode: 'transcode' }
	media.long = { input: file('long-mpeg4.mkv'), mode: 'transcode' }
	media.busy = { input: file('clip-mpeg4.mkv', 'busy'), mode: 'transcode' }
	for (const entry of Object.values(media)) {
		entry.probe = await probeMedia(entry.input)
		// The MP4 plays directly in a browser, so probing did not read its keyframes; remuxing it here needs them.
		if (entry.mode === 'remux' && entry.probe.keyframes === undefined)
			entry.probe = { ...entry.probe, keyframes: await readKeyframes(entry.input, entry.probe.container) }
	}

	const app = express()
	app.get('/playlist/:name', (req, res) => {
		const entry = media[req.params.name]
		if (!entry?.probe) return void res.status(404).end()
		sendHlsPlaylist(
			res,
			hlsPlaylistFor(entry.probe, entry.mode, (index) => `/seg/${req.params.name}/${index}`),
		)
	})
	app.get('/seg/:name/:index', async (req, res) => {
		const entry = media[req.params.name]
		if (!entry?.probe) return void res.status(404).end()
		await serveHlsSegment(entry.input, entry.probe, entry.mode, Number(req.params.index), req, res)
	})
	// A remote file that needs a header, as an add-on stream with proxyHeaders would.
	app.get('/remote/clip.mp4', (req, res) => {
		if (req.get('x-api-key') !== 'secret') return void res.status(403).end()
		res.sendFile(path.join(root, 'clip.mp4'))
	})
	await new Promise<void>((resolve) => {
		server = app.listen(0, '127.0.0.1', () => resolve())
	})
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 120_000)

afterAll(async () => {
	stopAllHlsJobs()
	await new Promise((resolve) => server?.close(resolve))
	fs.rmSync(root, { recursive: true, force: true })
	delete process.env.DATA_DIR
	delete process.env.TRANSCODE_CONCURRENCY
	resetEnvForTests()
})

describe('ffmpegPaths', () => {
	it('finds a working ffmpeg and ffprobe', () => {
		const paths = ffmpegPaths()
		expect(paths.ffmpeg).toBeTruthy()
		expect(paths.ffprobe).toBeTruthy()
	})

	it('is null when the configured binary does not run', () => {
		process.env.FFMPEG_PATH = path.join(root, 'no-such-ffmpeg')
		resetEnvForTests()
		resetFfmpegPathsForTests()
		try {
			expect(ffmpegPaths().ffmpeg).toBeNull()
		} finally {
			delete process.env.FFMPEG_PATH
			resetEnvForTests()
			resetFfmpegPathsForTests()
		}
		expect(ffmpegPaths().ffmpeg).toBeTruthy()
	})
})

describe('probeMedia', () => {
	it('reads an MP4 as directly playable', async () => {
		const probe = await probeMedia(media.mp4!.input)
		expect(probe).toMatchObject({ container: 'mp4', videoCodec: 'h264', width: 320, height: 180, audioCodecs: ['aac'], subtitleTracks: [] })
		expect(probe.durationSeconds).toBeCloseTo(20, 0)
		expect(playabilityOf(probe)).toEqual({ mode: 'direct', mimeType: 'video/mp4' })
	})

	it('reads an MKV with H.264, AC3 and an embedded SRT as remux', async () => {
		const probe = await probeMedia(media.mkv!.input)
		expect(probe).toMatchObject({ container: 'matroska', videoCodec: 'h264', audioCodecs: ['ac3'] })
		expect(probe.subtitleTracks).toEqual([{ streamIndex: 2, codec: 'subrip', language: 'eng', title: null, forced: false, text: true }])
		expect(playabilityOf(probe)).toEqual({ mode: 'remux' })
		expect(playabilityOf(media.mpeg4!.probe!)).toEqual({ mode: 'transcode' })
	})

	it('reads an MPEG-TS file (falling back to ffmpeg where ffprobe cannot)', async () => {
		const probe = await probeMedia({ kind: 'file', path: path.join(root, 'clip.ts'), cacheKey: 'test:ts' })
		expect(probe).toMatchObject({ container: 'mpegts', videoCodec: 'h264', width: 320, height: 180, audioCodecs: ['ac3'] })
		expect(probe.durationSeconds).toBeGreaterThan(19)
		expect(playabilityOf(probe)).toEqual({ mode: 'remux' })
		await expect(probeMedia({ kind: 'file', path: path.join(root, 'subs.srt'), cacheKey: 'test:srt' })).rejects.toThrow()
	})

	it('opens http URLs with the headers the source needs, and nothing but http(s)', async () => {
		const input: MediaInput = {
			kind: 'url',
			url: `${baseUrl}/remote/clip.mp4`,
			headers: { 'X-Api-Key': 'secret' },
			cacheKey: 'test:remote',
		}
		const probe = await probeMedia(input)
		expect(probe.videoCodec).toBe('h264')
		await expect(probeMedia({ ...input, headers: {}, cacheKey: 'test:remote-no-key' })).rejects.toThrow(/ffprobe failed/)
		expect(() => inputArgs({ kind: 'url', url: 'file:///etc/passwd', headers: {}, cacheKey: 'x' })).toThrow(/http/)
		expect(inputArgs({ ...input, headers: { 'X-Bad': 'a\r\nHost: evil' } })).not.toContain('-headers')
	})
})

describe('HLS playlist', () => {
	it('lists every segment of a 20 s file from the first request, as a VOD playlist', async () => {
		const response = await fetch(`${baseUrl}/playlist/mkv`)
		expect(response.headers.get('content-type')).toContain('application/vnd.apple.mpegurl')
		expect(response.headers.get('cache-control')).toBe('private, max-age=300')
		const text = await response.text()
		expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD')
		expect(text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true)
		expect(text.match(/^#EXTINF:/gm)).toHaveLength(4)
		expect(text).toContain('/seg/mkv/3')
	})
})

describe('serveHlsSegment', () => {
	it('serves segment 0 as MPEG-TS with H.264 copied and AAC audio, then from the cache', async () => {
		const response = await fetch(segmentUrl('mkv', 0))
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('video/mp2t')
		expect(response.headers.get('cache-control')).toContain('immutable')
		const bytes = Buffer.from(await response.arrayBuffer())
		const ts = await describeTs(bytes)
		expect(ts).toMatchObject({ video: 'h264', audio: 'aac', packetsAligned: true })
		// Every timestamp gets hls.server.ts's 1 s pad and mpegts's usual 1.4 s mux delay.
		expect(ts.start).toBeGreaterThanOrEqual(2.3)
		expect(ts.start).toBeLessThan(2.5)
		const spawned = hlsCountersForTests.spawned
		const again = await fetch(segmentUrl('mkv', 0))
		expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true)
		expect(hlsCountersForTests.spawned).toBe(spawned)
	})

	it('remuxes an MP4 too (AAC kept as AAC)', async () => {
		const response = await fetch(segmentUrl('mp4', 1))
		expect(response.status).toBe(200)
		expect(await describeTs(Buffer.from(await response.arrayBuffer()))).toMatchObject({ video: 'h264', audio: 'aac', packetsAligned: true })
	})

	it('starts ffmpeg at a later segment on a seek, with the source timestamps', async () => {
		const spawned = hlsCountersForTests.spawned
		const response = await fetch(segmentUrl('seek', 3))
		expect(response.status).toBe(200)
		const ts = await describeTs(Buffer.from(await response.arrayBuffer()))
		expect(ts).toMatchObject({ video: 'h264', audio: 'aac', packetsAligned: true })
		// Copied video starts on the keyframe at 18 s (GOP 2 s: the plan's boundary), plus the 1 s pad and 1.4 s mux delay.
		expect(ts.start).toBeGreaterThanOrEqual(18 + 2.3)
		expect(ts.start).toBeLessThanOrEqual(18 + 2.5)
		expect(hlsCountersForTests.spawned).toBe(spawned + 1)
		// The job began at segment 3: nothing before it was made.
		expect(fs.existsSync(path.join(hlsCacheDir(media.seek!.input, 'remux', segmentPlanFor(media.seek!.probe!, 'remux')), 'seg-0.ts'))).toBe(
			false,
		)
	})

	it('runs one ffmpeg for concurrent requests of the same segment', async () => {
		const spawned = hlsCountersForTests.spawned
		const [first, second] = await Promise.all([fetch(segmentUrl('shared', 2)), fetch(segmentUrl('shared', 2))])
		expect([first.status, second.status]).toEqual([200, 200])
		const [a, b] = [Buffer.from(await first.arrayBuffer()), Buffer.from(await second.arrayBuffer())]
		expect(a.equals(b)).toBe(true)
		expect(hlsCountersForTests.spawned).toBe(spawned + 1)
	})

	it('runs one ffmpeg across two processes asking for the same segment', async () => {
		const worker = spawn(
			process.execPath,
			['--import', 'tsx', path.join(import.meta.dirname, 'hls-worker.testing.ts'), path.join(root, 'clip.mkv'), 'test:two-processes'],
			{
				env: { ...process.env, NODE_ENV: 'test' },
				stdio: ['ignore', 'pipe', 'inherit'],
			},
		)
		try {
			const port = await new Promise<number>((resolve, reject) => {
				worker.stdout.once('data', (data: Buffer) => resolve(Number(data.toString().trim())))
				worker.once('exit', (code) => reject(new Error(`worker exited with ${code}`)))
			})
			const input: MediaInput = { kind: 'file', path: path.join(root, 'clip.mkv'), cacheKey: 'test:two-processes' }
			media.two = { input, probe: await probeMedia(input), mode: 'remux' }
			const spawned = hlsCountersForTests.spawned
			const responses = await Promise.all([
				fetch(`http://127.0.0.1:${port}/seg/2`),
				fetch(segmentUrl('two', 2)),
				fetch(`http://127.0.0.1:${port}/seg/2`),
				fetch(segmentUrl('two', 2)),
			])
			expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200])
			const bodies = await Promise.all(responses.map(async (response) => Buffer.from(await response.arrayBuffer())))
			for (const body of bodies) expect(body.equals(bodies[0]!)).toBe(true)
			const other = (await (await fetch(`http://127.0.0.1:${port}/spawned`)).json()) as { spawned: number }
			expect(other.spawned + (hlsCountersForTests.spawned - spawned)).toBe(1)
		} finally {
			worker.kill('SIGTERM')
		}
	}, 60_000)

	it('leaves the job to the process holding the lock and sends what it makes', async () => {
		const dir = hlsCacheDir(media.foreign!.input, 'remux', segmentPlanFor(media.foreign!.probe!, 'remux'))
		fs.mkdirSync(dir, { recursive: true })
		// Another live process on this host (the test runner's parent) holds the job.
		fs.writeFileSync(
			path.join(dir, 'job.lock'),
			JSON.stringify({ pid: process.ppid, host: os.hostname(), token: 'other', time: Date.now() }),
		)
		const spawned = hlsCountersForTests.spawned
		const pending = fetch(segmentUrl('foreign', 1))
		await new Promise((resolve) => setTimeout(resolve, 800))
		const made = fs.readFileSync(path.join(hlsCacheDir(media.mkv!.input, 'remux', segmentPlanFor(media.mkv!.probe!, 'remux')), 'seg-1.ts'))
		fs.writeFileSync(path.join(dir, 'seg-1.ts.tmp'), made)
		fs.renameSync(path.join(dir, 'seg-1.ts.tmp'), path.join(dir, 'seg-1.ts'))
		const response = await pending
		expect(response.status).toBe(200)
		expect(Buffer.from(await response.arrayBuffer()).equals(made)).toBe(true)
		expect(hlsCountersForTests.spawned).toBe(spawned)
		expect(JSON.parse(fs.readFileSync(path.join(dir, 'want.json'), 'utf8'))).toMatchObject({ index: 1 })
	})

	it('transcodes MPEG-4 video to H.264 with segments cut on the boundaries', async () => {
		// The plan: two 2 s segments, then 6 s ones (segment 1 starts at 2 s, segment 3 at 6 s).
		for (const [index, start] of [
			[1, 2],
			[3, 6],
		] as const) {
			const response = await fetch(segmentUrl('mpeg4', index))
			expect(response.status).toBe(200)
			const ts = await describeTs(Buffer.from(await response.arrayBuffer()))
			// Never enlarged: the 320x180 picture stays as it is.
			expect(ts).toMatchObject({ video: 'h264', audio: 'aac', size: '320x180', packetsAligned: true })
			// Keyframes forced on the boundary: the segment starts there exactly (+1 s pad, +1.4 s mux delay, less AAC priming).
			expect(ts.start).toBeGreaterThan(start + 2.3)
			expect(ts.start).toBeLessThan(start + 2.5)
		}
	}, 40_000)

	it('restarts a running transcode at a seek, in its transcode slot, and pauses it when far ahead', async () => {
		// The previous test's transcode may still hold the only slot.
		stopAllHlsJobs()
		const dir = hlsCacheDir(media.long!.input, 'transcode', segmentPlanFor(media.long!.probe!, 'transcode'))
		const spawned = hlsCountersForTests.spawned
		expect((await fetch(segmentUrl('long', 0))).status).toBe(200)
		// Seek to 2:00 (segment 22: two short ones come first) while the job is still at the start: ffmpeg restarts there.
		const response = await fetch(segmentUrl('long', 22))
		expect(response.status).toBe(200)
		const ts = await describeTs(Buffer.from(await response.arrayBuffer()))
		expect(ts.start).toBeGreaterThan(120 + 2.3)
		expect(ts.start).toBeLessThan(120 + 2.5)
		expect(hlsCountersForTests.spawned).toBe(spawned + 2)
		const made = () =>
			fs
				.readdirSync(dir)
				.filter((name) => /^seg-\d+\.ts$/.test(name))
				.map((name) => Number(/\d+/.exec(name)![0]))
		expect(made()).not.toContain(17)
		// It runs on to MAX_SEGMENTS_AHEAD (10) past the viewer, then waits.
		await expect.poll(() => Math.max(...made()), { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(32)
		const paused = Math.max(...made())
		await new Promise((resolve) => setTimeout(resolve, 2000))
		expect(Math.max(...made())).toBe(paused)
		expect(paused).toBeLessThanOrEqual(34)
		// The viewer catches up: it goes on.
		expect((await fetch(segmentUrl('long', 29))).status).toBe(200)
		await expect.poll(() => Math.max(...made()), { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(37)
		stopAllHlsJobs()
	}, 60_000)

	it('answers 503 "needs transcoding, server busy" beyond TRANSCODE_CONCURRENCY', async () => {
		stopAllHlsJobs()
		const slots = path.join(process.env.DATA_DIR!, 'hls-cache', '.transcode-slots')
		fs.mkdirSync(slots, { recursive: true })
		expect(transcodeSlotAvailable()).toBe(true)
		fs.writeFileSync(
			path.join(slots, 'slot-0.lock'),
			JSON.stringify({ pid: process.ppid, host: os.hostname(), token: 'other', time: Date.now() }),
		)
		expect(transcodeSlotAvailable()).toBe(false)
		const spawned = hlsCountersForTests.spawned
		const response = await fetch(segmentUrl('busy', 0))
		expect(response.status).toBe(503)
		expect(await response.json()).toEqual({ error: 'needs transcoding, server busy' })
		expect(hlsCountersForTests.spawned).toBe(spawned)
		fs.rmSync(path.join(slots, 'slot-0.lock'))
		expect(transcodeSlotAvailable()).toBe(true)
		process.env.TRANSCODE_CONCURRENCY = '0'
		resetEnvForTests()
		try {
			expect(transcodeSlotAvailable()).toBe(false)
			expect((await fetch(segmentUrl('busy', 1))).status).toBe(503)
		} finally {
			process.env.TRANSCODE_CONCURRENCY = '1'
			resetEnvForTests()
		}
	})

	it('answers 404 for a segment outside the media and 400 for a non-http URL', async () => {
		expect((await fetch(segmentUrl('mkv', 4))).status).toBe(404)
		expect((await fetch(segmentUrl('mkv', -1))).status).toBe(404)
		expect((await fetch(segmentUrl('mkv', 'abc'))).status).toBe(404)
		media.local = {
			input: { kind: 'url', url: 'file:///etc/passwd', headers: {}, cacheKey: 'test:local' },
			probe: media.mkv!.probe,
			mode: 'remux',
		}
		const response = await fetch(segmentUrl('local', 0))
		expect(response.status).toBe(400)
		expect(await response.json()).toEqual({ error: 'only http(s) URLs can be opened' })
	})
})

describe('extractSubtitleVtt', () => {
	it('turns an embedded SRT into WebVTT, cached under DATA_DIR', async () => {
		const track = media.mkv!.probe!.subtitleTracks[0]!
		const vtt = await extractSubtitleVtt(media.mkv!.input, track.streamIndex)
		expect(vtt.startsWith('WEBVTT')).toBe(true)
		// The generator muxed the SRT 5 ms late (the video's start time); extraction keeps the file's timing.
		expect(vtt).toMatch(/\n00:01\.00\d --> 00:04\.00\d\nHello from SRT\n/)
		expect(vtt).toContain('Hello from SRT')
		expect(vtt).toContain('Second cue')
		const cached = fs.readdirSync(path.join(process.env.DATA_DIR!, 'subtitle-cache'), { recursive: true }).map(String)
		expect(cached.some((name) => name.endsWith(`${track.streamIndex}.vtt`))).toBe(true)
		await expect(extractSubtitleVtt(media.mkv!.input, 9)).rejects.toThrow(/subtitle extraction failed/)
	})
})

describe('makeTrickplay', () => {
	it('makes a WebVTT thumbnails track over 160x90 JPEG tiles, one every 10 s', async () => {
		const outDir = path.join(root, 'trickplay')
		const { vttFile } = await makeTrickplay(media.mp4!.input, media.mp4!.probe!, outDir)
		expect(vttFile).toBe(path.join(outDir, 'thumbnails.vtt'))
		const vtt = fs.readFileSync(vttFile, 'utf8')
		expect(vtt).toBe(
			'WEBVTT\n\n00:00:00.000 --> 00:00:10.000\nsprite-0.jpg#xywh=0,0,160,90\n\n00:00:10.000 --> 00:00:20.000\nsprite-0.jpg#xywh=160,0,160,90\n',
		)
		const sprite = path.join(outDir, 'sprite-0.jpg')
		const metadata = await sharp(sprite).metadata()
		expect(metadata).toMatchObject({ format: 'jpeg', height: 90, width: 1600 })
		// Each tile is a picture (the test pattern), not an empty slot.
		for (const left of [0, 160]) {
			const stats = await sharp(sprite).extract({ left, top: 0, width: 160, height: 90 }).stats()
			expect(stats.channels[0]!.stdev).toBeGreaterThan(20)
		}
	}, 30_000)
})
