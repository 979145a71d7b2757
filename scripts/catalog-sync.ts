// npm run catalog:sync -- [--pages 3] [--ids movie:550,tv:1399] [--ids-only]
// Mirrors popular/trending lists and their details from live TMDB into the
// local catalogue. Needs TMDB_API_KEY or TMDB_READ_TOKEN.
import { getCache } from '../server/cache/cache.server.ts'
import { syncFromTmdb } from '../server/catalog/tmdb-mirror.server.ts'
import { closeDatabase, getDatabase, migrateToLatest } from '../server/db/db.server.ts'
import { cliOption as option, liveCatalogFromEnv } from './tmdb-cli.ts'

const live = liveCatalogFromEnv('catalog:sync', getCache())
const pages = Number(option('--pages') ?? 3)
if (!Number.isInteger(pages) || pages < 1 || pages > 500) {
	console.error('--pages must be a whole number from 1 to 500')
	process.exit(2)
}
const database = getDatabase()
await migrateToLatest(database)
const started = Date.now()
const summary = await syncFromTmdb(database, live, {
	pages,
	ids: option('--ids')?.split(',').filter(Boolean),
	idsOnly: process.argv.includes('--ids-only'),
	onProgress: (done, total) => {
		if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total} titles`)
	},
	onError: (title, error) => process.stderr.write(`\n${title}: ${error instanceof Error ? error.message : String(error)} (skipped)\n`),
})
if (process.stderr.isTTY) process.stderr.write('\n')
console.log(
	`Mirrored ${summary.imported} of ${summary.listed} titles in ${((Date.now() - started) / 1000).toFixed(1)} s; ${summary.failed} failed.`,
)
await closeDatabase()
process.exit(0)
