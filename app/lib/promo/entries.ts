import type { z } from 'zod'

// The owner's list files (ads.json, modalData.json, partners.json) are read
// entry by entry: a bad entry is reported and skipped, the others are used, so
// one typo never hides everything else. Pure (the caller reads the file and
// logs the problems); server-only, as it runs zod schemas.

/** Most entries read from one file; the rest are reported and left out. */
export const MAX_ENTRIES = 500

export interface EntryProblem {
	/** Position in the list (0-based); -1 for the file as a whole. */
	index: number
	/** The entry's id (or name) when it has a readable one, to find it in the file. */
	id?: string
	message: string
}

export interface ParsedEntries<T> {
	entries: T[]
	problems: EntryProblem[]
}

function describeIssues(error: z.ZodError): string {
	return error.issues
		.slice(0, 3)
		.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
		.join('; ')
}

function readableId(raw: unknown, field: string): string | undefined {
	if (!raw || typeof raw !== 'object') return undefined
	const value = (raw as Record<string, unknown>)[field]
	return typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : undefined
}

export interface ParseEntriesOptions<T> {
	/** The list may also be written as `{ [listKey]: [...] }`. */
	listKey: string
	/** Field naming an entry in problems, and, with `unique`, a field no two entries may share. */
	idField?: string
	/** Later entries repeating an earlier entry's `idField` are skipped. */
	unique?: (entry: T) => string
	max?: number
}

/**
 * Validates a parsed JSON file that holds a list (or `{ listKey: [...] }`):
 * every entry on its own. `null` means an empty list. Anything else that is
 * not a list is one problem and no entries.
 */
export function parseEntries<T>(raw: unknown, schema: z.ZodType<T>, options: ParseEntriesOptions<T>): ParsedEntries<T> {
	const { listKey, idField = 'id', unique, max = MAX_ENTRIES } = options
	if (raw === null) return { entries: [], problems: [] }
	const list = Array.isArray(raw)
		? raw
		: raw && typeof raw === 'object' && Array.isArray((raw as Record<string, unknown>)[listKey])
			? ((raw as Record<string, unknown>)[listKey] as unknown[])
			: undefined
	if (!list) return { entries: [], problems: [{ index: -1, message: `expected a list, or { "${listKey}": [...] }` }] }
	const entries: T[] = []
	const problems: EntryProblem[] = []
	const seen = new Set<string>()
	list.forEach((item, index) => {
		const id = readableId(item, idField)
		if (index >= max) {
			if (index === max) problems.push({ index, message: `more than ${max} entries; the rest are left out` })
			return
		}
		const result = schema.safeParse(item)
		if (!result.success) {
			problems.push({ index, id, message: describeIssues(result.error) })
			return
		}
		if (unique) {
			const key = unique(result.data)
			if (seen.has(key)) {
				problems.push({ index, id, message: `${idField} "${key}" is used by an earlier entry` })
				return
			}
			seen.add(key)
		}
		entries.push(result.data)
	})
	return { entries, problems }
}
