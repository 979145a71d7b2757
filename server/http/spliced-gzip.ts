import zlib from 'node:zlib'

/**
 * A gzip body made of parts compressed once and a short string that differs per
 * response (the CSP nonce) between them, without compressing the page again.
 *
 * Each part is raw deflate ending on a sync flush (byte-aligned, not final, no
 * reference to earlier parts), so deflate data can follow it; the joiner goes in
 * as a stored block; an empty final block, the CRC-32 and the length close the
 * member (RFC 1951 §3.2.4, RFC 1952 §2.3).
 */

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff])
/** A final fixed-Huffman block holding only its end code. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00])
const STORED_BLOCK_MAX = 0xffff

/** Each part as raw deflate ending on a sync flush. */
export function deflateParts(parts: readonly Buffer[], level = 9): Buffer[] {
	return parts.map((part) => zlib.deflateRawSync(part, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }))
}

function storedBlock(bytes: Buffer): Buffer {
	if (bytes.length > STORED_BLOCK_MAX) throw new RangeError('a joiner longer than one stored block')
	const block = Buffer.alloc(5 + bytes.length)
	// BFINAL 0, BTYPE 00, then the byte boundary: the block starts on one after a sync flush.
	block[0] = 0
	block.writeUInt16LE(bytes.length, 1)
	block.writeUInt16LE(~bytes.length & 0xffff, 3)
	bytes.copy(block, 5)
	return block
}

/**
 * gzip of `parts` joined by `joiner`, from the parts' deflate data (`deflateParts`).
 * `parts` are the uncompressed bytes, read only for the checksum and length.
 */
export function splicedGzip(parts: readonly Buffer[], deflated: readonly Buffer[], joiner: Buffer): Buffer {
	if (parts.length !== deflated.length || parts.length === 0) throw new RangeError('one deflated part per part')
	const joint = storedBlock(joiner)
	const pieces: Buffer[] = [GZIP_HEADER]
	let crc = 0
	let length = 0
	// Node's crc32 returns 0, not the running value, for an empty buffer without memory behind it.
	const add = (bytes: Buffer) => {
		if (bytes.length === 0) return
		crc = zlib.crc32(bytes, crc)
		length += bytes.length
	}
	for (const [i, part] of parts.entries()) {
		if (i > 0) {
			pieces.push(joint)
			add(joiner)
		}
		pieces.push(deflated[i]!)
		add(part)
	}
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(length >>> 0, 4)
	pieces.push(FINAL_EMPTY_BLOCK, trailer)
	return Buffer.concat(pieces)
}
