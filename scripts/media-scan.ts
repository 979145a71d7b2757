// npm run media:scan [-- --json]: scans the media folders (MEDIA_DIR) once and
// prints which file matched which title (season, episode), and every file
// not matched (unmatched, ambiguous, skipped) with its reason; --json prints
// the same as one JSON object for machines. Progress: a bar on a terminal, a
// line per 5 % on a pipe (on stderr with --json, so stdout stays JSON).
// Migrates and runs the start-up tasks first, like the server.
import { closeDatabase, getDatabase, migrateToLatest } from '../server/db/db.server.ts'
import { closeCache } from '../server/cache/cache.server.ts'
import { mediaFolders, scanMediaFolder } from '#server/sources/media-folder/index.server.ts'
import { runStartupTasks } from '../server/startup.server.ts'
import { formatScanReport, progressPrinter, scanReportJson } from './media-scan-output.ts'

async function main() {
	const json = process.argv.includes('--json')
	const folders = mediaFolders()
	if (folders.length === 0) {
		console.error('MEDIA_DIR is not set: nothing to scan.')
		process.exitCode = 1
		return
	}
	// Like the server's start: the demo catalogue must be loaded for names to match against it.
	await migrateToLatest(getDatabase())
	await runStartupTasks(getDatabase())
	const out = json ? process.stderr : process.stdout
	out.write(`Scanning ${folders.join(', ')}\n`)
	const report = await scanMediaFolder({ onProgress: progressPrinter((text) => out.write(text), Boolean(out.isTTY)) })
	process.stdout.write(json ? scanReportJson(report) : `\n${formatScanReport(report)}`)
}

main()
	.catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error)
		process.exitCode = 1
	})
	.finally(() => Promise.allSettled([closeDatabase(), closeCache()]))
