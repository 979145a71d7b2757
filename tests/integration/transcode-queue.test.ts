import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApi, type RunningApi } from '#tests/support/api-test-client.ts'
import { setCatalogBackendForTests } from '#server/catalog/catalog.server.ts'
import type { CatalogRoute } from '#server/catalog/tmdb-paths.ts'
import { notFound } from '#server/http/errors.server.ts'
import { scanMediaFolder } from '#server/sources/media-folder/index.server.ts'
import { mediaFolderLookup } from '#server/sources/media-folder/media-folder-source.server.ts'
import { ffmpegPaths, resetFfmpegPathsForTests } from '#server/sources/media/ffmpeg.server.ts'
import { FileLock } from '#server/sources/media/cache-lock.server.ts'
import { stopAllHlsJobs } from '#server/sources/media/hls.server.ts'
import { liveTickets } from '#server/sources/media/transcode-slots.server.ts'
import { resetSigningSecretForTests } from '#server/sources/signing.server.ts'
import type { HlsStream, LookupContext, ScrapeRequest } from '#server/sources/types.ts'
import { keepEnv, setEnv } from '#tests/support/env.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { mediaCorpus } from '../../scripts/make-media-corpus.ts'

// Issue 25 item 7 through the media folder's routes, with one transcode slot
// (TRANSCODE_CONCURRENCY=1): while a film is transcoded, a second viewer is
// offered its stream (not "server busy"), waits in line with its place, and
// is served once the first viewer has left (its job stops); a third waits
// behind it; a viewer who leaves gives up its place, and a forgotten ticket
// expires.

const ENV_KEYS = ['MEDIA_DIR', 'MEDIA_ACCESS', 'DATA_DIR', 'SAMPLE_MEDIA', 'TMDB_API_KEY', 'TMDB_READ_TOKEN', 'TRANSCODE_CONCURRENCY']
const env = keepEnv(ENV_KEYS)

const FILMS = [
	{ id: 101, title: 'First Film', year: 2001 },
	{ id: 102, title: 'Second Film', year: 2002 },
	{ id: 103, title: 'Third Film', year: 2003 },
	{ id: 104, title: 'Fourth Film', year: 2004 },
]
const fakeCatalogue = {
	get(route: CatalogRoute): Promise<unknown> {
		const titles = FILMS.map((film) => ({ id: film.id, media_type: 'movie', title: film.title, release_date: `${film.year}-05-01` }))
		if (route.name === 'search') {
			const words = route.query.query.toLowerCase()
			return Promise.resolve({
				page: 1,
				results: titles.filter((t) => t.title.toLowerCase().includes(words)),
				total_pages: 1,
				total_results: 0,
			})
		}
		if (route.name === 'details') {
			const title = titles.find((t) => t.id === route.id && route.media === 'movie')
			return title ? Promise.resolve({ ...title, original_title: title.title }) : Promise.reject(notFound())
		}
		return Promise.reject(notFound())
	},
}

let root: string
let testDb: TestDatabase
let api: RunningApi
const context: LookupContext = { signal: new AbortController().signal, user: null, clientKey: 'test' }
const request = (film: (typeof FILMS)[number]): ScrapeRequest => ({
	type: 'movie',
	title: film.title,
	releaseYear: film.year,
	tmdbId: film.id,
	imdbId: null,
})

async function streamOf(film: (typeof FILMS)[number]): Promise<HlsStream> {
	const result = await mediaFolderLookup(request(film), context)
	expect(result, film.title).toMatchObject({ kind: 'found' })
	return (result as { streams: HlsStream[] }).streams[0]!
}

type Turn = { state: 'ready' } | { state: 'waiting'; position: number; ticket: string; pollMs: number }

