import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, startApi, type RunningApi } from '#tests/support/api-test-client.ts'
import { setCatalogBackendForTests } from '#server/catalog/catalog.server.ts'
import type { CatalogRoute } from '#server/catalog/tmdb-paths.ts'
import { notFound } from '#server/http/errors.server.ts'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { EMPTY_FILE_REASON, mediaFileId, scanMediaFolder, type ScanReport } from '#server/sources/media-folder/index.server.ts'
import { releaseLease, takeLease } from '#server/sources/media-folder/jobs.server.ts'
import { mediaFolderLookup, NOT_IN_FOLDER_REASON, SIGN_IN_REASON } from '#server/sources/media-folder/media-folder-source.server.ts'
import { setClientLimitsForTests } from '#server/sources/limits.server.ts'
import { stopAllHlsJobs } from '#server/sources/media/hls.server.ts'
import { mediaCorpus } from '../../scripts/make-media-corpus.ts'
import { resetSigningSecretForTests, signPath } from '#server/sources/signing.server.ts'
import type { FileStream, HlsStream, LookupContext, LookupEvent, ScrapeRequest } from '#server/sources/types.ts'
import { keepEnv, setEnv } from '#tests/support/env.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

// The media-folder source end to end: a temporary folder of media generated
// here with ffmpeg, scanned against a small fake catalogue, looked up, and
// served (Range, HEAD, captions, HLS) with MEDIA_ACCESS and traversal checks.

const require = createRequire(import.meta.url)
const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path
const ENV_KEYS = ['MEDIA_DIR', 'MEDIA_ACCESS', 'DATA_DIR', 'SAMPLE_MEDIA', 'TMDB_API_KEY', 'TMDB_READ_TOKEN', 'TRUST_PROXY']
const env = keepEnv(ENV_KEYS)

// The fake catalogue: two films called Dune make the ambiguous case.
const TITLES = [
	{ id: 550, media_type: 'movie', title: 'Fight Club', release_date: '1999-10-15', imdb_id: 'tt0137523' },
	{ id: 13, media_type: 'movie', title: 'Forrest Gump', release_date: '1994-06-23', imdb_id: 'tt0109830' },
	{ id: 841, media_type: 'movie', title: 'Dune', release_date: '1984-12-14', imdb_id: 'tt0087182' },
	{ id: 438631, media_type: 'movie', title: 'Dune', release_date: '2021-09-15', imdb_id: 'tt1160419' },
	{ id: 1399, media_type: 'tv', name: 'Game of Thrones', first_air_date: '2011-04-17', external_ids: { imdb_id: 'tt0944947' } },
]
const fakeCatalogue = {
	get(route: CatalogRoute): Promise<unknown> {
		if (route.name === 'search') {
			const words = route.query.query.toLowerCase()
			return Promise.resolve({
				page: 1,
				results: TITLES.filter((t) => (t.title ?? t.name ?? '').toLowerCase().includes(words)),
				total_pages: 1,
				total_results: 0,
			})
		}
		if (route.name === 'details') {
			const title = TITLES.find((t) => t.id === route.id && t.media_type === route.media)
			if (!title) return Promise.reject(notFound())
			return Promise.resolve({
				...title,
				original_title: title.title,
				original_name: title.name,
				seasons: [{ season_number: 1, episode_count: 10, id: 3624 }],
			})
		}
		if (route.name === 'episode')
			return Promise.resolve({ id: 63056, season_number: route.season, episode_number: route.episode, name: 'The Kingsroad' })
		if (route.name === 'season') return Promise.resolve({ id: 3624, season_number: route.season, episodes: [] })
		return Promise.reject(notFound())
	},
}

const run = (args: string[]) => execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args])

let media: string
let outside: string
const LATIN1_TEXT = "Café à l'été, señor"

