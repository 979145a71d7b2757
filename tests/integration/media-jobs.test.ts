import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { setCatalogBackendForTests } from '#server/catalog/catalog.server.ts'
import type { CatalogRoute } from '#server/catalog/tmdb-paths.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { notFound } from '#server/http/errors.server.ts'
import { logger } from '#server/logger.server.ts'
import { startMediaFolderJobs, takeLease } from '#server/sources/media-folder/jobs.server.ts'
import { MEDIA_FOLDER_STREAM_BASE } from '#server/sources/media-folder/media-folder-source.server.ts'
import { resetSigningSecretForTests, signPath } from '#server/sources/signing.server.ts'
import { startApi, type RunningApi } from '#tests/support/api-test-client.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

// The media folder's background work, done by whichever process holds the
// lease: the watch picks up files added and removed without a manual scan,
// new files are probed, thumbnails (trickplay) are made and served at their
// signed /trickplay/ URLs, and when the leaseholder stops another takes over.

const require = createRequire(import.meta.url)
const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path
const run = (args: string[]) => execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args])

const TITLES = [
	{ id: 550, media_type: 'movie', title: 'Fight Club', release_date: '1999-10-15' },
	{ id: 13, media_type: 'movie', title: 'Forrest Gump', release_date: '1994-06-23' },
]
const fakeCatalogue = {
	get(route: CatalogRoute): Promise<unknown> {
		if (route.name === 'search') {
			const words = route.query.query.toLowerCase()
			return Promise.resolve({
				page: 1,
				results: TITLES.filter((t) => t.title.toLowerCase().includes(words)),
				total_pages: 1,
				total_results: 0,
			})
		}
		if (route.name === 'details') {
			const title = TITLES.find((t) => t.id === route.id && t.media_type === route.media)
			return title ? Promise.resolve({ ...title, original_title: title.title }) : Promise.reject(notFound())
		}
		return Promise.reject(notFound())
	},
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-media-jobs-'))
const media = path.join(root, 'media')
const clip = path.join(root, 'clip.mp4')

async function until<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 60_000): Promise<T> {
	const end = Date.now() + timeoutMs
	for (;;) {
		const value = await probe()
		if (value) return value
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
}

beforeAll(() => {
	fs.mkdirSync(path.join(media, 'Fight Club (1999)'), { recursive: true })
	run([
		'-f',
		'lavfi',
		'-i',
		'testsrc=size=320x180:rate=25:duration=12',
		'-c:v',
		'libx264',
		'-preset',
		'ultrafast',
		'-pix_fmt',
		'yuv420p',
		'-movflags',
		'+faststart',
		clip,
	])
	fs.copyFileSync(clip, path.join(media, 'Fight Club (1999)', 'Fight Club (1999).mp4'))
	const past = new Date(Date.now() - 60_000)
	fs.utimesSync(path.join(media, 'Fight Club (1999)', 'Fight Club (1999).mp4'), past, past)
	return () => fs.rmSync(root, { recursive: true, force: true })
}, 60_000)

describe.each(DIALECTS)('media folder background jobs on %s', (dialect) => {
	let testDb: TestDatabase
	let api: RunningApi
	const stops: Array<() => Promise<void>> = []

	beforeAll(async () => {
		process.env.MEDIA_DIR = media
		process.env.MEDIA_ACCESS = 'everyone'
		process.env.DATA_DIR = path.join(root, `data-${dialect}`)
		process.env.SAMPLE_MEDIA = 'off'
		resetEnvForTests()
		resetSigningSecretForTests()
		setCatalogBackendForTests(fakeCatalogue)
		testDb = await createTestDatabase(dialect)
		api = await startApi(testDb.handle)
	}, 60_000)

	afterAll(async () => {
		for (const stop of stops) await stop()
		await api?.close()
		await testDb?.destroy()
		setCatalogBackendForTests(undefined)
		for (const key of ['MEDIA_DIR', 'MEDIA_ACCESS', 'DATA_DIR', 'SAMPLE_MEDIA']) delete process.env[key]
		resetEnvForTests()
		resetSigningSecretForTests()
	})

	const rows = () => testDb.handle.db.selectFrom('media_files').selectAll().where('match_status', '=', 'matched').execute()

	it('scans at start, probes new files, makes their thumbnails and serves them at signed URLs only', async () => {
		stops.push(startMediaFolderJobs())
		const row = await until(
			async () => (await rows()).find((r) => r.tmdb_id === 550 && r.probe && r.trickplay),
			'probe and thumbnails of Fight Club',
		)
		expect(JSON.parse(row.probe!)).toMatchObject({ videoCodec: 'h264' })
		expect(fs.existsSync(row.trickplay!)).toBe(true)

		const vttPath = `${MEDIA_FOLDER_STREAM_BASE}/${row.id}/trickplay/thumbnails.vtt`
		const vtt = await fetch(`${api.baseUrl}${await signPath(vttPath)}`)
		expect(vtt.status).toBe(200)
		const text = await vtt.text()
		expect(text).toMatch(/^WEBVTT/)
		// Each cue names a sprite image at its own signed URL, with the tile's #xywh.
		const image = /(\/api\/stream\/library\/[^\s]+\?exp=\d+&sig=[\w-]+)#xywh=\d+,\d+,\d+,\d+/.exec(text)
		expect(image).not.toBeNull()
		const sprite = await fetch(`${api.baseUrl}${image![1]}`)
		expect(sprite.status).toBe(200)
		expect(sprite.headers.get('content-type')).toMatch(/^image\//)
		// Unsigned, tampered and expired URLs are refused.
		expect((await fetch(`${api.baseUrl}${vttPath}`)).status).toBe(403)
		const signed = await signPath(vttPath)
		expect((await fetch(`${api.baseUrl}${signed.replace(/sig=([\w-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`)}`)).status).toBe(
			403,
		)
		expect((await fetch(`${api.baseUrl}${await signPath(vttPath, -60_000)}`)).status).toBe(403)
	}, 120_000)

	it('watches the folder: a file added is indexed, a file removed is forgotten, without a manual scan', async () => {
		const added = path.join(media, 'Forrest Gump (1994).mp4')
		fs.copyFileSync(clip, added)
		await until(async () => (await rows()).some((r) => r.tmdb_id === 13), 'Forrest Gump indexed by the watch', 30_000)
		fs.rmSync(added)
		await until(async () => !(await rows()).some((r) => r.tmdb_id === 13), 'Forrest Gump forgotten by the watch', 30_000)
	}, 90_000)

	it('rescans once for a burst of copies: a film folder copied slowly, with its artwork, notes and temporary names', async () => {
		if (stops.length === 0) stops.push(startMediaFolderJobs())
		const scans = vi.spyOn(logger, 'info')
		const scanned = () => scans.mock.calls.filter((call) => call.includes('media folder scanned')).length
		const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
		await pause(3000)
		const before = scanned()
		const folder = path.join(media, 'Copy One (2001)')
		fs.rmSync(folder, { recursive: true, force: true })
		fs.mkdirSync(folder)
		// The film, written in pieces under a hidden temporary name (as rsync does), then renamed.
		const bytes = fs.readFileSync(clip)
		const temporary = path.join(folder, '.Copy One (2001).mp4.part')
		const handle = fs.openSync(temporary, 'w')
		for (let piece = 0; piece < 4; piece++) {
			fs.writeSync(handle, bytes.subarray((piece * bytes.length) / 4, ((piece + 1) * bytes.length) / 4))
			await pause(300)
		}
		fs.closeSync(handle)
		fs.renameSync(temporary, path.join(folder, 'Copy One (2001).mp4'))
		fs.writeFileSync(path.join(folder, 'Copy One (2001).en.srt'), '1\n00:00:01,000 --> 00:00:02,000\nHi\n')
		// Then what a film folder also holds, arriving slowly: none of it changes the index.
		for (const name of ['movie.nfo', 'poster.jpg', 'fanart.jpg']) {
			await pause(2500)
			fs.writeFileSync(path.join(folder, name), 'x')
		}
		await until(
			async () =>
				(await testDb.handle.db.selectFrom('media_files').select('relative_path').execute()).some((r) =>
					r.relative_path.startsWith('Copy One'),
				),
			'the copy indexed',
			30_000,
		)
		// Anything still queued would run within the quiet period (5 s): wait it out, then count.
		await pause(7000)
		expect(scanned() - before).toBe(1)
		scans.mockRestore()
		fs.rmSync(folder, { recursive: true })
		await until(
			async () =>
				!(await testDb.handle.db.selectFrom('media_files').select('relative_path').execute()).some((r) =>
					r.relative_path.startsWith('Copy One'),
				),
			'the copy forgotten',
			30_000,
		)
	}, 90_000)

	it('hands the lease over: when the leaseholder stops, another process takes it and does the work', async () => {
		const lease = async () =>
			(await testDb.handle.db.selectFrom('media_leases').select(['holder', 'expires_at']).executeTakeFirst()) ?? null
		const first = await until(lease, 'a leaseholder')
		// A second process: it does not get the lease while the first holds it.
		expect(await takeLease('second-process')).toBe(false)
		// The first stops (releasing the lease, as a shutdown does); the second gets it at its next try.
		await stops.pop()!()
		expect(await takeLease('second-process')).toBe(true)
		expect((await lease())?.holder).toBe('second-process')
		// And a lease left by a process that died (never released) is taken once it expires.
		await testDb.handle.db
			.updateTable('media_leases')
			.set({ holder: 'dead-process', expires_at: Date.now() - 1 })
			.execute()
		stops.push(startMediaFolderJobs())
		await until(
			async () => (await lease())?.holder !== 'dead-process' && (await lease()) !== null,
			'a live process to take the expired lease',
			10_000,
		)
		expect((await lease())?.holder).not.toBe(first.holder)
		// The new leaseholder watches: a file added now is indexed.
		const added = path.join(media, 'Forrest Gump (1994).mp4')
		fs.copyFileSync(clip, added)
		await until(async () => (await rows()).some((r) => r.tmdb_id === 13), 'Forrest Gump indexed by the new leaseholder', 30_000)
		fs.rmSync(added)
		await until(async () => !(await rows()).some((r) => r.tmdb_id === 13), 'Forrest Gump forgotten', 30_000)
	}, 90_000)

	it('a file copied in just before the server starts is indexed once it settles, with no later change in the folder', async () => {
		// Stopped while nothing is written, then a copy lands and the jobs start at once: the scan at start finds the
		// file younger than the settle time and skips it, and the watch (started with the folder as it is) sees no event.
		while (stops.length) await stops.pop()!()
		const added = path.join(media, 'Forrest Gump (1994).mp4')
		fs.copyFileSync(clip, added)
		stops.push(startMediaFolderJobs())
		await until(async () => (await rows()).some((r) => r.tmdb_id === 13), 'Forrest Gump indexed once settled', 15_000)
		fs.rmSync(added)
	}, 60_000)
})
