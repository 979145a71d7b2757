import { planImport, type ImportPlan, type MatchedImportRow } from '#app/lib/library/import-plan.ts'
import type { DatabaseHandle } from '../db/db.server.ts'
import { readBookmarks, syncBookmarks } from '../sync/bookmarks.server.ts'
import { readWatchHistory, syncWatchHistory } from '../sync/watch-history.server.ts'
import { parseImportFile, type ImportProblem, type ImportRow } from './formats.ts'
import { matchImportRows } from './match.server.ts'

// The import pipeline shared by the preview API and the owner's command:
// parse each file, match the rows, and (for the command) merge the plan into
// an account's library with the sync's own merges, which never drop a change.

export const IMPORT_MAX_ROWS = 20_000

export class TooManyRowsError extends Error {}

export interface ImportPreview {
	matched: MatchedImportRow[]
	unmatched: ImportProblem[]
}

/** Parses and matches the files (ImportFormatError for a file it cannot read). */
export async function previewImport(files: ReadonlyArray<{ name: string; text: string }>): Promise<ImportPreview> {
	const rows: ImportRow[] = []
	const problems: ImportProblem[] = []
	for (const file of files) {
		const parsed = parseImportFile(file.name, file.text)
		rows.push(...parsed.rows)
		problems.push(...parsed.problems)
	}
	if (rows.length > IMPORT_MAX_ROWS) throw new TooManyRowsError(`At most ${IMPORT_MAX_ROWS} rows at once`)
	const { matched, unmatched } = await matchImportRows(rows)
	return { matched, unmatched: [...problems, ...unmatched] }
}

/** Imports the files into a user's account library: only additions, merged like a sync from another device. */
export async function importIntoAccount(
	handle: DatabaseHandle,
	userId: string,
	files: ReadonlyArray<{ name: string; text: string }>,
): Promise<ImportPreview & { plan: ImportPlan }> {
	const preview = await previewImport(files)
	const [bookmarks, history] = await Promise.all([readBookmarks(handle.db, userId), readWatchHistory(handle.db, userId)])
	const plan = planImport(preview.matched, {
		bookmarks: { bookmarks: bookmarks.bookmarks, tombstones: bookmarks.tombstones },
		history: history.items,
	})
	if (plan.bookmarks.length > 0) await syncBookmarks(handle, userId, { bookmarks: plan.bookmarks, tombstones: [] })
	if (Object.keys(plan.history).length > 0) await syncWatchHistory(handle, userId, plan.history)
	return { ...preview, plan }
}
