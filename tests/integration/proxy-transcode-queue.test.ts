import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryCache, setCacheForTests } from '#server/cache/cache.server.ts'
import { addonSources } from '#server/sources/addons/addon-sources.server.ts'
import { FileLock } from '#server/sources/media/cache-lock.server.ts'
import { ffmpegPaths, resetFfmpegPathsForTests } from '#server/sources/media/ffmpeg.server.ts'
import { stopAllHlsJobs } from '#server/sources/media/hls.server.ts'
import { liveTickets } from '#server/sources/media/transcode-slots.server.ts'
import { closeRelay } from '#server/sources/proxy/relay.server.ts'
import { resetSigningSecretForTests } from '#server/sources/signing.server.ts'
import type { HlsStream, LookupContext, ScrapeRequest } from '#server/sources/types.ts'
import { useApiOnTestDatabase } from '#tests/support/api.ts'
import { keepEnv, setEnv } from '#tests/support/env.ts'

// Issue 25 item 7 for add-on streams: a stream the proxy re-encodes (MPEG-4
// video in MKV) waits in the same line for the one transcode slot
// (TRANSCODE_CONCURRENCY=1) as the media folder's files, through a `queue`
// URL beside its playlist, instead of meeting "needs transcoding, server
// busy"; a stream that is only remuxed needs no slot and is ready at once.

const IMDB = 'tt0137523'
const ENV_KEYS = ['DATA_DIR', 'STREAM_SIGNING_SECRET', 'STREMIO_ADDONS', 'TRANSCODE_CONCURRENCY']
const env = keepEnv(ENV_KEYS)

let root: string
let host: Server
const movie: ScrapeRequest = { type: 'movie', title: 'Fight Club', releaseYear: 1999, tmdbId: 550, imdbId: IMDB }
const context = (): LookupContext => ({ signal: AbortSignal.timeout(10_000), user: null, clientKey: 'test' })

function encode(output: string, video: string[], audio: string[]) {
	const ffmpeg = ffmpegPaths().ffmpeg
	if (!ffmpeg) throw new Error('ffmpeg is required for these tests')
	execFileSync(ffmpeg, [
		...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=60'],
		...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=60', ...video, ...audio],
		output,
	])
}

