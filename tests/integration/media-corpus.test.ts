// Remux and transcode on files made the way owners' files are made (the
// corpus of scripts/make-media-corpus.ts: x264/x265 presets with their
// default ~10 s GOPs and scene-cut keyframes, variable frame rate, 10-bit
// HEVC, AC3/EAC3/DTS, two audio tracks, ASS and SRT). Every H.264 file is
// remuxed, its playlist lasts as long as the file, and each segment's first
// video and audio timestamps continue the previous segment's within a frame,
// both when one ffmpeg makes them in order and when every segment is the
// first of its own job (a seek).
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CORPUS, mediaCorpus } from '../../scripts/make-media-corpus.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import {
	ffmpegPaths,
	playabilityOf,
	probeMedia,
	resetFfmpegPathsForTests,
	type MediaInput,
	type ProbedMedia,
} from '#server/sources/media/ffmpeg.server.ts'
import { hlsPlaylistFor, segmentPlanFor, serveHlsSegment, stopAllHlsJobs, type HlsMode } from '#server/sources/media/hls.server.ts'
import { matroskaCueKeyframes, readKeyframes } from '#server/sources/media/keyframes.server.ts'

const run = promisify(execFile)

let root: string
let corpus: string
let ffprobe: string
let baseUrl: string
let server: ReturnType<express.Express['listen']>
let rangeBytes = 0
const entries = new Map<string, { input: MediaInput; probe: ProbedMedia; mode: HlsMode }>()

