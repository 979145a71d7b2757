import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setCatalogBackendForTests } from '#server/catalog/catalog.server.ts'
import { setDatabaseForTests, type Dialect } from '#server/db/db.server.ts'
import { createTestDatabase, type TestDatabase } from './db.ts'
import { keepEnv, setEnv } from './env.ts'

/** Two minutes ago: older than the scan's "still being copied" window. */
const SETTLED = 120_000

/**
 * A temporary MEDIA_DIR on a fresh test database, scanned against an empty catalogue (every
 * file is indexed as unmatched): for the scan's own behaviour, not for matching. `place` writes
 * a file (settled by default); `cleanup` (afterAll) removes it all and puts MEDIA_DIR back.
 */
export async function scratchMediaFolder(dialect: Dialect, name: string) {
	const testDb: TestDatabase = await createTestDatabase(dialect)
	setDatabaseForTests(testDb.handle)
	setCatalogBackendForTests({ get: () => Promise.resolve({ page: 1, results: [], total_pages: 1, total_results: 0 }) })
	const media = fs.mkdtempSync(path.join(os.tmpdir(), `willow-${name}-`))
	const env = keepEnv(['MEDIA_DIR'])
	setEnv({ MEDIA_DIR: media })
	return {
		testDb,
		media,
		place(relative: string, bytes = 'x', when = new Date(Date.now() - SETTLED)) {
			const file = path.join(media, relative)
			fs.mkdirSync(path.dirname(file), { recursive: true })
			fs.writeFileSync(file, bytes)
			fs.utimesSync(file, when, when)
		},
		async cleanup() {
			setCatalogBackendForTests(undefined)
			setDatabaseForTests(undefined)
			await testDb.destroy()
			fs.rmSync(media, { recursive: true, force: true })
			env.restore()
		},
	}
}
