// Shared by the bookmark and watch-history syncs: comparing what a device sent
// with the stored rows without rebuilding their JSON, and the options of a sync.

export interface SyncOptions {
	/**
	 * Answer only what the device lacks: the records of the merged state it
	 * did not send exactly as they are (a device sends its whole library, so
	 * that is what the account holds beyond it). Merging that answer into the
	 * device gives the same library as merging the whole state; a library of
	 * which nothing changed elsewhere gets an empty answer instead of itself.
	 */
	changesOnly?: boolean
	/** The user's storage quota in bytes, checked before commit when the sync wrote anything (quota.server.ts). */
	quotaBytes?: number
}

/**
 * Whether a value equals the parsed canonical JSON stored for it (absent and
 * undefined fields alike), i.e. whether their canonical JSON is the same. An
 * unchanged record is the common case at equal times, and this check costs a
 * fraction of building its canonical JSON.
 */
export function sameAsStored(value: unknown, stored: unknown, skip?: ReadonlySet<string>): boolean {
	if (value === stored) return true
	if (value === null || stored === null || typeof value !== 'object' || typeof stored !== 'object') return false
	if (Array.isArray(value) !== Array.isArray(stored)) return false
	const record = value as Record<string, unknown>
	const storedRecord = stored as Record<string, unknown>
	// for…in allocates nothing (both sides are plain JSON objects); this runs for every record sent.
	let count = 0
	for (const key in record) {
		const field = record[key]
		if (field === undefined || skip?.has(key)) continue
		if (!Object.hasOwn(storedRecord, key) || !sameAsStored(field, storedRecord[key])) return false
		count += 1
	}
	for (const key in storedRecord) if (Object.hasOwn(storedRecord, key)) count -= 1
	return count === 0
}

function parseStored(data: string): unknown {
	try {
		return JSON.parse(data)
	} catch {
		return undefined
	}
}

/** The parsed data of a stored row, parsed at most once. */
export function parsedData(row: { data: string; parsed?: unknown }): unknown {
	if (row.parsed === undefined) row.parsed = parseStored(row.data)
	return row.parsed
}