beforeAll(() => {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-media-'))
	media = path.join(root, 'media')
	outside = path.join(root, 'outside')
	const movies = path.join(media, 'Movies')
	const season = path.join(media, 'Shows', 'Game of Thrones', 'Season 01')
	fs.mkdirSync(path.join(movies, 'Fight Club (1999)', 'Subs'), { recursive: true })
	fs.mkdirSync(path.join(movies, 'Odd Name {tmdb-13}'), { recursive: true })
	fs.mkdirSync(season, { recursive: true })
	fs.mkdirSync(outside, { recursive: true })
	const mp4 = path.join(movies, 'Fight Club (1999)', 'Fight Club (1999).mp4')
	run([
		'-f',
		'lavfi',
		'-i',
		'testsrc=size=640x360:rate=25:duration=2',
		'-f',
		'lavfi',
		'-i',
		'sine=frequency=440:duration=2',
		'-c:v',
		'libx264',
		'-preset',
		'ultrafast',
		'-pix_fmt',
		'yuv420p',
		'-c:a',
		'aac',
		'-shortest',
		'-movflags',
		'+faststart',
		mp4,
	])
	const srt = path.join(root, 'embedded.srt')
	fs.writeFileSync(srt, '1\n00:00:00,000 --> 00:00:01,500\nEmbedded line\n')
	run([
		'-f',
		'lavfi',
		'-i',
		'testsrc=size=320x240:rate=25:duration=3',
		'-f',
		'lavfi',
		'-i',
		'sine=frequency=330:duration=3',
		'-i',
		srt,
		'-map',
		'0',
		'-map',
		'1',
		'-map',
		'2',
		'-c:v',
		'libx264',
		'-preset',
		'ultrafast',
		'-pix_fmt',
		'yuv420p',
		'-c:a',
		'ac3',
		'-c:s',
		'srt',
		'-metadata:s:s:0',
		'language=eng',
		'-shortest',
		path.join(season, 'Game of Thrones - S01E02.mkv'),
	])
	// Sidecars: a Latin-1 SRT, a forced WebVTT, and one in Subs/.
	fs.writeFileSync(
		path.join(movies, 'Fight Club (1999)', 'Fight Club (1999).fr.srt'),
		iconv.encode(`1\r\n00:00:00,500 --> 00:00:01,500\r\n${LATIN1_TEXT}\r\n`, 'latin1'),
	)
	fs.writeFileSync(
		path.join(movies, 'Fight Club (1999)', 'Fight Club (1999).eng.forced.vtt'),
		'WEBVTT\n\n00:00.000 --> 00:01.000\nForced\n',
	)
	fs.writeFileSync(path.join(movies, 'Fight Club (1999)', 'Subs', 'Spanish.spa.srt'), '1\n00:00:00,000 --> 00:00:01,000\nHola\n')
	fs.copyFileSync(mp4, path.join(movies, 'Odd Name {tmdb-13}', 'whatever.mp4'))
	// Real (linked) files for the names that must not match: an empty file is never matched at all.
	fs.linkSync(mp4, path.join(movies, 'Unknown Film (2001).mp4'))
	fs.linkSync(mp4, path.join(movies, 'Dune.mp4'))
	// A 0-byte file with a catalogue title's name (a failed copy), and one no ffmpeg can open.
	fs.writeFileSync(path.join(movies, 'Forrest Gump (1994).m4v'), '')
	fs.writeFileSync(path.join(movies, 'Dune (1984).avi'), 'RIFF? no: a text file with a video name\n'.repeat(50))
	// A real encode (x264 defaults, keyframes ~10 s apart): several remuxed segments.
	fs.linkSync(path.join(mediaCorpus(), 'Long GOP (2021).mkv'), path.join(movies, 'Dune (2021).mkv'))
	// A symlink leading out of the folder: never indexed or served.
	fs.writeFileSync(path.join(outside, 'secret.mp4'), 'not yours')
	fs.symlinkSync(path.join(outside, 'secret.mp4'), path.join(movies, 'Escape (2000).mp4'))
	// Files written a moment ago count as still being copied: age them.
	const past = new Date(Date.now() - 60_000)
	for (const entry of fs.readdirSync(media, { recursive: true }) as string[]) fs.utimesSync(path.join(media, entry), past, past)
	return () => fs.rmSync(root, { recursive: true, force: true })
}, 60_000)

