// The scan alone, in its own process (run by bench/sources/matching.ts), so its
// peak memory is the scan's and not the bench's: the generated tree, the seeded
// catalogue and the bench's own bookkeeping stay in the parent. Prints JSON.
import { createDatabase, setDatabaseForTests } from '../../server/db/db.server.ts'
import { resetEnvForTests } from '../../server/env.server.ts'
import { scanMediaFolder } from '#server/sources/media-folder/index.server.ts'

const [sqliteFile, mediaDir] = process.argv.slice(2)
if (!sqliteFile || !mediaDir) throw new Error('usage: matching-scan.child.ts <sqlite file> <media folder>')
process.env.MEDIA_DIR = mediaDir
resetEnvForTests()
const handle = createDatabase({ sqliteFile })
setDatabaseForTests(handle)
const before = process.memoryUsage().rss
const started = performance.now()
await scanMediaFolder()
const seconds = (performance.now() - started) / 1000
await handle.close()
// maxRSS is the process's high-water mark in KiB, whatever happened between samples.
console.log(JSON.stringify({ seconds, beforeBytes: before, peakBytes: process.resourceUsage().maxRSS * 1024 }))
