import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatLockout, LOGIN_LOCKOUT_MS, lockoutRemainingMs, recordLoginFailure, resetLoginFailures } from './account.ts'

describe('login lockout (product.md §4, §9)', () => {
	let data: Map<string, string>
	beforeEach(() => {
		data = new Map()
		vi.stubGlobal('window', {
			localStorage: {
				getItem: (k: string) => data.get(k) ?? null,
				setItem: (k: string, v: string) => data.set(k, v),
				removeItem: (k: string) => data.delete(k),
			},
		})
	})
	afterEach(() => vi.unstubAllGlobals())

	it('locks for 15 minutes on the 5th failure; the lock is stored (so it survives a reload)', () => {
		const now = 1_000_000
		for (let i = 1; i <= 4; i++) expect(recordLoginFailure(now)).toBe(false)
		expect(lockoutRemainingMs(now)).toBe(0)
		expect(recordLoginFailure(now)).toBe(true)
		expect(data.get('loginLockoutUntil')).toBe(String(now + LOGIN_LOCKOUT_MS))
		expect(lockoutRemainingMs(now + 60_000)).toBe(LOGIN_LOCKOUT_MS - 60_000)
		expect(lockoutRemainingMs(now + LOGIN_LOCKOUT_MS)).toBe(0)
	})

	it('a success resets the count', () => {
		recordLoginFailure(1)
		recordLoginFailure(2)
		resetLoginFailures()
		for (let i = 1; i <= 4; i++) expect(recordLoginFailure(10)).toBe(false)
	})

	it('formats the remaining time as m:ss', () => {
		expect(formatLockout(LOGIN_LOCKOUT_MS)).toBe('15:00')
		expect(formatLockout(61_000)).toBe('1:01')
		expect(formatLockout(400)).toBe('0:01')
	})
})
