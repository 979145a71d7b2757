import { z } from 'zod'
import { imageUrl, linkUrl } from '#app/lib/promo/schema.ts'
import { isEmailAddress, isSiteUrl, PARTNER_HONEYPOT_FIELD, PARTNER_SUBMISSION_LIMITS, PARTNER_SUBMISSION_TEXT } from './submission.ts'

// Server-side schemas of the partners feature: one partner of the owner's
// DATA_DIR/partners.json, and a submission from /partners/submit.

/** One partner as the owner lists it: name, link, logo, description. */
export const partnerSchema = z.object({
	name: z.string().trim().min(1).max(100),
	link: linkUrl,
	/** An https:// image or a path on this site. */
	logo: imageUrl.optional(),
	description: z.string().trim().max(1000).default(''),
})

export type Partner = z.output<typeof partnerSchema>

/** A submission: the four fields, plus the honeypot (any value drops the submission). */
export const partnerSubmissionSchema = z.object({
	name: z.string().trim().min(1, PARTNER_SUBMISSION_TEXT.name).max(PARTNER_SUBMISSION_LIMITS.name, PARTNER_SUBMISSION_TEXT.name),
	siteUrl: z
		.string()
		.trim()
		.max(PARTNER_SUBMISSION_LIMITS.siteUrl, PARTNER_SUBMISSION_TEXT.siteUrl)
		.refine(isSiteUrl, PARTNER_SUBMISSION_TEXT.siteUrl),
	email: z.string().trim().refine(isEmailAddress, PARTNER_SUBMISSION_TEXT.email),
	message: z
		.string()
		.trim()
		.min(1, PARTNER_SUBMISSION_TEXT.message)
		.max(PARTNER_SUBMISSION_LIMITS.message, PARTNER_SUBMISSION_TEXT.message),
	[PARTNER_HONEYPOT_FIELD]: z.string().max(1000).optional(),
})

export type PartnerSubmission = z.output<typeof partnerSubmissionSchema>