beforeAll(async () => {
	root = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-proxy-queue-'))
	resetFfmpegPathsForTests()
	// Re-encoded by the proxy (MPEG-4 video), and only remuxed (H.264 copied, AC3 to AAC).
	encode(path.join(root, 'transcoded.mkv'), ['-c:v', 'mpeg4', '-q:v', '5'], ['-c:a', 'mp3'])
	encode(path.join(root, 'remuxed.mkv'), ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50'], ['-c:a', 'ac3'])
	// An owner's add-on and its media host in one (an owner's add-on may live on the LAN).
	const app = express()
	const origin = () => `http://127.0.0.1:${(host.address() as AddressInfo).port}`
	app.get('/media/:name', (req, res) => res.sendFile(path.join(root, path.basename(req.params.name))))
	app.get('/manifest.json', (_req, res) => {
		res.json({
			id: 'org.willow.queue-test',
			version: '1.0.0',
			name: 'Queue Test',
			resources: ['stream'],
			types: ['movie'],
			idPrefixes: ['tt'],
			catalogs: [],
		})
	})
	app.get(`/stream/movie/${IMDB}.json`, (_req, res) => {
		res.json({
			streams: [
				{ url: `${origin()}/media/transcoded.mkv`, name: 'Queue Test', title: 'MPEG-4 MKV' },
				{ url: `${origin()}/media/remuxed.mkv`, name: 'Queue Test', title: 'H.264 MKV' },
			],
		})
	})
	host = await new Promise((resolve) => {
		const server = app.listen(0, '127.0.0.1', () => resolve(server))
	})
	setEnv({
		DATA_DIR: path.join(root, 'data'),
		STREAM_SIGNING_SECRET: 'proxy-queue-tests-signing-secret-0123456789',
		STREMIO_ADDONS: `${origin()}/manifest.json`,
		TRANSCODE_CONCURRENCY: '1',
	})
	resetSigningSecretForTests()
	setCacheForTests(createMemoryCache())
}, 120_000)

afterAll(async () => {
	stopAllHlsJobs()
	await closeRelay()
	env.restore()
	resetSigningSecretForTests()
	setCacheForTests(undefined)
	await new Promise((resolve) => {
		host.closeAllConnections()
		host.close(resolve)
	})
	fs.rmSync(root, { recursive: true, force: true })
})

describe('add-on streams transcoded through the proxy wait in line (one slot)', () => {
	const running = useApiOnTestDatabase('sqlite')
	const url = (path: string) => `${running.api.baseUrl}${path}`

	async function streams(): Promise<[HlsStream, HlsStream]> {
		const [source] = await addonSources(null)
		const result = await source!.lookup(movie, context())
		if (result.kind !== 'found') throw new Error(`expected streams, got ${JSON.stringify(result)}`)
		return result.streams as [HlsStream, HlsStream]
	}

	async function askTurn(stream: HlsStream, body: Record<string, unknown> = {}) {
		const response = await fetch(url(stream.queue!), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		})
		expect(response.status, await response.clone().text()).toBe(200)
		expect(response.headers.get('cache-control')).toBe('no-store')
		return (await response.json()) as { state: string; position?: number; ticket?: string; pollMs?: number }
	}

	const segment = (stream: HlsStream, index: number) => fetch(url(stream.playlist.replace(/remux\.m3u8$/, `seg-${index}.ts`)))

	it('a viewer of a re-encoded stream waits with its place while the slot is taken, then plays', async () => {
		const [transcoded, remuxed] = await streams()
		expect(transcoded).toMatchObject({ type: 'hls', label: 'Queue Test · MPEG-4 MKV' })
		expect(transcoded.playlist).toMatch(/^\/api\/stream\/proxy\/[\w-]+\/remux\.m3u8$/)
		expect(transcoded.queue).toBe(transcoded.playlist.replace(/remux\.m3u8$/, 'queue'))
		expect(remuxed.queue).toBe(remuxed.playlist.replace(/remux\.m3u8$/, 'queue'))

		// Another process sharing DATA_DIR transcodes in the only slot.
		const slots = path.join(process.env.DATA_DIR!, 'hls-cache', '.transcode-slots')
		fs.mkdirSync(slots, { recursive: true })
		const held = FileLock.tryAcquire(path.join(slots, 'slot-0.lock'), 'another process')
		expect(held).not.toBeNull()
		try {
			const waiting = await askTurn(transcoded, { from: 7 })
			expect(waiting).toMatchObject({ state: 'waiting', position: 1, pollMs: 2000 })
			expect(waiting.ticket).toMatch(/^[a-f0-9]{32}$/)
			expect(await askTurn(transcoded, { ticket: waiting.ticket, from: 7 })).toEqual(waiting)
			// Out of turn, its segments are still refused while the slot is taken.
			const refused = await segment(transcoded, 0)
			expect(refused.status).toBe(503)
			expect(await refused.json()).toEqual({ error: 'needs transcoding, server busy' })
			// A stream that is only remuxed needs no slot: ready at once, and its segments come.
			expect(await askTurn(remuxed)).toEqual({ state: 'ready' })
			expect((await segment(remuxed, 0)).status).toBe(200)
		} finally {
			held!.release()
		}
		// The slot is free: the waiting viewer's turn starts its transcode where it resumes (7 s: segment 2).
		const ticket = liveTickets()[0]!.ticket
		expect(await askTurn(transcoded, { ticket, from: 7 })).toEqual({ state: 'ready' })
		expect(liveTickets()).toHaveLength(0)
		const served = await segment(transcoded, 2)
		expect(served.status).toBe(200)
		expect(served.headers.get('content-type')).toBe('video/mp2t')
		expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(1000)
		stopAllHlsJobs()
	}, 120_000)

	it('a viewer who leaves gives its place up, and hostile turn requests get a 4xx', async () => {
		stopAllHlsJobs()
		const [transcoded] = await streams()
		const slots = path.join(process.env.DATA_DIR!, 'hls-cache', '.transcode-slots')
		const held = FileLock.tryAcquire(path.join(slots, 'slot-0.lock'), 'another process')!
		try {
			const waiting = await askTurn(transcoded)
			expect(waiting).toMatchObject({ state: 'waiting', position: 1 })
			const left = await fetch(`${url(transcoded.queue!)}?ticket=${waiting.ticket}`, { method: 'DELETE' })
			expect(left.status).toBe(204)
			expect(liveTickets()).toHaveLength(0)
		} finally {
			held.release()
		}
		const post = (target: string, body: unknown) =>
			fetch(url(target), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
		for (const body of [{ ticket: '../../etc/passwd' }, { from: -1 }, { extra: 1 }]) {
			const response = await post(transcoded.queue!, body)
			expect(response.status, JSON.stringify(body)).toBe(400)
			expect(await response.json()).toHaveProperty('error')
		}
		expect((await fetch(`${url(transcoded.queue!)}?ticket=nope`, { method: 'DELETE' })).status).toBe(400)
		expect((await post('/api/stream/proxy/forged-token/queue', {})).status).toBe(403)
	}, 60_000)
})
