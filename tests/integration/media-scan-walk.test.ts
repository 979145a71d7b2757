import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { scanMediaFolder } from '#server/sources/media-folder/index.server.ts'
import type * as Naming from '#server/sources/media-folder/naming.ts'
import { scratchMediaFolder } from '#tests/support/scratch-media-folder.ts'

// A flat folder of thousands of scene-named videos is common. The walk finds a
// video's sidecar subtitles among the subtitles of its folder only: going over
// every name beside every video made a first scan of such a folder quadratic,
// gigabytes of garbage for 20,000 files (issue 28).

const sidecarChecks = vi.hoisted(() => ({ count: 0 }))
vi.mock('#server/sources/media-folder/naming.ts', async (importOriginal) => {
	const naming = await importOriginal<typeof Naming>()
	return {
		...naming,
		sidecarSubtitle: (...args: Parameters<typeof naming.sidecarSubtitle>) => {
			sidecarChecks.count++
			return naming.sidecarSubtitle(...args)
		},
	}
})

const VIDEOS = 400
let doneProgress = 0

describe('media folder walk', () => {
	let folder: Awaited<ReturnType<typeof scratchMediaFolder>>

	beforeAll(async () => {
		folder = await scratchMediaFolder('sqlite', 'scan-walk')
		for (let i = 0; i < VIDEOS; i++) folder.place(`Movies/Film.${String(i).padStart(3, '0')}.2001.1080p.BluRay.x264-GRP.mkv`)
		folder.place('Movies/Film.007.2001.1080p.BluRay.x264-GRP.en.srt')
		folder.place('Movies/Film.007.2001.1080p.BluRay.x264-GRP.fr.forced.srt')
	})

	afterAll(() => folder.cleanup())

	it('checks each video against the subtitles of its folder, not against every video beside it', async () => {
		sidecarChecks.count = 0
		const report = await scanMediaFolder()
		expect(report.unmatched).toHaveLength(VIDEOS)
		// Two subtitles in the folder: two checks per video (the old walk made 402 per video, 160,800 in all).
		expect(sidecarChecks.count).toBe(VIDEOS * 2)
		const withSubtitles = await folder.testDb.handle.db
			.selectFrom('media_files')
			.select('subtitles')
			.where('relative_path', '=', 'Movies/Film.007.2001.1080p.BluRay.x264-GRP.mkv')
			.executeTakeFirstOrThrow()
		expect(JSON.parse(withSubtitles.subtitles)).toEqual([
			{ file: 'Movies/Film.007.2001.1080p.BluRay.x264-GRP.en.srt', language: 'en', forced: false },
			{ file: 'Movies/Film.007.2001.1080p.BluRay.x264-GRP.fr.forced.srt', language: 'fr', forced: true },
		])
	})

	it('gives the event loop a turn after each batch of writes, so the server answers requests during a scan', async () => {
		await folder.testDb.handle.db.deleteFrom('media_files').execute()
		let doneWhenTurned: number | undefined
		const report = await scanMediaFolder({
			onProgress: (done) => {
				if (done === 1) setImmediate(() => (doneWhenTurned = doneProgress))
				doneProgress = done
			},
		})
		expect(report.unmatched).toHaveLength(VIDEOS)
		// One batch is 250 rows: the loop turned once the first was written, not after all 400.
		expect(doneWhenTurned).toBeDefined()
		expect(doneWhenTurned!).toBeLessThan(VIDEOS)
	})
})
