import chardet from 'chardet'
import iconv from 'iconv-lite'

// Add-on subtitle files come in whatever encoding their authors used
// (Windows-1252, Latin-1, UTF-16…); the browser is given UTF-8. Pure: no I/O.

/** Decodes subtitle bytes: a BOM wins, then valid UTF-8, then chardet's guess, else Windows-1252. */
export function decodeCaptionBytes(bytes: Buffer): string {
	if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8')
	if (bytes[0] === 0xff && bytes[1] === 0xfe) return iconv.decode(bytes.subarray(2), 'utf-16le')
	if (bytes[0] === 0xfe && bytes[1] === 0xff) return iconv.decode(bytes.subarray(2), 'utf-16be')
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		// Not UTF-8: guess below.
	}
	const guess = chardet.detect(bytes)
	const encoding = guess && iconv.encodingExists(guess) ? guess : 'windows-1252'
	return iconv.decode(bytes, encoding)
}
