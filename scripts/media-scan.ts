// npm run media:scan: scans the media folders (MEDIA_DIR) once, with a
// progress bar, and prints what matched, what did not (and why), and what is
// ambiguous. Migrates and runs the start-up tasks first, like the server.
import { closeDatabase, getDatabase, migrateToLatest } from '../server/db/db.server.ts'
import { closeCache } from '../server/cache/cache.server.ts'
import { mediaFolders, scanMediaFolder } from '#server/sources/media-folder/index.server.ts'
import { runStartupTasks } from '../server/startup.server.ts'

const BAR = 30

function progress(done: number, total: number) {
	if (!process.stdout.isTTY && done !== total) return
	const filled = total === 0 ? BAR : Math.round((done / total) * BAR)
	process.stdout.write(`\r[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${done}/${total}${done === total ? '\n' : ''}`)
}

async function main() {
	const folders = mediaFolders()
	if (folders.length === 0) {
		console.error('MEDIA_DIR is not set: nothing to scan.')
		process.exitCode = 1
		return
	}
	// Like the server's start: the demo catalogue must be loaded for names to match against it.
	await migrateToLatest(getDatabase())
	await runStartupTasks(getDatabase())
	console.log(`Scanning ${folders.join(', ')}`)
	const report = await scanMediaFolder({ onProgress: progress })
	console.log(`\nMatched: ${report.matched}`)
	const list = (title: string, items: Array<{ path: string; reason: string }>) => {
		console.log(`${title}: ${items.length}`)
		for (const item of items) console.log(`  ${item.path}: ${item.reason}`)
	}
	list('Unmatched', report.unmatched)
	list('Ambiguous', report.ambiguous)
	list('Skipped', report.skipped)
	if (report.removed) console.log(`Removed from the index: ${report.removed}`)
}

main()
	.catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error)
		process.exitCode = 1
	})
	.finally(() => Promise.allSettled([closeDatabase(), closeCache()]))
