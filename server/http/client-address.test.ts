import { describe, expect, it } from 'vitest'
import { clientAddressKey } from './client-address.ts'

describe('clientAddressKey', () => {
	it('keeps IPv4 addresses whole', () => {
		expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7')
		expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
	})
	it('groups IPv6 clients by their /64: one household or server can not rotate through its prefix', () => {
		expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
		expect(clientAddressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
		expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
	})
	it('answers "unknown" for nothing or garbage', () => {
		expect(clientAddressKey(undefined)).toBe('unknown')
		expect(clientAddressKey('not an address')).toBe('unknown')
	})
})
