import zlib from 'node:zlib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitAtNonce } from './nonce-parts.ts'
import { deflateParts, splicedGzip } from './spliced-gzip.ts'

const NONCE = 'Cp2qinUjNxeL1ECVdt76Og=='
const OTHER = 'W3Zx9k2+0pQbYtR7uVaHsA=='

/** A page shaped like ours: the nonce on the style, on each inline script, the big parts between. */
function page(nonce: string) {
	const rows = Array.from(
		{ length: 200 },
		(_, i) => `<li><a href="/movies/${i}-title-${i}">Title ${i}</a><img src="/img/${i}.webp"></li>`,
	).join('')
	return Buffer.from(
		`<!DOCTYPE html><html><head><style nonce="${nonce}">${'.a{color:red}'.repeat(500)}</style>` +
			`<script nonce="${nonce}">window.__x=1</script></head><body><ul>${rows}</ul>` +
			`<script type="module" nonce="${nonce}">import "/assets/entry.js"</script></body></html>`,
	)
}

describe('splicedGzip', () => {
	it('is a valid gzip member of the page with the new nonce (gunzip checks the CRC and length)', () => {
		const parts = splitAtNonce(page(NONCE), NONCE)
		expect(parts).toHaveLength(4)
		const body = splicedGzip(parts, deflateParts(parts), Buffer.from(OTHER))
		expect(zlib.gunzipSync(body).equals(page(OTHER))).toBe(true)
		// Compressed: well under the HTML, about what compressing it whole gives.
		expect(body.length).toBeLessThan(zlib.gzipSync(page(OTHER), { level: 1 }).length * 1.2)
	})

	it('handles a page without the nonce, and nonces at the very start and end', () => {
		for (const html of ['<p>plain</p>', `${NONCE}<p>middle</p>${NONCE}`, NONCE, '']) {
			const parts = splitAtNonce(Buffer.from(html), NONCE)
			const body = splicedGzip(parts, deflateParts(parts), Buffer.from(OTHER))
			expect(zlib.gunzipSync(body).toString()).toBe(html.split(NONCE).join(OTHER))
		}
	})

	it('any parts and joiner: gunzip gives them joined', () => {
		fc.assert(
			fc.property(
				fc.array(fc.uint8Array({ maxLength: 3000 }), { minLength: 1, maxLength: 8 }),
				fc.uint8Array({ maxLength: 64 }),
				(raw, joinerBytes) => {
					const parts = raw.map((bytes) => Buffer.from(bytes))
					const joiner = Buffer.from(joinerBytes)
					const expected = Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [joiner, part])))
					expect(zlib.gunzipSync(splicedGzip(parts, deflateParts(parts, 6), joiner)).equals(expected)).toBe(true)
				},
			),
			{ numRuns: 150 },
		)
	})

	it('refuses a joiner longer than one stored block and a part list that does not match', () => {
		const parts = [Buffer.from('a'), Buffer.from('b')]
		expect(() => splicedGzip(parts, deflateParts(parts), Buffer.alloc(70_000))).toThrow(RangeError)
		expect(() => splicedGzip(parts, deflateParts([parts[0]!]), Buffer.from('x'))).toThrow(RangeError)
	})
})