beforeAll(async () => {
	root = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-corpus-'))
	process.env.DATA_DIR = path.join(root, 'data')
	resetEnvForTests()
	resetFfmpegPathsForTests()
	ffprobe = ffmpegPaths().ffprobe!
	corpus = mediaCorpus()
	const app = express()
	app.get('/long-gop.mkv', (req, res) => {
		const range = /bytes=(\d+)-(\d+)/.exec(req.get('range') ?? '')
		if (range) rangeBytes += Number(range[2]) - Number(range[1]) + 1
		res.sendFile(path.join(corpus, 'Long GOP (2021).mkv'), { dotfiles: 'allow' })
	})
	app.get('/:key/index.m3u8', (req, res) => {
		const entry = entries.get(req.params.key)!
		res.type('application/vnd.apple.mpegurl').send(hlsPlaylistFor(entry.probe, entry.mode, (index) => `seg-${index}.ts`))
	})
	app.get('/:key/seg-:index.ts', async (req, res) => {
		const entry = entries.get(req.params.key)!
		await serveHlsSegment(entry.input, entry.probe, entry.mode, Number(req.params.index), req, res)
	})
	await new Promise<void>((resolve) => {
		server = app.listen(0, '127.0.0.1', () => resolve())
	})
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 180_000)

afterAll(async () => {
	stopAllHlsJobs()
	await new Promise((resolve) => server?.close(resolve))
	fs.rmSync(root, { recursive: true, force: true })
	delete process.env.DATA_DIR
	resetEnvForTests()
})

async function register(file: string, key: string) {
	const input: MediaInput = { kind: 'file', path: path.join(corpus, file), cacheKey: `corpus:${key}` }
	const probe = await probeMedia(input)
	const mode = playabilityOf(probe).mode === 'transcode' ? ('transcode' as const) : ('remux' as const)
	entries.set(key, { input, probe, mode })
	return entries.get(key)!
}

interface Span {
	start: number
	end: number
}

/** First timestamp and end (last timestamp + its duration) of the video and the audio in one segment. */
async function spansOf(bytes: Buffer): Promise<{ video: Span; audio: Span }> {
	const file = path.join(root, `seg-${Math.random().toString(36).slice(2)}.ts`)
	fs.writeFileSync(file, bytes)
	const { stdout } = await run(ffprobe, ['-v', 'error', '-show_entries', 'packet=codec_type,pts_time,duration_time', '-of', 'json', file])
	const packets = (JSON.parse(stdout) as { packets: Array<{ codec_type: string; pts_time: string; duration_time?: string }> }).packets
	const span = (type: string): Span => {
		const list = packets
			.filter((p) => p.codec_type === type)
			.map((p) => ({ pts: Number(p.pts_time), duration: Number(p.duration_time ?? 0) }))
		expect(list.length, `${type} packets in a segment`).toBeGreaterThan(0)
		return { start: Math.min(...list.map((p) => p.pts)), end: Math.max(...list.map((p) => p.pts + p.duration)) }
	}
	return { video: span('video'), audio: span('audio') }
}

async function fetchSegment(key: string, index: number) {
	const response = await fetch(`${baseUrl}/${key}/seg-${index}.ts`)
	expect(response.status, `segment ${index}`).toBe(200)
	return spansOf(Buffer.from(await response.arrayBuffer()))
}

/** Checks that segments follow each other within one frame of video and one frame of audio. */
function expectContinuous(spans: Array<{ video: Span; audio: Span }>, starts: number[], frameSeconds: number) {
	const audioFrame = 1024 / 48_000
	const origin = spans[0]!.video.start - starts[0]!
	for (let index = 1; index < spans.length; index++) {
		const [before, after] = [spans[index - 1]!, spans[index]!]
		expect(Math.abs(after.video.start - before.video.end), `video at segment ${index}`).toBeLessThanOrEqual(frameSeconds + 0.002)
		expect(Math.abs(after.audio.start - before.audio.end), `audio at segment ${index}`).toBeLessThanOrEqual(audioFrame + 0.002)
		// Each segment's picture starts where the playlist says it does.
		expect(Math.abs(after.video.start - origin - starts[index]!), `start of segment ${index}`).toBeLessThanOrEqual(frameSeconds + 0.002)
	}
}

const h264Files = CORPUS.filter((file) => file.videoCodec === 'h264')

describe('the media corpus', () => {
	it('has real long GOPs: x264 defaults put keyframes ~10 s apart, and scene cuts between', async () => {
		const { probe } = await register('Long GOP (2021).mkv', 'gop')
		expect(probe.keyframes).toBeTruthy()
		const keyframes = probe.keyframes!
		expect(keyframes.length).toBeLessThanOrEqual(6)
		expect(keyframes.some((time) => time > 9.5 && time < 10.5)).toBe(true)
		expect(keyframes.some((time) => Math.abs(time % 2) > 0.1 && time > 11 && time < 13)).toBe(true)
	})
})

describe('keyframes', () => {
	it('reads the same keyframes from Matroska cues as ffprobe finds in the packets', async () => {
		for (const file of CORPUS.filter((f) => f.videoCodec && f.name.endsWith('.mkv'))) {
			const handle = await fs.promises.open(path.join(corpus, file.name), 'r')
			const cues = await matroskaCueKeyframes(async (offset, length) => {
				const buffer = Buffer.alloc(length)
				const { bytesRead } = await handle.read(buffer, 0, length, offset)
				return buffer.subarray(0, bytesRead)
			})
			await handle.close()
			const { stdout } = await run(ffprobe, [
				'-v',
				'error',
				'-select_streams',
				'v:0',
				'-show_entries',
				'packet=pts_time,flags',
				'-of',
				'csv=p=0',
				path.join(corpus, file.name),
			])
			const fromPackets = stdout
				.split('\n')
				.filter((line) => line.includes('K'))
				.map((line) => Number(line.split(',')[0]))
			expect(cues, file.name).toEqual(fromPackets.map((time) => expect.closeTo(time, 3)))
		}
	})

	it("reads a remote MKV's cues by byte ranges (a proxied stream), the same as from the file", async () => {
		const name = 'Long GOP (2021).mkv'
		const fromFile = await readKeyframes({ kind: 'file', path: path.join(corpus, name), cacheKey: 'x' }, 'matroska')
		const fromUrl = await readKeyframes({ kind: 'url', url: `${baseUrl}/long-gop.mkv`, headers: {}, cacheKey: 'y' }, 'matroska')
		expect(fromUrl).toEqual(fromFile)
		// A handful of small reads, never the whole file.
		expect(rangeBytes).toBeLessThan(200_000)
	})

	it('finds no cues in an MP4 or an empty file, so ffprobe is asked', async () => {
		const empty = await matroskaCueKeyframes(async () => Buffer.alloc(0))
		expect(empty).toBeNull()
		const mp4 = CORPUS.find((file) => file.name.endsWith('.mp4'))!
		const { probe } = await register(mp4.name, 'mp4')
		expect(probe.keyframes!.length).toBeGreaterThanOrEqual(3)
	})
})

describe.each(h264Files)('$name', (file) => {
	const key = file.name.replace(/\W+/g, '-').toLowerCase()

	it('is remuxed, with a playlist as long as the file, on its own keyframes', async () => {
		const { probe, mode } = await register(file.name, key)
		expect(mode).toBe('remux')
		const { stdout } = await run(ffprobe, [
			'-v',
			'error',
			'-show_entries',
			'format=duration',
			'-of',
			'csv=p=0',
			path.join(corpus, file.name),
		])
		const playlist = await (await fetch(`${baseUrl}/${key}/index.m3u8`)).text()
		const extinf = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]))
		expect(Math.abs(extinf.reduce((a, b) => a + b, 0) - Number(stdout))).toBeLessThanOrEqual(0.1)
		for (const start of segmentPlanFor(probe, 'remux').starts.slice(1)) expect(probe.keyframes).toContain(start)
	})

	it('makes segments that continue each other, in order from one job', async () => {
		const { probe } = entries.get(key)!
		const plan = segmentPlanFor(probe, 'remux')
		const spans = []
		for (let index = 0; index < plan.starts.length; index++) spans.push(await fetchSegment(key, index))
		expectContinuous(spans, plan.starts, 1 / 23.9)
	}, 60_000)

	it('makes the same continuity when every segment starts its own job (seeks)', async () => {
		const entry = entries.get(key)!
		entries.set(`${key}-seek`, { ...entry, input: { ...entry.input, cacheKey: `${entry.input.cacheKey}:seek` } })
		const plan = segmentPlanFor(entry.probe, 'remux')
		const spans = []
		// Last first: each earlier segment is behind the running job, so it restarts there.
		for (let index = plan.starts.length - 1; index >= 0; index--) spans.unshift(await fetchSegment(`${key}-seek`, index))
		expectContinuous(spans, plan.starts, 1 / 23.9)
	}, 60_000)
})

describe('HEVC 10-bit', () => {
	it('is transcoded on a grid of forced keyframes (two short segments first), continuous across segments', async () => {
		const { probe, mode } = await register('HEVC 10-bit (2022).mkv', 'hevc')
		expect(mode).toBe('transcode')
		const plan = segmentPlanFor(probe, 'transcode')
		expect(plan.starts).toEqual([0, 2, 4, 6, 12, 18])
		const spans = []
		for (let index = 0; index < plan.starts.length; index++) spans.push(await fetchSegment('hevc', index))
		expectContinuous(spans, plan.starts, 1 / 23.9)
	}, 90_000)
})
