import { describe, expect, it } from 'vitest'
import { hostKeyOf, ipLiteralOf, isHostAllowed, isPublicAddress, parseHttpUrl } from './address-policy.ts'

describe('isPublicAddress', () => {
	it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '93.184.216.34'])('accepts the public address %s', (address) => {
		expect(isPublicAddress(address)).toBe(true)
	})

	it.each([
		'127.0.0.1',
		'127.8.9.10',
		'10.1.2.3',
		'172.16.0.1',
		'192.168.1.1',
		'169.254.169.254',
		'100.64.0.1',
		'0.0.0.0',
		'224.0.0.1',
		'255.255.255.255',
		'::1',
		'::',
		'fe80::1',
		'fc00::1',
		'fd12:3456::1',
		'::ffff:127.0.0.1',
		'::ffff:10.0.0.1',
		'64:ff9b::a00:1',
		'2002:a00:1::1',
		'not an address',
	])('refuses %s', (address) => {
		expect(isPublicAddress(address)).toBe(false)
	})
})

describe('URLs and hosts', () => {
	it('accepts only absolute http(s) URLs without credentials', () => {
		expect(parseHttpUrl('https://example.com/a.mp4')?.href).toBe('https://example.com/a.mp4')
		expect(parseHttpUrl('seg1.ts', 'http://cdn.example:8080/x/index.m3u8')?.href).toBe('http://cdn.example:8080/x/seg1.ts')
		for (const bad of [
			'file:///etc/passwd',
			'data:text/plain,hi',
			'javascript:alert(1)',
			'ftp://example.com/x',
			'/relative',
			'https://user:pw@example.com/',
		]) {
			expect(parseHttpUrl(bad)).toBeNull()
		}
	})

	it('spells out the default port in host keys', () => {
		expect(hostKeyOf(new URL('https://Example.com/x'))).toBe('example.com:443')
		expect(hostKeyOf(new URL('http://example.com/x'))).toBe('example.com:80')
		expect(hostKeyOf(new URL('http://[::1]:8080/x'))).toBe('[::1]:8080')
		expect(isHostAllowed({ allowedHosts: ['example.com:443'], privateHosts: [] }, new URL('https://example.com:8443/'))).toBe(false)
	})

	it('tells IP literals from names', () => {
		expect(ipLiteralOf('127.0.0.1')).toBe('127.0.0.1')
		expect(ipLiteralOf('[::1]')).toBe('::1')
		expect(ipLiteralOf('example.com')).toBeNull()
	})
})