describe.each(DIALECTS)('media folder on %s', (dialect) => {
	let testDb: TestDatabase
	let api: RunningApi
	let report: ScanReport
	let viewer: ApiClient
	const context = (user: LookupContext['user']): LookupContext => ({ signal: new AbortController().signal, user, clientKey: 'test' })
	const fightClub: ScrapeRequest = { type: 'movie', title: 'Fight Club', releaseYear: 1999, tmdbId: 550, imdbId: 'tt0137523' }
	const got: ScrapeRequest = {
		type: 'show',
		title: 'Game of Thrones',
		releaseYear: 2011,
		tmdbId: 1399,
		imdbId: 'tt0944947',
		season: { number: 1, tmdbId: 3624 },
		episode: { number: 2, tmdbId: 63056 },
	}
	const user = { id: 'u1', username: 'owner' }
	const fetchAs = (url: string, init: RequestInit = {}) =>
		fetch(`${api.baseUrl}${url}`, { ...init, headers: { cookie: viewer.cookie!, ...(init.headers as Record<string, string>) } })

	beforeAll(async () => {
		setEnv({
			MEDIA_DIR: media,
			MEDIA_ACCESS: undefined,
			DATA_DIR: path.join(path.dirname(media), `data-${dialect}`),
			SAMPLE_MEDIA: 'off',
			TMDB_API_KEY: undefined,
			TMDB_READ_TOKEN: undefined,
			TRUST_PROXY: 'true',
		})
		resetSigningSecretForTests()
		setCatalogBackendForTests(fakeCatalogue)
		testDb = await createTestDatabase(dialect)
		api = await startApi(testDb.handle)
		report = await scanMediaFolder()
		viewer = new ApiClient(api.baseUrl, { 'x-forwarded-for': `203.0.113.${dialect === 'sqlite' ? 1 : 2}` })
		const tag = crypto.randomBytes(4).toString('hex')
		expect(
			(
				await viewer.post('/api/auth/signup', {
					username: `viewer_${tag}`,
					email: `v.${tag}@example.com`,
					password: 'correct horse battery',
					passwordConfirm: 'correct horse battery',
				})
			).status,
		).toBe(201)
	}, 60_000)

	afterAll(async () => {
		stopAllHlsJobs()
		await api?.close()
		await testDb?.destroy()
		setCatalogBackendForTests(undefined)
		env.restore()
		resetSigningSecretForTests()
	})

	it('scans: Plex-style, tagged and show names match; unknown, ambiguous and escaping files are reported', () => {
		expect(report.matched).toBe(5)
		expect([...report.unmatched].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
			{ path: 'Movies/Forrest Gump (1994).m4v', reason: EMPTY_FILE_REASON },
			{ path: 'Movies/Unknown Film (2001).mp4', reason: 'no film titled "Unknown Film" in the catalogue' },
		])
		expect(report.matches).toContainEqual({
			path: 'Shows/Game of Thrones/Season 01/Game of Thrones - S01E02.mkv',
			type: 'show',
			tmdbId: 1399,
			title: 'Game of Thrones',
			year: 2011,
			season: 1,
			episode: 2,
		})
		expect(report.matches.map((m) => m.path).sort()).toEqual([
			'Movies/Dune (1984).avi',
			'Movies/Dune (2021).mkv',
			'Movies/Fight Club (1999)/Fight Club (1999).mp4',
			'Movies/Odd Name {tmdb-13}/whatever.mp4',
			'Shows/Game of Thrones/Season 01/Game of Thrones - S01E02.mkv',
		])
		expect(report.ambiguous).toEqual([{ path: 'Movies/Dune.mp4', reason: '2 titles "Dune"; add the year or a {tmdb-…} tag' }])
		expect(report.skipped).toEqual([{ path: 'Movies/Escape (2000).mp4', reason: 'links outside the media folder' }])
	})

	it('indexes rows with stable ids and a rescan keeps them', async () => {
		const rows = await testDb.handle.db
			.selectFrom('media_files')
			.select(['id', 'relative_path', 'tmdb_id', 'media_type', 'season', 'episode'])
			.orderBy('relative_path')
			.execute()
		expect(rows.find((r) => r.relative_path.endsWith('whatever.mp4'))).toMatchObject({ tmdb_id: 13, media_type: 'movie' })
		expect(rows.find((r) => r.relative_path.startsWith('Shows/'))).toMatchObject({
			tmdb_id: 1399,
			media_type: 'show',
			season: 1,
			episode: 2,
			id: mediaFileId(0, 'Shows/Game of Thrones/Season 01/Game of Thrones - S01E02.mkv'),
		})
		const again = await scanMediaFolder()
		expect(again.matched).toBe(5)
		expect((await testDb.handle.db.selectFrom('media_files').select('id').execute()).length).toBe(rows.length)
	})

	it('says a file no ffmpeg can open is unreadable, without the server path, and keeps that until the file changes', async () => {
		const dune: ScrapeRequest = { type: 'movie', title: 'Dune', releaseYear: 1984, tmdbId: 841, imdbId: 'tt0087182' }
		const result = await mediaFolderLookup(dune, context(user))
		expect(result.kind).toBe('none')
		const reason = (result as { reason: string }).reason
		expect(reason).toMatch(/^Dune \(1984\)\.avi: unreadable: not a video ffmpeg can open \(.+\)$/)
		expect(reason).not.toContain(media)
		const row = await testDb.handle.db.selectFrom('media_files').select('probe').where('tmdb_id', '=', 841).executeTakeFirstOrThrow()
		expect(JSON.parse(row.probe!)).toHaveProperty('unreadable')
	})

	it('signed out (MEDIA_ACCESS=signed-in), a title the folder has says to sign in; one it lacks only that it lacks it', async () => {
		expect(await mediaFolderLookup(fightClub, context(null))).toEqual({ kind: 'none', reason: SIGN_IN_REASON })
		expect(await mediaFolderLookup(got, context(null))).toEqual({ kind: 'none', reason: SIGN_IN_REASON })
		// Signing in would not help here: the folder was told to say so before it looked (issue 25 item 4).
		const inception: ScrapeRequest = { type: 'movie', title: 'Inception', releaseYear: 2010, tmdbId: 27205, imdbId: 'tt1375666' }
		expect(await mediaFolderLookup(inception, context(null))).toEqual({ kind: 'none', reason: NOT_IN_FOLDER_REASON })
		const otherEpisode = { ...got, episode: { number: 9, tmdbId: 63064 } }
		expect(await mediaFolderLookup(otherEpisode, context(null))).toEqual({ kind: 'none', reason: NOT_IN_FOLDER_REASON })
	})

	it('MEDIA_ACCESS: everyone, or a list of usernames', async () => {
		try {
			setEnv({ MEDIA_ACCESS: 'everyone' })
			expect((await mediaFolderLookup(fightClub, context(null))).kind).toBe('found')
			setEnv({ MEDIA_ACCESS: 'alice, Owner' })
			expect((await mediaFolderLookup(fightClub, context(user))).kind).toBe('found')
			expect(await mediaFolderLookup(fightClub, context({ id: 'u2', username: 'bob' }))).toEqual({
				kind: 'none',
				reason: 'the media folder is not shared with this account',
			})
			expect(await mediaFolderLookup({ ...got, episode: { number: 9, tmdbId: 63064 } }, context({ id: 'u2', username: 'bob' }))).toEqual({
				kind: 'none',
				reason: NOT_IN_FOLDER_REASON,
			})
		} finally {
			setEnv({ MEDIA_ACCESS: undefined })
		}
	})

	it('offers a browser-playable MP4 as a file with its quality, label and captions', async () => {
		const result = await mediaFolderLookup(fightClub, context(user))
		expect(result.kind).toBe('found')
		const [stream] = (result as { streams: FileStream[] }).streams
		expect(stream).toMatchObject({ sourceId: 'library', type: 'file', label: 'Media folder · 360p · Fight Club (1999).mp4' })
		expect(Object.keys(stream!.qualities)).toEqual(['360'])
		expect(stream!.qualities['360']!.url).toMatch(/^\/api\/stream\/library\/[\w-]{22}\/file\?exp=\d+&sig=/)
		expect(stream!.captions.map((c) => [c.language, c.label])).toEqual([
			['en', 'English (forced)'],
			['fr', 'French'],
			['es', 'Spanish'],
		])
	})

	it('counts every ffmpeg start (not playlists) against the client, answering 429 at the segment route', async () => {
		const dune: ScrapeRequest = { type: 'movie', title: 'Dune', releaseYear: 2021, tmdbId: 438631, imdbId: 'tt1160419' }
		const [stream] = ((await mediaFolderLookup(dune, context(user))) as { streams: HlsStream[] }).streams
		// A client of its own, so the other tests' segment requests do not count here.
		const client = { headers: { 'x-forwarded-for': `198.51.100.${dialect === 'sqlite' ? 7 : 8}` } }
		const text = await (await fetchAs(stream!.playlist, client)).text()
		const segments = text.split('\n').filter((line) => line.includes('/seg-'))
		expect(segments.length).toBeGreaterThanOrEqual(3)
		setClientLimitsForTests({ remux: { limit: 1 } })
		try {
			// Playlists start nothing and count nothing.
			for (let n = 0; n < 3; n++) expect((await fetchAs(stream!.playlist, client)).status).toBe(200)
			expect((await fetchAs(segments[2]!, client)).status).toBe(200)
			// From the cache: no ffmpeg start.
			expect((await fetchAs(segments[2]!, client)).status).toBe(200)
			// Behind the running job: a restart, the client's second start in the window.
			const refused = await fetchAs(segments[0]!, client)
			expect(refused.status).toBe(429)
			expect(await refused.json()).toEqual({ error: 'Too many videos prepared for this client. Try again in a few minutes.' })
			expect(refused.headers.get('retry-after')).toBe('600')
		} finally {
			setClientLimitsForTests(undefined)
			stopAllHlsJobs()
		}
	}, 60_000)

	it('offers an MKV with AC3 audio as HLS, with its embedded subtitle track', async () => {
		const result = await mediaFolderLookup(got, context(user))
		const [stream] = (result as { streams: HlsStream[] }).streams
		expect(stream).toMatchObject({ type: 'hls', label: 'Media folder · Original · Game of Thrones - S01E02.mkv' })
		expect(stream!.captions.map((c) => c.language)).toEqual(['en'])
		const playlist = await fetchAs(stream!.playlist)
		expect(playlist.status).toBe(200)
		const text = await playlist.text()
		expect(text).toContain('#EXT-X-ENDLIST')
		const segment = text.split('\n').find((line) => line.includes('seg-0.ts'))!
		const first = await fetchAs(segment)
		expect(first.status).toBe(200)
		expect(first.headers.get('content-type')).toBe('video/mp2t')
		expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(1000)
		// The prefix signature covers the file id: another file's id with it is refused.
		expect((await fetchAs(segment.replace(/library\/[\w-]{22}\//, `library/${'A'.repeat(22)}/`))).status).toBe(403)
		const vtt = await fetchAs(stream!.captions[0]!.url)
		expect(await vtt.text()).toContain('Embedded line')
	}, 60_000)

	it('serves the Latin-1 sidecar as UTF-8 WebVTT', async () => {
		const [stream] = ((await mediaFolderLookup(fightClub, context(user))) as { streams: FileStream[] }).streams
		const response = await fetchAs(stream!.captions[1]!.url)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/vtt; charset=utf-8')
		expect(await response.text()).toBe(`WEBVTT\n\n1\n00:00:00.500 --> 00:00:01.500\n${LATIN1_TEXT}\n`)
	})

	it('serves byte ranges, If-Range and HEAD', async () => {
		const [stream] = ((await mediaFolderLookup(fightClub, context(user))) as { streams: FileStream[] }).streams
		const url = stream!.qualities['360']!.url
		const size = fs.statSync(path.join(media, 'Movies/Fight Club (1999)/Fight Club (1999).mp4')).size
		const head = await fetchAs(url, { method: 'HEAD' })
		expect(head.status).toBe(200)
		expect(head.headers.get('content-type')).toBe('video/mp4')
		expect(head.headers.get('content-length')).toBe(String(size))
		expect(head.headers.get('accept-ranges')).toBe('bytes')
		const etag = head.headers.get('etag')!
		const part = await fetchAs(url, { headers: { range: 'bytes=100-199' } })
		expect(part.status).toBe(206)
		expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`)
		expect((await part.arrayBuffer()).byteLength).toBe(100)
		expect((await fetchAs(url, { headers: { range: 'bytes=0-9', 'if-range': etag } })).status).toBe(206)
		const stale = await fetchAs(url, { headers: { range: 'bytes=0-9', 'if-range': '"stale"' } })
		expect(stale.status).toBe(200)
		expect((await stale.arrayBuffer()).byteLength).toBe(size)
		expect((await fetchAs(url, { headers: { range: `bytes=${size + 10}-` } })).status).toBe(416)
		const download = await fetchAs(`${url}&download=1`, { method: 'HEAD' })
		expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''Fight%20Club%20(1999).mp4")
	})

	it('enforces MEDIA_ACCESS and signatures on stream URLs', async () => {
		const [stream] = ((await mediaFolderLookup(fightClub, context(user))) as { streams: FileStream[] }).streams
		const url = stream!.qualities['360']!.url
		const anonymous = await fetch(`${api.baseUrl}${url}`)
		expect(anonymous.status).toBe(403)
		expect(await anonymous.json()).toEqual({ error: SIGN_IN_REASON })
		expect((await fetchAs(url.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(403)
		expect((await fetchAs(url.replace(/exp=\d+/, 'exp=1'))).status).toBe(403)
	})

	it('refuses traversal, absolute paths and unknown ids with a 4xx, never a file', async () => {
		for (const attempt of [
			'/api/stream/library/..%2f..%2fetc%2fpasswd/file',
			'/api/stream/library/%2e%2e/%2e%2e/etc/passwd',
			'/api/stream/library/..%5c..%5cwin.ini/file',
			'/api/stream/library//etc/passwd',
			'/api/stream/library/Movies%2FDune.mp4/file',
		]) {
			const response = await fetchAs(attempt)
			expect(response.status, attempt).toBeGreaterThanOrEqual(400)
			expect(response.status, attempt).toBeLessThan(500)
			expect(await response.text()).not.toContain('root:')
		}
		const escapeId = mediaFileId(0, 'Movies/Escape (2000).mp4')
		expect((await fetchAs(await signPath(`/api/stream/library/${escapeId}/file`))).status).toBe(404)
	})

	it('a symlink swapped in after the scan to lead outside is refused at serving time', async () => {
		const [stream] = ((await mediaFolderLookup(fightClub, context(user))) as { streams: FileStream[] }).streams
		const tagged = (await testDb.handle.db.selectFrom('media_files').select('id').where('tmdb_id', '=', 13).executeTakeFirstOrThrow()).id
		const file = path.join(media, 'Movies/Odd Name {tmdb-13}/whatever.mp4')
		const backup = `${file}.bak`
		fs.renameSync(file, backup)
		fs.symlinkSync(path.join(outside, 'secret.mp4'), file)
		try {
			const response = await fetchAs(await signPath(`/api/stream/library/${tagged}/file`))
			expect(response.status).toBe(404)
		} finally {
			fs.unlinkSync(file)
			fs.renameSync(backup, file)
		}
		expect(stream).toBeDefined()
	})

	it('answers GET /api/sources/lookup for a signed-in viewer', async () => {
		const response = await fetchAs('/api/sources/lookup?type=movie&tmdbId=550&source=library')
		expect(response.status).toBe(200)
		const events = (await response.text())
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line) as LookupEvent)
		expect(events[0]).toEqual({ event: 'checking', source: { id: 'library', name: 'Media folder' } })
		expect(events[1]).toMatchObject({ event: 'found', streams: [{ type: 'file', sourceId: 'library' }] })
		const anonymous = await fetch(`${api.baseUrl}/api/sources/lookup?type=movie&tmdbId=550&source=library`)
		expect(
			(await anonymous.text())
				.trim()
				.split('\n')
				.map((line) => JSON.parse(line) as LookupEvent)[1],
		).toEqual({
			event: 'none',
			source: { id: 'library', name: 'Media folder' },
			reason: "Sign in to play files from this site's library",
			next: { href: '/login', label: 'Sign in' },
		})
		expect(SIGN_IN_REASON).toBe("Sign in to play files from this site's library")
		// An episode the folder does not have: no sign-in step for a signed-out visitor.
		const elsewhere = await fetch(`${api.baseUrl}/api/sources/lookup?type=tv&tmdbId=1399&season=1&episode=9&source=library`)
		expect(
			(await elsewhere.text())
				.trim()
				.split('\n')
				.map((line) => JSON.parse(line) as LookupEvent)[1],
		).toEqual({ event: 'none', source: { id: 'library', name: 'Media folder' }, reason: NOT_IN_FOLDER_REASON })
	})
})

describe.each(DIALECTS)('media folder lease on %s', (dialect) => {
	let testDb: TestDatabase
	beforeAll(async () => {
		testDb = await createTestDatabase(dialect)
		setDatabaseForTests(testDb.handle)
		return async () => {
			setDatabaseForTests(undefined)
			await testDb.destroy()
		}
	})

	it('one holder at a time; renewable by its holder; taken over once expired; released on stop', async () => {
		const now = 1_000_000
		expect(await takeLease('a', now, 1000)).toBe(true)
		expect(await takeLease('b', now + 10, 1000)).toBe(false)
		expect(await takeLease('a', now + 500, 1000)).toBe(true)
		expect(await takeLease('b', now + 1400, 1000)).toBe(false)
		expect(await takeLease('b', now + 1600, 1000)).toBe(true)
		expect(await takeLease('a', now + 1700, 1000)).toBe(false)
		await releaseLease('b')
		expect(await takeLease('a', now + 1800, 1000)).toBe(true)
	})
})
