import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { mediaFileId } from '#server/sources/media-folder/index.server.ts'
import { mediaFolderLookup } from '#server/sources/media-folder/media-folder-source.server.ts'
import { forgetManualMarker, markersOf, refreshSeasonMarkers, setManualMarker } from '#server/sources/markers/markers.server.ts'
import { resetSigningSecretForTests } from '#server/sources/signing.server.ts'
import { makeIntroCorpus, type CorpusEpisode } from '#tests/support/intro-corpus.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

// Markers of the media folder's episodes, end to end on each database: found by
// listening for indexed seasons, carried by the lookup's streams, kept until the
// season's files change, and overridden by the owner's own (which survive a new search).

const SERIES_ID = 987_654
let corpus: { folder: string; episodes: CorpusEpisode[] }

beforeAll(() => {
	corpus = makeIntroCorpus()
}, 600_000)

describe.each(DIALECTS)('media folder markers on %s', (dialect) => {
	let testDb: TestDatabase
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-markers-'))
	const relative = (episode: CorpusEpisode) => path.relative(corpus.folder, episode.file)
	const idOf = (episode: CorpusEpisode) => mediaFileId(0, relative(episode))
	const seasonOne = () => corpus.episodes.filter((episode) => episode.season === 1)

	beforeAll(async () => {
		process.env.MEDIA_DIR = corpus.folder
		process.env.MEDIA_ACCESS = 'everyone'
		process.env.DATA_DIR = dataDir
		resetEnvForTests()
		resetSigningSecretForTests()
		testDb = await createTestDatabase(dialect)
		setDatabaseForTests(testDb.handle)
		// Indexed as a scan leaves them: matched episodes with their probe.
		for (const episode of corpus.episodes) {
			const stat = fs.statSync(episode.file)
			await testDb.handle.db
				.insertInto('media_files')
				.values({
					id: idOf(episode),
					folder_index: 0,
					relative_path: relative(episode),
					size: stat.size,
					mtime_ms: Math.floor(stat.mtimeMs),
					match_status: 'matched',
					match_reason: null,
					media_type: 'show',
					tmdb_id: SERIES_ID,
					season: episode.season,
					episode: episode.episode,
					probe: JSON.stringify({
						durationSeconds: episode.duration,
						container: 'matroska',
						videoCodec: 'h264',
						pixelFormat: 'yuv420p',
						audioCodecs: ['aac'],
						height: 54,
						subtitles: [],
					}),
					subtitles: '[]',
					trickplay: null,
					seen_at: Date.now(),
				})
				.execute()
		}
	}, 60_000)

	afterAll(async () => {
		setDatabaseForTests(undefined)
		await testDb?.destroy()
		for (const key of ['MEDIA_DIR', 'MEDIA_ACCESS', 'DATA_DIR']) delete process.env[key]
		resetEnvForTests()
		resetSigningSecretForTests()
		fs.rmSync(dataDir, { recursive: true, force: true })
	})

	it('finds each season’s intros and credits once, and none for the season without a theme', async () => {
		const first = await refreshSeasonMarkers()
		expect(first.seasons).toBe(3)
		for (const episode of corpus.episodes) {
			const markers = await markersOf(idOf(episode))
			if (episode.intro) {
				expect(markers.intro?.start).toBeCloseTo(episode.intro.start, -0.5)
				expect(markers.credits?.start).toBeCloseTo(episode.credits!.start, -0.5)
			} else expect(markers).toEqual({})
		}
		// Nothing changed: nothing is searched again.
		expect((await refreshSeasonMarkers()).seasons).toBe(0)
	}, 300_000)

	it('puts them on the media folder’s streams', async () => {
		const episode = seasonOne()[1]!
		const result = await mediaFolderLookup(
			{
				type: 'show',
				title: 'The Listening Hour',
				releaseYear: 2020,
				tmdbId: SERIES_ID,
				imdbId: null,
				season: { number: 1, tmdbId: null },
				episode: { number: 2, tmdbId: null },
			},
			{ signal: AbortSignal.timeout(30_000), user: null, clientKey: 'test' },
		)
		expect(result.kind).toBe('found')
		const stream = result.kind === 'found' ? result.streams[0]! : null
		expect(stream?.intro?.start).toBeCloseTo(episode.intro!.start, -0.5)
		expect(stream?.credits?.start).toBeCloseTo(episode.credits!.start, -0.5)
	}, 60_000)

	it('lets the owner set or clear a marker; theirs survives a new search and can be forgotten', async () => {
		const [first, second] = seasonOne()
		await setManualMarker(idOf(first!), 'intro', { start: 5, end: 50 })
		await setManualMarker(idOf(second!), 'credits', null)
		// A file of the season changes: the season is searched again.
		await testDb.handle.db.updateTable('media_files').set({ mtime_ms: 1 }).where('id', '=', idOf(second!)).execute()
		expect((await refreshSeasonMarkers()).seasons).toBe(1)
		expect((await markersOf(idOf(first!))).intro).toEqual({ start: 5, end: 50 })
		expect((await markersOf(idOf(second!))).credits).toBeUndefined()
		await forgetManualMarker(idOf(first!), 'intro')
		expect((await markersOf(idOf(first!))).intro?.start).toBeCloseTo(first!.intro!.start, -0.5)
	}, 300_000)
})
