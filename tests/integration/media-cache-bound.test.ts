import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { sweepMediaCaches } from '#server/sources/media/cache-bound.server.ts'
import { IN_USE_MS } from '#server/sources/media/cache-bound.ts'
import { FileLock } from '#server/sources/media/cache-lock.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'

// The media caches under DATA_DIR (HLS segments, subtitles, thumbnails) stay
// under MEDIA_CACHE_MAX_BYTES: old entries go whole, entries in use stay, and
// removed thumbnails are forgotten by the index so they are made again.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-media-cache-'))
let testDb: TestDatabase

function writeEntry(relative: string, bytes: number, ageMs: number) {
	const file = path.join(dataDir, relative)
	fs.mkdirSync(path.dirname(file), { recursive: true })
	fs.writeFileSync(file, Buffer.alloc(bytes))
	const time = new Date(Date.now() - ageMs)
	fs.utimesSync(file, time, time)
	return file
}

beforeAll(async () => {
	process.env.DATA_DIR = dataDir
	resetEnvForTests()
	testDb = await createTestDatabase('sqlite')
	setDatabaseForTests(testDb.handle)
})

afterAll(async () => {
	setDatabaseForTests(undefined)
	await testDb?.destroy()
	delete process.env.DATA_DIR
	resetEnvForTests()
	fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('media cache bound', () => {
	it('removes the oldest entries whole until under the bound, keeping entries in use', async () => {
		const old = IN_USE_MS * 6
		writeEntry('hls-cache/job-oldest/seg-0.ts', 300_000, old + 3000)
		writeEntry('hls-cache/job-oldest/index.m3u8', 1_000, old + 3000)
		writeEntry('subtitle-cache/file-a/2.vtt', 200_000, old + 2000)
		const thumbnails = writeEntry('trickplay/key-1/thumbnails.vtt', 200_000, old + 1000)
		writeEntry('hls-cache/job-playing/seg-0.ts', 300_000, 1000)
		// A remux job holding its lock: in use, however old its segments are.
		writeEntry('hls-cache/job-locked/seg-0.ts', 300_000, old + 5000)
		const lock = FileLock.tryAcquire(path.join(dataDir, 'hls-cache/job-locked/job.lock'), 'test job')!
		await testDb.handle.db
			.insertInto('media_files')
			.values({
				id: 'f1',
				folder_index: 0,
				relative_path: 'Film (2020).mkv',
				size: 1,
				mtime_ms: 1,
				match_status: 'matched',
				match_reason: null,
				media_type: 'movie',
				tmdb_id: 1,
				season: null,
				episode: null,
				probe: '{}',
				subtitles: '[]',
				trickplay: thumbnails,
				seen_at: 1,
			})
			.execute()

		// 1.3 MB cached, bound 800 kB: down to 720 kB at most, oldest first, skipping what is in use.
		const removed = await sweepMediaCaches(800_000)
		lock.release()
		expect(removed.map((file) => path.relative(dataDir, file)).sort()).toEqual([
			'hls-cache/job-oldest',
			'subtitle-cache/file-a',
			'trickplay/key-1',
		])
		expect(fs.existsSync(path.join(dataDir, 'hls-cache/job-playing/seg-0.ts'))).toBe(true)
		expect(fs.existsSync(path.join(dataDir, 'hls-cache/job-locked/seg-0.ts'))).toBe(true)
		const row = await testDb.handle.db.selectFrom('media_files').select('trickplay').where('id', '=', 'f1').executeTakeFirstOrThrow()
		expect(row.trickplay).toBeNull()
		// Under the bound: nothing more goes.
		expect(await sweepMediaCaches(800_000)).toEqual([])
	})
})
