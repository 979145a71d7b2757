// npm run bench:import [-- --rows=5000 --file=<tmdb movies .jsonl>]
//
// A Letterboxd diary of --rows rows matched against a catalogue of the 3,000
// real movies of the shared data (../shared/data/tmdb-movies-3000.jsonl,
// imported into a throwaway SQLite database like `npm run catalog:import`).
// Rows name films of that catalogue, their titles written as people write them
// (no punctuation, lower case, no accents or article, the original title, a
// year one off or none, a typo: bench/title-variants.ts; rewatches included),
// plus 5 % near misses that must match nothing (a sequel, a remake, a
// same-name film of another year). Prints the time, the true match rate
// (goal ≥ 95 %) and the false match rate (goal 0), each by kind. Reads the
// shared data (../shared/data) when present, else needs --file. BENCH_DEBUG=1
// lists every row matched wrongly. Not a timed test: it prints figures.
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { importCatalogFile, optimizeAfterImport } from '#server/catalog/import.server.ts'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { previewImport } from '#server/library-import/import.server.ts'
import { yearOf } from '#app/lib/titles/match.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { nearMisses, rate, seededRandom, writtenVariant, type CatalogueTitle, type NearMissHow, type WrittenHow } from './title-variants.ts'

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]))
const ROWS = Number(args.get('rows') ?? 5000)
const FILE = args.get('file') ?? path.resolve(import.meta.dirname, '../../shared/data/tmdb-movies-3000.jsonl')
if (!fs.existsSync(FILE)) {
	console.error(`No movie file at ${FILE}: give --file=<TMDB movies .jsonl> (the shared data's tmdb-movies-3000.jsonl)`)
	process.exit(2)
}

process.env.CATALOG_DEMO = 'off'
delete process.env.TMDB_API_KEY
delete process.env.TMDB_READ_TOKEN
delete process.env.REDIS_URL
resetEnvForTests()
const testDb = await createTestDatabase('sqlite')
setDatabaseForTests(testDb.handle)
const imported = await importCatalogFile(testDb.handle, FILE, { progressEveryMs: 60_000 })
await optimizeAfterImport(testDb.handle)
const movies = await testDb.handle.db
	.selectFrom('catalog_titles')
	.select(['id', 'title', 'original_title', 'release_date'])
	.where('media_type', '=', 'movie')
	.execute()

// A deterministic sample, so runs compare. Titles are written the way people
// write them (bench/title-variants.ts); 5 % of rows are near misses (a sequel,
// a remake, a same-name film of another year) that must match nothing.
const random = seededRandom(42)
const quote = (text: string) => `"${text.replace(/"/g, '""')}"`
const catalogue: CatalogueTitle[] = movies.map((m) => ({
	id: m.id,
	title: m.title,
	originalTitle: m.original_title,
	year: yearOf(m.release_date),
}))
const misses = nearMisses(catalogue, random, Math.ceil(ROWS * 0.05))
const expected: Array<{ id: number; how: WrittenHow } | { id: null; how: NearMissHow }> = []
const lines = ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date']
for (let i = 0; i < ROWS; i++) {
	const date = `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`
	if (random() < 0.05 && misses.length > 0) {
		const miss = misses[i % misses.length]!
		lines.push(`${date},${quote(miss.title)},${miss.year},https://boxd.it/x${i},3,,,${date}`)
		expected.push({ id: null, how: miss.how })
		continue
	}
	const movie = catalogue[Math.floor(random() * catalogue.length)]!
	const written = writtenVariant(movie, random)
	lines.push(`${date},${quote(written.title)},${written.year ?? ''},https://boxd.it/b${i},4,${random() < 0.1 ? 'Yes' : ''},,${date}`)
	expected.push({ id: movie.id, how: written.how })
}

const started = performance.now()
const preview = await previewImport([{ name: 'diary.csv', text: `${lines.join('\n')}\n` }])
const seconds = (performance.now() - started) / 1000
const byLine = new Map(preview.matched.map((row) => [Number(/line (\d+)$/.exec(row.origin)![1]) - 2, row.match.id]))
const positives = expected.flatMap((e, index) => (e.id === null ? [] : [{ ...e, got: byLine.get(index) }]))
const negatives = expected.flatMap((e, index) => (e.id === null ? [{ ...e, got: byLine.get(index) }] : []))
if (process.env.BENCH_DEBUG)
	for (const [index, e] of expected.entries())
		if (e.id !== null && byLine.get(index) !== e.id) console.log('miss', e.how, lines[index + 1], byLine.get(index))
const right = positives.filter((p) => p.got === p.id).length
const wrong = positives.filter((p) => p.got !== undefined && p.got !== p.id).length
const falseMatches = negatives.filter((n) => n.got !== undefined).length
const byHow = (
	rows: Array<{ how: string; id: number | null; got: number | undefined }>,
	hit: (row: { id: number | null; got: number | undefined }) => boolean,
) =>
	[...new Set(rows.map((r) => r.how))]
		.sort()
		.map((how) => `${how} ${rate(rows.filter((r) => r.how === how && hit(r)).length, rows.filter((r) => r.how === how).length)}`)
		.join('; ')
console.log(
	`catalogue: ${imported.imported} movies imported from ${path.basename(FILE)}; diary of ${ROWS} rows (${positives.length} of films in the catalogue, ${negatives.length} near misses)`,
)
console.log(`matched in ${seconds.toFixed(2)} s (${Math.round(ROWS / seconds)} rows/s)`)
console.log(`true match rate (the right film): ${rate(right, positives.length)} (goal ≥ 95 %); wrong film: ${wrong}`)
console.log(`  by how the title was written: ${byHow(positives, (r) => r.got === r.id)}`)
console.log(`false match rate (near misses matched): ${rate(falseMatches, negatives.length)} (goal 0)`)
console.log(`  by kind: ${byHow(negatives, (r) => r.got !== undefined)}`)
await testDb.destroy()
process.exit(0)
