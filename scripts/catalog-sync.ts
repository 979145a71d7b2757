// npm run catalog:sync -- [--pages 3] [--ids movie:550,tv:1399] [--ids-only]
// Mirrors popular/trending lists and their details from live TMDB into the
// local catalogue. Needs TMDB_API_KEY or TMDB_READ_TOKEN.
import { getCache } from '../server/cache/cache.server.ts'
import { createLiveCatalog } from '../server/catalog/live.server.ts'
import { syncFromTmdb } from '../server/catalog/sync.server.ts'
import { closeDatabase, getDatabase, migrateToLatest } from '../server/db/db.server.ts'
import { getEnv } from '../server/env.server.ts'

const args = process.argv.slice(2)
const option = (name: string) => {
	const index = args.indexOf(name)
	return index >= 0 ? args[index + 1] : undefined
}
const env = getEnv()
if (!env.TMDB_API_KEY && !env.TMDB_READ_TOKEN) {
	console.error('catalog:sync needs TMDB_API_KEY or TMDB_READ_TOKEN in the environment.')
	process.exit(2)
}
const pages = Number(option('--pages') ?? 3)
if (!Number.isInteger(pages) || pages < 1 || pages > 500) {
	console.error('--pages must be a whole number from 1 to 500')
	process.exit(2)
}
const database = getDatabase()
await migrateToLatest(database)
const live = createLiveCatalog({ apiBase: env.TMDB_API_BASE, apiKey: env.TMDB_API_KEY, readToken: env.TMDB_READ_TOKEN, cache: getCache() })
const started = Date.now()
const summary = await syncFromTmdb(database, live, {
	pages,
	ids: option('--ids')?.split(',').filter(Boolean),
	idsOnly: args.includes('--ids-only'),
	onProgress: (done, total) => {
		if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total} titles`)
	},
	onError: (title, error) => process.stderr.write(`\n${title}: ${error instanceof Error ? error.message : String(error)} (skipped)\n`),
})
if (process.stderr.isTTY) process.stderr.write('\n')
console.log(`Mirrored ${summary.imported} of ${summary.listed} titles in ${((Date.now() - started) / 1000).toFixed(1)} s; ${summary.failed} failed.`)
await closeDatabase()
process.exit(0)
