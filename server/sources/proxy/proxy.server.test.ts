import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetEnvForTests } from '../../env.server.ts'
import { resetSigningSecretForTests } from '../signing.server.ts'
import { openProxyToken, policyOf, signProxyUrl } from './proxy.server.ts'

beforeAll(() => {
	process.env.STREAM_SIGNING_SECRET = 'proxy-unit-test-secret-0123456789abcdefgh'
	resetEnvForTests()
	resetSigningSecretForTests()
})

afterAll(() => {
	delete process.env.STREAM_SIGNING_SECRET
	resetEnvForTests()
	resetSigningSecretForTests()
})

const target = {
	url: 'https://cdn.example/a/b.mp4',
	headers: { 'Ui-Token': 'secret-token-value' },
	allowedHosts: ['cdn.example:443'],
	allowPrivate: false,
	filename: 'b.mp4',
}

function tokenOf(url: string) {
	return url.split('/')[4]!
}

describe('sealed proxy URLs', () => {
	it('round-trip the target, hiding its headers', async () => {
		const url = await signProxyUrl(target)
		expect(url).toMatch(/^\/api\/stream\/proxy\/[\w-]+\/b\.mp4$/)
		expect(url).not.toContain('cdn.example')
		expect(Buffer.from(tokenOf(url), 'base64url').toString('latin1')).not.toContain('secret-token-value')
		expect(await openProxyToken(tokenOf(url))).toEqual({
			ok: true,
			target: { url: target.url, headers: target.headers, allowedHosts: target.allowedHosts, allowPrivate: false },
		})
	})

	it('refuse a changed byte, a foreign key and an expired one', async () => {
		const token = tokenOf(await signProxyUrl(target))
		for (let i = 0; i < token.length; i += 7) {
			const changed = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1)
			expect((await openProxyToken(changed)).ok).toBe(false)
		}
		expect(await openProxyToken('')).toEqual({ ok: false, reason: 'invalid' })
		expect(await openProxyToken('../../etc/passwd')).toEqual({ ok: false, reason: 'invalid' })
		const old = tokenOf(await signProxyUrl(target, 1000, Date.now() - 10_000))
		expect(await openProxyToken(old)).toEqual({ ok: false, reason: 'expired' })
		process.env.STREAM_SIGNING_SECRET = 'another-secret-entirely-0123456789abcdefgh'
		resetEnvForTests()
		resetSigningSecretForTests()
		expect(await openProxyToken(token)).toEqual({ ok: false, reason: 'invalid' })
	})

	it('name unsafe filenames "media" and derive the private-host rule', async () => {
		expect(await signProxyUrl({ ...target, filename: '../x' })).toMatch(/\/media$/)
		expect(policyOf({ ...target, allowPrivate: true })).toEqual({ allowedHosts: ['cdn.example:443'], privateHosts: ['cdn.example'] })
		expect(policyOf({ ...target, allowPrivate: true, privateHosts: ['nas.local'] }).privateHosts).toEqual(['nas.local'])
		expect(policyOf(target).privateHosts).toEqual([])
	})
})
