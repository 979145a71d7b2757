import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Fixtures kept in the repository (tests/fixtures/, see its README), so a
// clone runs its tests without anything beside it.

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url))

/** Real TMDB v3 responses, one per endpoint (provenance in SOURCES.md there). */
const TMDB_FIXTURES_DIR = path.join(FIXTURES_DIR, 'tmdb')

/** Id, title and release date of each movie of the 3,000-movie "TMDB 5000" data set, one JSON object a line. */
export const MOVIE_FACTS_FILE = path.join(FIXTURES_DIR, 'tmdb-movies-3000-facts.jsonl')

/** The first 60 lines of that data set, whole (TMDB movie-details shape), for import tests. */
export const MOVIE_SAMPLE_FILE = path.join(FIXTURES_DIR, 'tmdb-movies-first-60.jsonl')

export function readFixture<T = unknown>(name: string): T {
	return JSON.parse(fs.readFileSync(path.join(TMDB_FIXTURES_DIR, name), 'utf8')) as T
}

/** The names of every TMDB response fixture. */
export function fixtureNames(): string[] {
	return fs.readdirSync(TMDB_FIXTURES_DIR).filter((name) => name.endsWith('.json'))
}
