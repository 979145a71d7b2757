import { Router } from 'express'
import { PARTNER_HONEYPOT_FIELD } from '#app/lib/partners/submission.ts'
import { partnerSubmissionSchema } from '#app/lib/partners/schema.ts'
import { takeAttempt, type ThrottleRule } from '#server/auth/throttle.server.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { jsonHandler, parseInput } from '#server/http/errors.server.ts'
import { logger } from '#server/logger.server.ts'
import { addPartnerSubmission } from './submissions.server.ts'

// POST /api/partners/submissions: the /partners/submit form. Behind the API's
// same-origin guard and JSON parser; each client may send a few an hour
// (counted before validation, like error reports). A filled honeypot gets
// the same answer as a real submission and is not stored.

export const PARTNER_SUBMIT_RULE: ThrottleRule = { limit: 5, windowMs: 60 * 60 * 1000, blockMs: 60 * 60 * 1000 }

export function partnersApiRouter() {
	const router = Router()
	router.post(
		'/submissions',
		jsonHandler(async (req, res) => {
			await takeAttempt(`partner-submit:${clientAddress(req)}`, PARTNER_SUBMIT_RULE)
			const submission = parseInput(partnerSubmissionSchema, req.body)
			if (submission[PARTNER_HONEYPOT_FIELD]) {
				;(res.locals.log ?? logger).info('partner submission dropped (honeypot filled)')
			} else {
				await addPartnerSubmission(submission)
			}
			res.status(201)
			return { ok: true }
		}),
	)
	return router
}
