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

/**
 * Byte-order comparison of the UTF-8 encodings (what SQLite and PostgreSQL's
 * "C" collation do), without encoding: UTF-16 code units already sort like
 * UTF-8 bytes except that surrogates (characters above U+FFFF) must sort
 * after U+E000..U+FFFF.
 */
export function compareText(a: string, b: string): number {
	if (a === b) return 0
	const length = Math.min(a.length, b.length)
	for (let i = 0; i < length; i++) {
		const x = a.charCodeAt(i)
		const y = b.charCodeAt(i)
		if (x === y) continue
		const xSurrogate = x >= 0xd800 && x <= 0xdfff
		const ySurrogate = y >= 0xd800 && y <= 0xdfff
		if (xSurrogate !== ySurrogate && (xSurrogate ? y >= 0xe000 : x >= 0xe000)) return xSurrogate ? 1 : -1
		return x - y
	}
	return a.length - b.length
}
