import { describe, expect, it } from 'vitest'
import { redactDeep, redactSecrets, redactUrl } from './redact.ts'

const SIG = 'q3Xr0T9m1VdE5mF0e4wQ0E2yq0I1y8bDg7D7QFqg0Ls'
const SEALED = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdEfGhIjKlMnOpQrStUvWxYz0123'

describe('redactUrl', () => {
	it('drops signatures from signed stream links and keeps what an owner needs', () => {
		expect(redactUrl(`/api/stream/library/AbCdEfGhIjKlMnOpQrStUv/file?exp=1767225600&sig=${SIG}`)).toBe(
			'/api/stream/library/AbCdEfGhIjKlMnOpQrStUv/file?exp=:redacted&sig=:redacted',
		)
		expect(redactUrl(`/api/stream/library/AbCdEfGhIjKlMnOpQrStUv/hls/1767225600/${SIG}/seg-4.ts`)).toBe(
			'/api/stream/library/AbCdEfGhIjKlMnOpQrStUv/hls/1767225600/:redacted/seg-4.ts',
		)
	})

	it('hides sealed proxy tokens in the path', () => {
		expect(redactUrl(`/api/stream/proxy/${SEALED}/remux.m3u8`)).toBe('/api/stream/proxy/:redacted/remux.m3u8')
	})

	it('keeps ordinary pages and queries, but not credential-like values anywhere', () => {
		expect(redactUrl('/movies/the-lord-of-the-rings-the-fellowship-of-the-ring-120?page=2')).toBe(
			'/movies/the-lord-of-the-rings-the-fellowship-of-the-ring-120?page=2',
		)
		expect(redactUrl('/api/calendar/feed.ics?token=abc123&lang=en')).toBe('/api/calendar/feed.ics?token=:redacted&lang=en')
		expect(redactUrl('/x?%73ig=abc')).toBe('/x?%73ig=:redacted')
	})
})

describe('redactSecrets', () => {
	it('cleans free text such as ffmpeg errors and error messages', () => {
		expect(redactSecrets(`http://127.0.0.1:40123/${SEALED}: Server returned 404 Not Found`)).toBe(
			'http://127.0.0.1:40123/:redacted: Server returned 404 Not Found',
		)
		expect(redactSecrets(`GET https://willow.example/api/stream/library/x/file?exp=1&sig=${SIG} failed`)).toBe(
			'GET https://willow.example/api/stream/library/x/file?exp=1&sig=:redacted failed',
		)
		expect(redactSecrets(`opened /api/stream/proxy/${SEALED}/seg-1.ts`)).toBe('opened /api/stream/proxy/:redacted/seg-1.ts')
	})

	it('reaches strings at any depth, errors included', () => {
		const error = new Error(`fetch ${'/api/stream/proxy/' + SEALED + '/a.mkv'} failed`)
		const clean = JSON.stringify(redactDeep({ err: error, nested: [{ url: `?sig=${SIG}` }] }))
		expect(clean).not.toContain(SIG)
		expect(clean).not.toContain(SEALED)
		expect(clean).toContain('fetch /api/stream/proxy/:redacted/a.mkv failed')
	})
})