async function askTurn(stream: HlsStream, body: Record<string, unknown> = {}): Promise<Turn> {
	const response = await fetch(`${api.baseUrl}${stream.queue}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	})
	expect(response.status, await response.clone().text()).toBe(200)
	expect(response.headers.get('cache-control')).toBe('no-store')
	return (await response.json()) as Turn
}

async function segmentUrls(stream: HlsStream): Promise<string[]> {
	const text = await (await fetch(`${api.baseUrl}${stream.playlist}`)).text()
	return text.split('\n').filter((line) => line.includes('/seg-'))
}

beforeAll(async () => {
	root = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-queue-'))
	const movies = path.join(root, 'media', 'Movies')
	fs.mkdirSync(movies, { recursive: true })
	setEnv({
		MEDIA_DIR: path.join(root, 'media'),
		MEDIA_ACCESS: 'everyone',
		DATA_DIR: path.join(root, 'data'),
		SAMPLE_MEDIA: 'off',
		TMDB_API_KEY: undefined,
		TMDB_READ_TOKEN: undefined,
		TRANSCODE_CONCURRENCY: '1',
	})
	resetFfmpegPathsForTests()
	const ffmpeg = ffmpegPaths().ffmpeg
	if (!ffmpeg) throw new Error('ffmpeg is required for these tests')
	// The first film: MPEG-4 video (transcoded), 4 minutes, so its transcode is still there (run or paused ahead) while the others wait.
	execFileSync(ffmpeg, [
		...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=240'],
		...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=240', '-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'mp3'],
		path.join(movies, 'First Film (2001).mkv'),
	])
	// The others: the corpus's 10-bit HEVC with EAC3 (transcoded), under their own names.
	const hevc = path.join(mediaCorpus(), 'HEVC 10-bit (2022).mkv')
	for (const film of FILMS.slice(1)) fs.copyFileSync(hevc, path.join(movies, `${film.title} (${film.year}).mkv`))
	const past = new Date(Date.now() - 60_000)
	for (const name of fs.readdirSync(movies)) fs.utimesSync(path.join(movies, name), past, past)
	resetSigningSecretForTests()
	setCatalogBackendForTests(fakeCatalogue)
	testDb = await createTestDatabase('sqlite')
	api = await startApi(testDb.handle)
	expect((await scanMediaFolder()).matched).toBe(FILMS.length)
}, 120_000)

afterAll(async () => {
	stopAllHlsJobs()
	await api?.close()
	await testDb?.destroy()
	setCatalogBackendForTests(undefined)
	env.restore()
	resetFfmpegPathsForTests()
	resetSigningSecretForTests()
	fs.rmSync(root, { recursive: true, force: true })
})

describe('the transcode queue (one slot)', () => {
	it('a second viewer waits in line with its place, and is served once the first viewer has left', async () => {
		const [first, second, third] = await Promise.all(FILMS.slice(0, 3).map(streamOf))
		expect(first!.queue).toMatch(/^\/api\/stream\/library\/[\w-]{22}\/hls\/queue\?exp=\d+&sig=/)

		// The first viewer's turn starts its transcode at once (in the only slot).
		expect(await askTurn(first!)).toEqual({ state: 'ready' })
		const firstSegments = await segmentUrls(first!)
		expect((await fetch(`${api.baseUrl}${firstSegments[0]}`)).status).toBe(200)

		// A second film is still offered (it was "needs transcoding, server busy"), and its viewer waits, first in line.
		expect((await streamOf(FILMS[1]!)).type).toBe('hls')
		const waiting = await askTurn(second!, { from: 7 })
		expect(waiting).toMatchObject({ state: 'waiting', position: 1, pollMs: 2000 })
		const ticket = (waiting as { ticket: string }).ticket
		expect(ticket).toMatch(/^[a-f0-9]{32}$/)
		// A third viewer waits behind it; asking again keeps each one's place.
		const behind = await askTurn(third!)
		expect(behind).toMatchObject({ state: 'waiting', position: 2 })
		expect(await askTurn(second!, { ticket, from: 7 })).toEqual({ ...waiting, ticket })
		// Nobody overtakes: the third film's segment, asked without waiting in line, is refused while others wait.
		const [thirdSegment] = await segmentUrls(third!)
		const refused = await fetch(`${api.baseUrl}${thirdSegment}`)
		expect(refused.status).toBe(503)
		expect(await refused.json()).toEqual({ error: 'needs transcoding, server busy' })

		// The first viewer left 30 s ago (its last request): its job stops at its next tick, and the slot goes to the
		// second viewer, whose transcode starts where it resumes (7 s: segment 1).
		const cache = path.join(process.env.DATA_DIR!, 'hls-cache')
		const running = fs.readdirSync(cache).filter((name) => fs.existsSync(path.join(cache, name, 'job.lock')))
		expect(running).toHaveLength(1)
		fs.writeFileSync(path.join(cache, running[0]!, 'want.json'), JSON.stringify({ index: 0, at: Date.now() - 31_000 }))
		let turn: Turn = waiting
		const deadline = Date.now() + 60_000
		while (turn.state === 'waiting' && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 250))
			turn = await askTurn(second!, { ticket, from: 7 })
			// The third viewer keeps its ticket alive meanwhile.
			await askTurn(third!, { ticket: (behind as { ticket: string }).ticket })
		}
		expect(turn).toEqual({ state: 'ready' })
		const secondSegments = await segmentUrls(second!)
		const served = await fetch(`${api.baseUrl}${secondSegments[1]}`)
		expect(served.status).toBe(200)
		expect(served.headers.get('content-type')).toBe('video/mp2t')
		expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(1000)

		// The third viewer moves up to first in line, then leaves: its ticket is gone at once.
		const thirdTicket = (behind as { ticket: string }).ticket
		expect(await askTurn(third!, { ticket: thirdTicket })).toMatchObject({ state: 'waiting', position: 1, ticket: thirdTicket })
		const left = await fetch(`${api.baseUrl}${third!.queue}&ticket=${thirdTicket}`, { method: 'DELETE' })
		expect(left.status).toBe(204)
		expect(liveTickets().map((t) => t.ticket)).not.toContain(thirdTicket)
		stopAllHlsJobs()
	}, 120_000)

	it('a ticket its viewer stops renewing expires, and those behind move up', async () => {
		stopAllHlsJobs()
		const [, , third, fourth] = await Promise.all(FILMS.map(streamOf))
		// Another process sharing DATA_DIR holds the only slot (its transcode runs there).
		const slots = path.join(process.env.DATA_DIR!, 'hls-cache', '.transcode-slots')
		fs.mkdirSync(slots, { recursive: true })
		const held = FileLock.tryAcquire(path.join(slots, 'slot-0.lock'), 'another process')!
		expect(held).not.toBeNull()
		const gone = (await askTurn(third!)) as { ticket: string; position: number }
		expect(gone.position).toBe(1)
		const stays = (await askTurn(fourth!)) as { ticket: string; position: number }
		expect(stays.position).toBe(2)
		// The third viewer's tab was closed: nothing renews its ticket for longer than its life.
		const file = path.join(process.env.DATA_DIR!, 'hls-cache', '.transcode-queue', `${gone.ticket}.json`)
		const longAgo = new Date(Date.now() - 60_000)
		fs.utimesSync(file, longAgo, longAgo)
		expect(await askTurn(fourth!, { ticket: stays.ticket })).toMatchObject({ state: 'waiting', position: 1, ticket: stays.ticket })
		expect(fs.existsSync(file)).toBe(false)
		// Asking with the expired ticket joins at the end of the line, with a new ticket.
		const back = (await askTurn(third!, { ticket: gone.ticket })) as { ticket: string; position: number }
		expect(back.position).toBe(2)
		expect(back.ticket).not.toBe(gone.ticket)
		// The slot is given back: the first in line gets it on its next ask, and a viewer of the same film joins its job at once.
		held.release()
		expect(await askTurn(fourth!, { ticket: stays.ticket })).toEqual({ state: 'ready' })
		expect(await askTurn(fourth!)).toEqual({ state: 'ready' })
		expect(await askTurn(third!, { ticket: back.ticket })).toMatchObject({ state: 'waiting', position: 1, ticket: back.ticket })
		stopAllHlsJobs()
	}, 60_000)

	it('refuses hostile turn requests with a 4xx', async () => {
		const stream = await streamOf(FILMS[1]!)
		const post = (url: string, body: unknown) =>
			fetch(`${api.baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
		for (const body of [{ ticket: '../../etc/passwd' }, { ticket: 'A'.repeat(32) }, { from: -1 }, { from: 'soon' }, { extra: 1 }]) {
			const response = await post(stream.queue!, body)
			expect(response.status, JSON.stringify(body)).toBe(400)
			expect(await response.json()).toHaveProperty('error')
		}
		expect((await post(stream.queue!.replace(/sig=[^&]+/, 'sig=forged'), {})).status).toBe(403)
		expect((await fetch(`${api.baseUrl}${stream.queue}&ticket=nope`, { method: 'DELETE' })).status).toBe(400)
	})
})
