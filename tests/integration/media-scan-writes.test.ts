import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaFileId, scanMediaFolder } from '#server/sources/media-folder/index.server.ts'
import { DIALECTS } from '#tests/support/db.ts'
import { scratchMediaFolder } from '#tests/support/scratch-media-folder.ts'

// The scan writes its rows in batches (one statement and transaction per few
// hundred files): every file of a folder bigger than a batch is indexed, and a
// rescan keeps the probe and thumbnails of an unchanged file and drops those of
// a changed one, on both databases.

const EXTRAS = 600

describe.each(DIALECTS)('media folder scan writes (%s)', (dialect) => {
	let folder: Awaited<ReturnType<typeof scratchMediaFolder>>
	const kept = 'Movies/Kept (1999)/Kept (1999).mp4'
	const changed = 'Movies/Changed (2000)/Changed (2000).mp4'
	const removed = 'Movies/Removed (2001)/Removed (2001).mp4'
	const past = (seconds: number) => new Date(Date.now() - seconds * 1000)

	beforeAll(async () => {
		folder = await scratchMediaFolder(dialect, 'scan-writes')
		for (const relative of [kept, changed, removed]) folder.place(relative)
		for (let i = 0; i < EXTRAS; i++) folder.place(`Extras/clip ${String(i).padStart(3, '0')}.mp4`)
	})

	afterAll(() => folder.cleanup())

	it('indexes every file of a folder bigger than one write batch', async () => {
		const report = await scanMediaFolder()
		expect(report.unmatched).toHaveLength(EXTRAS + 3)
		const rows = await folder.testDb.handle.db.selectFrom('media_files').select(['id', 'relative_path', 'size']).execute()
		expect(rows).toHaveLength(EXTRAS + 3)
		expect(rows.find((r) => r.relative_path === kept)).toMatchObject({ id: mediaFileId(0, kept), size: 1 })
	})

	it('keeps the probe and thumbnails of an unchanged file on a rescan, drops those of a changed one, removes a deleted one', async () => {
		await folder.testDb.handle.db.updateTable('media_files').set({ probe: '{"probed":true}', trickplay: '{"thumbnails":true}' }).execute()
		folder.place(changed, 'xx', past(60))
		fs.rmSync(path.join(folder.media, removed))
		const report = await scanMediaFolder()
		expect(report.removed).toBe(1)
		const rows = await folder.testDb.handle.db.selectFrom('media_files').select(['relative_path', 'size', 'probe', 'trickplay']).execute()
		expect(rows).toHaveLength(EXTRAS + 2)
		const byPath = new Map(rows.map((r) => [r.relative_path, r]))
		expect(byPath.get(kept)).toMatchObject({ size: 1, probe: '{"probed":true}', trickplay: '{"thumbnails":true}' })
		expect(byPath.get(changed)).toMatchObject({ size: 2, probe: null, trickplay: null })
		expect(byPath.get('Extras/clip 599.mp4')).toMatchObject({ probe: '{"probed":true}' })
		expect(byPath.has(removed)).toBe(false)
	})
})
