import fs from 'node:fs'
import zlib from 'node:zlib'
import { sql } from 'kysely'
import type { DatabaseHandle } from '../db/db.server.ts'
import { parseImportItem, type ImportItem } from './import-schema.ts'
import { upsertTitles } from './title-store.server.ts'

// Streams a JSON-lines file of TMDB-shaped titles into the local catalogue.
// Memory stays flat however big the file: the stream is read chunk by chunk
// and waits while each batch is written. Bad lines are reported and skipped.

export interface ImportProgress {
	lines: number
	imported: number
	skipped: number
	bytesRead: number
	totalBytes: number
	elapsedMs: number
}

export interface ImportOptions {
	batchSize?: number
	onProgress?: (progress: ImportProgress) => void
	onBadLine?: (lineNumber: number, error: string) => void
	/** How often onProgress is called, at most. */
	progressEveryMs?: number
}

export interface ImportSummary extends ImportProgress {
	badLines: Array<{ line: number; error: string }>
}

export async function importCatalogFile(handle: DatabaseHandle, file: string, options: ImportOptions = {}): Promise<ImportSummary> {
	const batchSize = options.batchSize ?? 500
	const totalBytes = fs.statSync(file).size
	const started = Date.now()
	const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 })
	let bytesRead = 0
	raw.on('data', (chunk) => {
		bytesRead += chunk.length
	})
	const source = file.endsWith('.gz') ? raw.pipe(zlib.createGunzip()) : raw
	const summary: ImportSummary = { lines: 0, imported: 0, skipped: 0, bytesRead: 0, totalBytes, elapsedMs: 0, badLines: [] }
	let batch: ImportItem[] = []
	let lastProgress = 0
	let pending = ''

	const report = (force = false) => {
		const now = Date.now()
		if (!options.onProgress || (!force && now - lastProgress < (options.progressEveryMs ?? 250))) return
		lastProgress = now
		options.onProgress({ ...summary, bytesRead, elapsedMs: now - started })
	}
	const bad = (line: number, error: string) => {
		summary.skipped++
		// Keep the first thousand for the summary; the callback sees them all.
		if (summary.badLines.length < 1000) summary.badLines.push({ line, error })
		options.onBadLine?.(line, error)
	}
	const flush = async () => {
		if (batch.length === 0) return
		const writing = batch
		batch = []
		await upsertTitles(handle, writing)
		summary.imported += writing.length
		report()
	}
	const handleLine = async (text: string) => {
		summary.lines++
		const line = text.trim()
		if (!line) return
		let value: unknown
		try {
			value = JSON.parse(line)
		} catch (error) {
			bad(summary.lines, `invalid JSON (${error instanceof Error ? error.message : 'parse error'})`)
			return
		}
		const parsed = parseImportItem(value)
		if (!parsed.ok) {
			bad(summary.lines, parsed.error)
			return
		}
		batch.push(parsed.item)
		if (batch.length >= batchSize) await flush()
	}

	for await (const chunk of source) {
		pending += (chunk as Buffer).toString('utf8')
		let newline = pending.indexOf('\n')
		while (newline !== -1) {
			await handleLine(pending.slice(0, newline))
			pending = pending.slice(newline + 1)
			newline = pending.indexOf('\n')
		}
	}
	if (pending) await handleLine(pending)
	await flush()
	summary.bytesRead = bytesRead
	summary.elapsedMs = Date.now() - started
	report(true)
	return summary
}

/** "[#####-----] 48.1% 12,345 titles 4,100/s ETA 0:12" */
export function formatProgress(progress: ImportProgress, width = 24): string {
	const fraction = progress.totalBytes ? Math.min(1, progress.bytesRead / progress.totalBytes) : 0
	const filled = Math.round(fraction * width)
	const seconds = progress.elapsedMs / 1000
	const rate = seconds > 0 ? progress.imported / seconds : 0
	const eta = fraction > 0 ? Math.max(0, seconds / fraction - seconds) : 0
	const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`
	return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(fraction * 100).toFixed(1)}% ${progress.imported.toLocaleString('en-US')} titles ${Math.round(rate).toLocaleString('en-US')}/s ETA ${clock(eta)}${progress.skipped ? ` (${progress.skipped} bad lines skipped)` : ''}`
}

/**
 * After a bulk import: fresh statistics for the planner, and the full-text index
 * compacted (FTS5 segments merged; PostgreSQL's GIN pending list flushed by VACUUM),
 * so the first searches are as fast as later ones.
 */
export async function optimizeAfterImport(handle: DatabaseHandle) {
	if (handle.dialect === 'sqlite') {
		await sql`INSERT INTO catalog_search(catalog_search) VALUES ('optimize')`.execute(handle.db)
		await sql`ANALYZE`.execute(handle.db)
		return
	}
	// Search reads matches in table order as popularity order (migration 0004): restore that order.
	await sql`CLUSTER catalog_search_docs USING catalog_search_docs_popularity_idx`.execute(handle.db)
	for (const table of [
		'catalog_titles',
		'catalog_title_genres',
		'catalog_title_providers',
		'catalog_title_offers',
		'catalog_search_terms',
		'catalog_search_docs',
	]) {
		await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(handle.db)
	}
}
