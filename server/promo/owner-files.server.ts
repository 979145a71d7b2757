import fs from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import { parseEntries, type EntryProblem, type ParseEntriesOptions } from '#app/lib/promo/entries.ts'
import { getEnv } from '#server/env.server.ts'
import { logger } from '#server/logger.server.ts'

// The owner's JSON files in DATA_DIR (info-banner.json, ads.json,
// modalData.json, partners.json; decisions 0007 and 0032). A missing file
// means none. Each file is re-checked at most every few seconds (by mtime), so
// an edit shows without a restart. Problems are logged once per change of the
// file, never thrown: a typo never breaks a page.

const RECHECK_MS = 5_000

interface CachedFile {
	file: string
	checkedAt: number
	mtimeMs: number
	value: unknown
}

const files = new Map<string, CachedFile>()

/** What a file's text turned into: the value used, and what was wrong with it. */
export interface ParsedOwnerFile<T> {
	value: T
	problems: EntryProblem[]
}

/**
 * Reads one owner file through `parse` (given the file's JSON), re-reading only
 * when its mtime changes. Sync: the files are tiny and cached. Unreadable JSON
 * gives `empty` and a logged problem.
 */
export function readOwnerFile<T>(name: string, parse: (raw: unknown) => ParsedOwnerFile<T>, empty: T, now = Date.now()): T {
	const file = path.resolve(getEnv().DATA_DIR, name)
	const cached = files.get(name)
	if (cached && cached.file === file && now - cached.checkedAt < RECHECK_MS) return cached.value as T
	let mtimeMs = -1
	try {
		mtimeMs = fs.statSync(file).mtimeMs
	} catch {
		// No file: the owner configured nothing.
	}
	if (cached && cached.file === file && cached.mtimeMs === mtimeMs) {
		cached.checkedAt = now
		return cached.value as T
	}
	let value = empty
	if (mtimeMs >= 0) {
		try {
			const parsed = parse(JSON.parse(fs.readFileSync(file, 'utf8')))
			value = parsed.value
			for (const problem of parsed.problems.slice(0, 20)) {
				logger.warn(
					{ file, entry: problem.index >= 0 ? problem.index : undefined, id: problem.id, problem: problem.message },
					problem.index >= 0 ? 'owner file: invalid entry skipped' : 'owner file: invalid file ignored',
				)
			}
			if (parsed.problems.length > 20) logger.warn({ file, more: parsed.problems.length - 20 }, 'owner file: more invalid entries skipped')
		} catch (error) {
			logger.warn({ err: error, file }, 'owner file: unreadable file ignored')
		}
	}
	files.set(name, { file, checkedAt: now, mtimeMs, value })
	return value
}

/** A parse function for a list file, entry by entry (app/lib/promo/entries.ts). */
export function entriesOf<T>(schema: z.ZodType<T>, options: ParseEntriesOptions<T>) {
	return (raw: unknown): ParsedOwnerFile<T[]> => {
		const { entries, problems } = parseEntries(raw, schema, options)
		return { value: entries, problems }
	}
}

/** A parse function for a file holding one value (the info banner). */
export function wholeOf<T>(schema: z.ZodType<T>, empty: T) {
	return (raw: unknown): ParsedOwnerFile<T> => {
		const result = schema.safeParse(raw)
		if (result.success) return { value: result.data, problems: [] }
		const message = result.error.issues
			.slice(0, 3)
			.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
			.join('; ')
		return { value: empty, problems: [{ index: -1, message }] }
	}
}

/** Forgets cached files (tests point DATA_DIR elsewhere between cases). */
export function resetOwnerFilesForTests() {
	files.clear()
}
