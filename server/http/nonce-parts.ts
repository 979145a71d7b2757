/**
 * HTML rendered with a CSP nonce, cut at every occurrence of it (128 random
 * bits: it occurs nowhere else), so a stored page can be served with each
 * response's own nonce. Parts are copies: they outlive the buffer they came from.
 */
export function splitAtNonce(html: Buffer, nonce: string): Buffer[] {
	const needle = Buffer.from(nonce)
	const parts: Buffer[] = []
	let start = 0
	for (let at = html.indexOf(needle); at !== -1; at = html.indexOf(needle, start)) {
		parts.push(Buffer.from(html.subarray(start, at)))
		start = at + needle.length
	}
	parts.push(Buffer.from(html.subarray(start)))
	return parts
}

/** The parts joined by `nonce`. */
export function joinWithNonce(parts: readonly Buffer[], nonce: string): Buffer {
	const needle = Buffer.from(nonce)
	const pieces: Buffer[] = []
	for (const [i, part] of parts.entries()) {
		if (i > 0) pieces.push(needle)
		pieces.push(part)
	}
	return Buffer.concat(pieces)
}
