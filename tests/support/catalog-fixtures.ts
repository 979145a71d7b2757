import fs from 'node:fs'
import path from 'node:path'

/** The shared real TMDB responses (../shared/fixtures/tmdb beside the repository). */
export const TMDB_FIXTURES_DIR = path.resolve(process.cwd(), '../shared/fixtures/tmdb')

export function readFixture<T = unknown>(name: string): T {
	return JSON.parse(fs.readFileSync(path.join(TMDB_FIXTURES_DIR, name), 'utf8')) as T
}
