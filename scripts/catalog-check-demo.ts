// npm run catalog:check-demo -- [--ids movie:550,tv:1399] [--json report.json]
// Compares the embedded demo catalogue with live TMDB, title by title (names,
// dates, genres, IMDb ids, seasons and their episode counts), and prints what
// differs, so the hand-written demo sources can be corrected. Needs
// TMDB_API_KEY or TMDB_READ_TOKEN. Exits 1 when anything differs.
import fs from 'node:fs'
import { createMemoryCache } from '../server/cache/cache.server.ts'
import { checkAgainstTmdb, formatChecks } from '../server/catalog/demo/check.server.ts'
import { demoCataloguePath, readDemoCatalogue } from '../server/catalog/demo.server.ts'
import { cliOption as option, liveCatalogFromEnv } from './tmdb-cli.ts'

const live = liveCatalogFromEnv('catalog:check-demo', createMemoryCache())
const file = demoCataloguePath()
if (!file) {
	console.error('The demo catalogue file was not found (server/catalog/demo/catalogue.jsonl.gz).')
	process.exit(2)
}
const wanted = option('--ids')?.split(',').filter(Boolean)
if (wanted?.some((ref) => !/^(movie|tv):\d+$/.test(ref))) {
	console.error('--ids takes a comma-separated list like movie:550,tv:1399')
	process.exit(2)
}
const titles = (await readDemoCatalogue(file)).filter((item) => !wanted || wanted.includes(`${item.kind}:${item.id}`))
const checks = await checkAgainstTmdb(live, titles, {
	onProgress: (done, total) => {
		if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total} titles`)
	},
})
if (process.stderr.isTTY) process.stderr.write('\n')
console.log(formatChecks(checks))
const jsonFile = option('--json')
if (jsonFile) fs.writeFileSync(jsonFile, `${JSON.stringify(checks, null, '\t')}\n`)
process.exit(checks.some((check) => check.error || check.differences.length > 0) ? 1 : 0)
