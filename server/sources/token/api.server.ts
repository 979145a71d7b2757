import { Router, type Request } from 'express'
import { takeAttempt, type ThrottleRule } from '../../auth/throttle.server.ts'
import { getEnv } from '../../env.server.ts'
import { badRequest, HttpError, jsonHandler, notFound } from '../../http/errors.server.ts'
import { clientKeyOf } from '../limits.server.ts'
import { INVALID_TOKEN_TEXT, isHeaderSafe, TokenBodySchema } from './protocol.ts'
import type { ScrapeRequest } from '../types.ts'
import { listServiceStreams, REJECTED_REASON, submitServiceToken } from './service-client.server.ts'

// /api/fourk: the 4K wizard's token test and submit (product.md §2 4K guide, §5,
// §7 "Other calls"), made by Willow's server so the browser talks only to
// Willow. The token is in the body; the request logger writes method, path
// and status only, and failures below are logged with their reason, never
// the token.

/** product.md §8. */
export const SUBMIT_FAILED_TEXT = 'Submission failed, please try again or report on discord, thanks.'
export const NO_SERVICE_TEXT = 'No 4K service is set up on this site.'
export const SERVICE_DOWN_TEXT = 'The 4K service did not answer. Please try again later.'

/**
 * The title a token test asks the service's listing for (FOURK_TEST_TITLE,
 * Fight Club by default). The answer's status, not its streams, decides
 * (product.md §10.4), so any title will do; one the service has also checks
 * that its listing works.
 */
export function testTitle(setting: string = getEnv().FOURK_TEST_TITLE): Pick<ScrapeRequest, 'type' | 'tmdbId' | 'season' | 'episode'> {
	const [type, id, season, episode] = setting.split(':')
	if (type === 'tv')
		return {
			type: 'show',
			tmdbId: Number(id),
			season: { number: Number(season), tmdbId: 0 },
			episode: { number: Number(episode), tmdbId: 0 },
		}
	return { type: 'movie', tmdbId: Number(id) }
}

/**
 * Tests and submits per client (clientKeyOf: the user, else the address),
 * counted in the database (the auth throttle table) so every worker and app
 * server shares the count, with a block and Retry-After once over. A person
 * pasting a token needs a handful; a script guessing tokens gets a 429.
 */
export const FOURK_THROTTLE: ThrottleRule = { limit: 30, windowMs: 15 * 60 * 1000, blockMs: 15 * 60 * 1000 }

export interface FourKApiOptions {
	/** Defaults to FOURK_SERVICE_URL at each request. */
	serviceUrl?: () => string | undefined
	timeoutMs?: number
}

function clientKey(req: Request) {
	return `fourk:${clientKeyOf(req)}`
}

function readToken(body: unknown): string {
	const parsed = TokenBodySchema.safeParse(body)
	// The §8 text whatever was wrong: a missing field, the wrong type or the §5 rule.
	if (!parsed.success) throw badRequest(INVALID_TOKEN_TEXT)
	return parsed.data.token
}

export function fourKApiRouter(options: FourKApiOptions = {}): Router {
	const router = Router()
	const serviceUrlOf = options.serviceUrl ?? (() => getEnv().FOURK_SERVICE_URL)

	async function guard(req: Request) {
		const serviceUrl = serviceUrlOf()
		if (!serviceUrl) throw notFound(NO_SERVICE_TEXT)
		const key = clientKey(req)
		await takeAttempt(key, FOURK_THROTTLE)
		return { serviceUrl, token: readToken(req.body) }
	}

	router.post(
		'/test',
		jsonHandler(async (req, res) => {
			const { serviceUrl, token } = await guard(req)
			const listing = await listServiceStreams(testTitle(), { serviceUrl, token, timeoutMs: options.timeoutMs })
			// The service's status decides (product.md §10.4): 200 is a token it accepts, whether or
			// not it has the test title; 401/403 is one it refuses. The token is never logged.
			if (listing.ok) {
				res.locals.log.info({ outcome: 'valid', streams: listing.value.length }, '4K token test')
				return { valid: true }
			}
			if (listing.reason === REJECTED_REASON) {
				res.locals.log.info({ outcome: 'invalid', status: listing.status }, '4K token test')
				return { valid: false }
			}
			res.locals.log.warn({ outcome: 'service failed', reason: listing.reason, status: listing.status }, '4K token test')
			throw new HttpError(502, SERVICE_DOWN_TEXT)
		}),
	)

	router.post(
		'/submit',
		jsonHandler(async (req, res) => {
			const { serviceUrl, token } = await guard(req)
			const answer = await submitServiceToken({ serviceUrl, token, timeoutMs: options.timeoutMs })
			if (answer.ok && isHeaderSafe(answer.value)) return { token: answer.value }
			res.locals.log.warn(
				{ reason: answer.ok ? 'token in the answer is not a header value' : answer.reason },
				'4K token submit: service failed',
			)
			throw new HttpError(502, SUBMIT_FAILED_TEXT)
		}),
	)

	return router
}
