import { describe, expect, it } from 'vitest'
import { approximateUsd, formatAmount } from './donate.ts'

describe('donation amounts (§9)', () => {
	it('shows BTC with 5 decimals and LTC and XMR with 2', () => {
		expect(formatAmount('BTC', 0.01)).toBe('0.01000 BTC')
		expect(formatAmount('LTC', 1.5)).toBe('1.50 LTC')
		expect(formatAmount('XMR', 2)).toBe('2.00 XMR')
	})
	it('gives the approximate USD value of BTC at 80,500 USD per BTC', () => {
		expect(approximateUsd('BTC', 0.01)).toBe('≈ $805')
		expect(approximateUsd('LTC', 1)).toBeUndefined()
	})
})
