// npm run catalog:import -- <file.jsonl[.gz]> [--batch 500]
// Streams TMDB-shaped JSON lines (one movie or tv object a line) into the local
// catalogue of the configured database (DATABASE_URL, else DATA_DIR's SQLite).
import fs from 'node:fs'
import { formatProgress, importCatalogFile, optimizeAfterImport } from '../server/catalog/import.server.ts'
import { closeDatabase, getDatabase, migrateToLatest } from '../server/db/db.server.ts'

const args = process.argv.slice(2)
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--batch')
const batchIndex = args.indexOf('--batch')
const batchSize = batchIndex >= 0 ? Number(args[batchIndex + 1]) : 500
if (!file || !fs.existsSync(file) || !Number.isInteger(batchSize) || batchSize < 1) {
	console.error('Usage: npm run catalog:import -- <file.jsonl[.gz]> [--batch 500]')
	process.exit(2)
}

const database = getDatabase()
await migrateToLatest(database)
const tty = process.stderr.isTTY
let peakRss = process.memoryUsage().rss
let lastLine = 0
const summary = await importCatalogFile(database, file, {
	batchSize,
	progressEveryMs: tty ? 200 : 5000,
	onProgress(progress) {
		peakRss = Math.max(peakRss, process.memoryUsage().rss)
		const line = formatProgress(progress)
		if (tty) process.stderr.write(`\r${line}\u001b[K`)
		else if (Date.now() - lastLine > 4000) {
			lastLine = Date.now()
			process.stderr.write(`${line}\n`)
		}
	},
	onBadLine(line, error) {
		process.stderr.write(`${tty ? '\r\u001b[K' : ''}line ${line}: ${error} (skipped)\n`)
	},
})
peakRss = Math.max(peakRss, process.memoryUsage().rss)
if (tty) process.stderr.write('\n')
process.stderr.write('Optimising the search index…\n')
await optimizeAfterImport(database)
const seconds = summary.elapsedMs / 1000
console.log(
	`Imported ${summary.imported.toLocaleString('en-US')} titles from ${summary.lines.toLocaleString('en-US')} lines in ${seconds.toFixed(1)} s ` +
		`(${Math.round(summary.imported / Math.max(seconds, 0.001)).toLocaleString('en-US')}/s); ${summary.skipped} bad lines skipped; peak RSS ${(peakRss / 1048576).toFixed(0)} MB.`,
)
await closeDatabase()
process.exit(summary.skipped > 0 && summary.imported === 0 ? 1 : 0)
