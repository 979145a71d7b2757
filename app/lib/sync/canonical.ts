/**
 * JSON with object keys sorted, so equal values always give equal strings.
 * Merges break ties between records of the same time by comparing these
 * strings, on the device and in the database alike.
 */
export function canonicalJson(value: unknown): string {
	return JSON.stringify(sortKeys(value))
}

function sortKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sortKeys)
	if (value && typeof value === 'object') {
		const out: Record<string, unknown> = {}
		for (const key of Object.keys(value).sort()) {
			const field = (value as Record<string, unknown>)[key]
			if (field !== undefined) out[key] = sortKeys(field)
		}
		return out
	}
	return value
}

const encoder = new TextEncoder()

/** Byte-order comparison of UTF-8 (what SQLite and PostgreSQL's "C" collation do). */
export function compareText(a: string, b: string): number {
	if (a === b) return 0
	const left = encoder.encode(a)
	const right = encoder.encode(b)
	const length = Math.min(left.length, right.length)
	for (let i = 0; i < length; i++) {
		if (left[i] !== right[i]) return left[i]! - right[i]!
	}
	return left.length - right.length
}
