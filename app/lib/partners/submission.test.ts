import { describe, expect, it } from 'vitest'
import { isSiteUrl, PARTNER_SUBMISSION_TEXT, partnerSubmissionHints } from './submission.ts'

describe('partner submission hints', () => {
	const valid = { name: 'Subs Club', siteUrl: 'https://subs.example.org', email: 'hi@subs.example.org', message: 'Hello' }

	it('accepts a complete submission', () => {
		expect(partnerSubmissionHints(valid)).toEqual({ name: null, siteUrl: null, email: null, message: null })
	})

	it('names each problem', () => {
		expect(partnerSubmissionHints({ name: '  ', siteUrl: 'subs.example.org', email: 'hi@', message: ' ' })).toEqual({
			name: PARTNER_SUBMISSION_TEXT.name,
			siteUrl: PARTNER_SUBMISSION_TEXT.siteUrl,
			email: PARTNER_SUBMISSION_TEXT.email,
			message: PARTNER_SUBMISSION_TEXT.message,
		})
		expect(partnerSubmissionHints({ ...valid, message: 'x'.repeat(2001) }).message).toBe(PARTNER_SUBMISSION_TEXT.message)
	})

	it('takes http(s) site addresses only', () => {
		expect(isSiteUrl('http://example.com/path?x=1')).toBe(true)
		expect(isSiteUrl('javascript:alert(1)')).toBe(false)
		expect(isSiteUrl('ftp://example.com')).toBe(false)
		expect(isSiteUrl('https://exa mple.com')).toBe(false)
	})
})
