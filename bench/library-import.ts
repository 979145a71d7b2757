// npm run bench:import [-- --rows=5000 --file=<tmdb movies .jsonl>]
//
// A Letterboxd diary of --rows rows matched against a catalogue of the 3,000
// real movies of the shared data (../shared/data/tmdb-movies-3000.jsonl,
// imported into a throwaway SQLite database like `npm run catalog:import`).
// Rows name films of that catalogue (title and year as Letterboxd writes them,
// rewatches included) plus 5 % films it does not have. Prints the time and the
// match rate over the rows whose film is in the catalogue (goal ≥ 95 %), and
// how many matches named the wrong film. Not a timed test: it prints figures.
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { importCatalogFile, optimizeAfterImport } from '#server/catalog/import.server.ts'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { previewImport } from '#server/library-import/import.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'

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
	.select(['id', 'title', 'release_date'])
	.where('media_type', '=', 'movie')
	.execute()

// A deterministic sample (a small LCG), so runs compare.
let seed = 42
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
const quote = (text: string) => `"${text.replace(/"/g, '""')}"`
const expected: Array<number | null> = []
const lines = ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date']
for (let i = 0; i < ROWS; i++) {
	const date = `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`
	if (random() < 0.05) {
		lines.push(`${date},${quote(`Not A Film In This Catalogue ${i}`)},2031,https://boxd.it/x${i},3,,,${date}`)
		expected.push(null)
		continue
	}
	const movie = movies[Math.floor(random() * movies.length)]!
	lines.push(
		`${date},${quote(movie.title)},${movie.release_date?.slice(0, 4) ?? ''},https://boxd.it/b${i},4,${random() < 0.1 ? 'Yes' : ''},,${date}`,
	)
	expected.push(movie.id)
}

const started = performance.now()
const preview = await previewImport([{ name: 'diary.csv', text: `${lines.join('\n')}\n` }])
const seconds = (performance.now() - started) / 1000
const byLine = new Map(preview.matched.map((row) => [Number(/line (\d+)$/.exec(row.origin)![1]) - 2, row.match.id]))
const inCatalogue = expected.filter((id) => id !== null).length
let right = 0
let wrong = 0
let falseMatches = 0
expected.forEach((id, index) => {
	const got = byLine.get(index)
	if (id === null) {
		if (got !== undefined) falseMatches++
	} else if (got === id) right++
	else if (got !== undefined) wrong++
})
console.log(
	`catalogue: ${imported.imported} movies imported from ${path.basename(FILE)}; diary of ${ROWS} rows (${inCatalogue} of films in the catalogue)`,
)
console.log(`matched in ${seconds.toFixed(2)} s (${Math.round(ROWS / seconds)} rows/s)`)
console.log(
	`match rate over rows in the catalogue: ${((right / inCatalogue) * 100).toFixed(2)} % (goal ≥ 95 %); wrong film: ${wrong}; rows not in the catalogue matched anyway: ${falseMatches}`,
)
await testDb.destroy()
process.exit(0)
