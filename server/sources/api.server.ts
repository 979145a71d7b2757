import { Router, type Request, type Response } from 'express'
import { z } from 'zod'
import { getSessionUser } from '../auth/session.server.ts'
import { getEnv } from '../env.server.ts'
import { HttpError, badRequest, jsonHandler, notFound, parseInput } from '../http/errors.server.ts'
import { OWNER_ADDON_COOKIE, testCookieOfHeader } from '../testing/test-switches.server.ts'
import { clientKeyOf, consumeClientLimit } from './limits.server.ts'
import { runLookup } from './lookup.server.ts'
import { sourcesFor } from './registry.server.ts'
import { buildScrapeRequest, type TitleRef } from './scrape-request.server.ts'
import type { LookupEvent, PlaybackSource } from './types.ts'

// GET /api/sources and GET /api/sources/lookup (issue "Playback sources").
// Everything that can fail with a 4xx (parameters, limit, title) is settled
// before the NDJSON stream starts, so errors keep the API's { error } form.

const tmdbId = z.coerce
	.number({ message: 'tmdbId must be a number' })
	.int('tmdbId must be a whole number')
	.min(1, 'tmdbId must be positive')
	.max(2_147_483_647)
const sourceId = z.string().trim().min(1).max(200).optional()

const LookupQuery = z.discriminatedUnion('type', [
	z.object({ type: z.literal('movie'), tmdbId, source: sourceId }),
	z.object({
		type: z.literal('tv'),
		tmdbId,
		season: z.coerce.number({ message: 'season must be a number' }).int().min(0).max(10_000),
		episode: z.coerce.number({ message: 'episode must be a number' }).int().min(1).max(100_000),
		source: sourceId,
	}),
])

/** A query string's repeated keys arrive as arrays; only single values are meaningful here. */
function singleValues(query: unknown): Record<string, unknown> {
	const out: Record<string, unknown> = {}
	for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
		if (typeof value !== 'string') throw badRequest(`${key}: give one value`)
		out[key] = value
	}
	if (out.type !== 'movie' && out.type !== 'tv') throw badRequest('type: must be movie or tv')
	return out
}

const UI_TOKEN_MAX = 4096
export const LOOKUP_LIMITED = 'Too many lookups. Try again in a minute.'

type SourceLister = typeof sourcesFor
let listSources: SourceLister = sourcesFor

/** Tests replace the registry (fake sources); undefined restores it. */
export function setLookupSourcesForTests(lister: SourceLister | undefined) {
	listSources = lister ?? sourcesFor
}

/**
 * The e2e suite's owner add-on (a fake on 127.0.0.1 that hangs, say), carried
 * by a cookie so one browser context can add it without touching the shared
 * server. Nothing unless ENABLE_TEST_ROUTES is on.
 */
function testOwnerAddons(req: Request): string[] | undefined {
	const raw = testCookieOfHeader(req.get('cookie'), OWNER_ADDON_COOKIE)
	if (!raw) return undefined
	try {
		const url = new URL(decodeURIComponent(raw))
		return url.protocol === 'http:' && url.hostname === '127.0.0.1' ? [url.href] : undefined
	} catch {
		return undefined
	}
}

async function userOf(req: Request, res: Response) {
	const user = await getSessionUser(req.get('cookie'), req.secure)
	// clientKeyOf counts a signed-in visitor by account, not by address.
	if (user) res.locals.user = user
	return user ? { id: user.id, username: user.username } : null
}

export function sourcesApiRouter(): Router {
	const router = Router()

	router.get(
		'/',
		jsonHandler(async (req, res) => {
			const user = await userOf(req, res)
			const sources = await listSources({ user, forLookup: false, extraOwnerAddons: testOwnerAddons(req) })
			return { sources: sources.map(({ id, name, kind }) => ({ id, name, kind })) }
		}),
	)

	router.get('/lookup', async (req, res) => {
		const query = parseInput(LookupQuery, singleValues(req.query))
		const uiTokenHeader = req.get('ui-token')?.trim()
		if (uiTokenHeader && uiTokenHeader.length > UI_TOKEN_MAX) throw badRequest('Ui-Token header is too long')
		const uiToken = uiTokenHeader || undefined
		const user = await userOf(req, res)
		const clientKey = clientKeyOf(req)
		if (!(await consumeClientLimit('lookup', clientKey))) throw new HttpError(429, LOOKUP_LIMITED, { 'Retry-After': '60' })

		const ref: TitleRef =
			query.type === 'movie'
				? { type: 'movie', tmdbId: query.tmdbId }
				: { type: 'tv', tmdbId: query.tmdbId, season: query.season, episode: query.episode }
		const request = await buildScrapeRequest(ref)
		let sources: PlaybackSource[] = await listSources({
			user,
			forLookup: true,
			uiToken,
			only: query.source,
			extraOwnerAddons: testOwnerAddons(req),
		})
		if (query.source) {
			sources = sources.filter((source) => source.id === query.source)
			if (sources.length === 0) throw notFound('Unknown source')
		}

		// From here on the answer is a stream of events.
		const clientGone = new AbortController()
		res.on('close', () => {
			if (!res.writableFinished) clientGone.abort(new Error('client went away'))
		})
		res.status(200).set({
			'Content-Type': 'application/x-ndjson; charset=utf-8',
			'Cache-Control': 'no-store',
			// nginx and similar proxies would otherwise hold lines back until the end.
			'X-Accel-Buffering': 'no',
		})
		res.flushHeaders()
		const emit = (event: LookupEvent) => {
			res.write(`${JSON.stringify(event)}\n`)
			;(res as Response & { flush?: () => void }).flush?.()
		}
		try {
			await runLookup(
				request,
				sources,
				{ timeoutMs: getEnv().SOURCE_TIMEOUT_MS, signal: clientGone.signal, user, uiToken, clientKey },
				emit,
			)
		} catch (error) {
			// runLookup does not throw for a source's failure; this is a bug, logged without the request's token.
			res.locals.log.error({ err: error, tmdbId: request.tmdbId }, 'source lookup failed')
		}
		res.end()
	})

	return router
}
