import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { decodeCaptionBytes } from './caption-text.ts'

const text = '1\n00:00:01,000 --> 00:00:02,000\n¿Qué pasó? Ça va, Müller.\n'

describe('decodeCaptionBytes', () => {
	it.each([
		['UTF-8', Buffer.from(text, 'utf8')],
		['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])],
		['UTF-16LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')])],
		['UTF-16BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf-16be')])],
		['Windows-1252', iconv.encode(text, 'windows-1252')],
		['Latin-1', iconv.encode(text, 'latin1')],
	])('reads %s', (_name, bytes) => {
		expect(decodeCaptionBytes(bytes)).toBe(text)
	})
})
