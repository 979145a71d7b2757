// The partner submission form (/partners/submit): its fields, limits and the
// hints the form shows before sending. Pure and zod-free (the page's bundle);
// the server checks the same rules with zod (app/lib/partners/schema.ts).

export const PARTNER_SUBMISSION_LIMITS = { name: 100, siteUrl: 500, email: 254, message: 2000 } as const

/** The hidden field people leave empty and form-filling robots do not (any value: the submission is dropped). */
export const PARTNER_HONEYPOT_FIELD = 'company'

export interface PartnerSubmissionInput {
	name: string
	siteUrl: string
	email: string
	message: string
}

export const PARTNER_SUBMISSION_TEXT = {
	name: 'Please enter the name of your project or service',
	siteUrl: 'Please enter your site address, starting with https:// or http://',
	email: 'Please enter a valid email address',
	message: 'Please tell us a little about it',
	forced: 'Please fix the errors in the form before submitting.',
	failed: 'The submission could not be sent. Please try again later.',
	confirmation: 'Thank you! Your submission was received. We review every one and will reply by email if it fits.',
} as const

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** An absolute http(s) address with a host. */
export function isSiteUrl(value: string): boolean {
	try {
		const url = new URL(value)
		return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0 && !/\s/.test(value)
	} catch {
		return false
	}
}

export function isEmailAddress(value: string): boolean {
	return value.length <= PARTNER_SUBMISSION_LIMITS.email && EMAIL.test(value)
}

/** The hint of each field (null when fine), on trimmed values. */
export function partnerSubmissionHints(input: PartnerSubmissionInput): Record<keyof PartnerSubmissionInput, string | null> {
	const name = input.name.trim()
	const siteUrl = input.siteUrl.trim()
	const message = input.message.trim()
	return {
		name: name && name.length <= PARTNER_SUBMISSION_LIMITS.name ? null : PARTNER_SUBMISSION_TEXT.name,
		siteUrl: siteUrl.length <= PARTNER_SUBMISSION_LIMITS.siteUrl && isSiteUrl(siteUrl) ? null : PARTNER_SUBMISSION_TEXT.siteUrl,
		email: isEmailAddress(input.email.trim()) ? null : PARTNER_SUBMISSION_TEXT.email,
		message: message && message.length <= PARTNER_SUBMISSION_LIMITS.message ? null : PARTNER_SUBMISSION_TEXT.message,
	}
}
