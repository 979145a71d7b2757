import { Router } from 'express'
import { z } from 'zod'
import { CALENDAR_MAX_SERIES } from '#app/lib/calendar/calendar.ts'
import { currentUser, requireUser } from '../auth/session.server.ts'
import { getEnv } from '../env.server.ts'
import { jsonHandler, notFound, parseInput } from '../http/errors.server.ts'
import { calendarFor, userCalendar } from './calendar.server.ts'
import { calendarIcs, createFeedToken, FEED_PATH_PREFIX, feedCreatedAt, feedOwner, revokeFeed } from './feed.server.ts'

// /api/calendar: POST / answers the calendar of the series a device's library
// follows (visitors without an account; ids only, nothing stored). /feed is a
// signed-in user's private .ics link: GET its state, POST a new one (the old
// stops working), DELETE it; /feed/<token>.ics is what calendar apps fetch.

const seriesId = z.number().int().positive().max(2_147_483_647)
const CalendarRequestSchema = z.object({
	series: z.array(seriesId).max(CALENDAR_MAX_SERIES, `At most ${CALENDAR_MAX_SERIES} series`),
	watched: z
		.record(
			z
				.string()
				.regex(/^\d{1,10}$/)
				.refine((id) => Number(id) <= 2_147_483_647, 'Series ids go up to 2147483647'),
			z.array(z.string().regex(/^s\d{1,4}e\d{1,5}$/)).max(5000),
		)
		.refine((value) => Object.keys(value).length <= CALENDAR_MAX_SERIES, `At most ${CALENDAR_MAX_SERIES} series`)
		.default({}),
})

/** Links in the feed name the canonical host when one is set, not whatever Host the request carried. */
function originOf(req: { protocol: string; get(name: string): string | undefined }) {
	return `${req.protocol}://${getEnv().CANONICAL_HOST ?? req.get('host') ?? 'localhost'}`
}

export function calendarApiRouter() {
	const router = Router()
	router.post(
		'/',
		jsonHandler(async (req) => {
			const input = parseInput(CalendarRequestSchema, req.body)
			const watched = Object.fromEntries(Object.entries(input.watched).map(([id, keys]) => [Number(id), keys]))
			return calendarFor([...new Set(input.series)], watched)
		}),
	)

	router.get('/feed/:file', async (req, res) => {
		const token = /^(.+)\.ics$/.exec(req.params.file)?.[1]
		const userId = token ? await feedOwner(token) : undefined
		if (!userId) throw notFound('No such calendar feed')
		const ics = calendarIcs(await userCalendar(userId), originOf(req))
		res.set('Content-Type', 'text/calendar; charset=utf-8').set('Cache-Control', 'private, no-store').send(ics)
	})

	router.get(
		'/feed',
		requireUser,
		jsonHandler(async (_req, res) => ({ createdAt: await feedCreatedAt(currentUser(res).id) })),
	)
	router.post(
		'/feed',
		requireUser,
		jsonHandler(async (req, res) => {
			const token = await createFeedToken(currentUser(res).id)
			res.status(201)
			return { url: `${originOf(req)}${FEED_PATH_PREFIX}${token}.ics` }
		}),
	)
	router.delete(
		'/feed',
		requireUser,
		jsonHandler(async (_req, res) => {
			await revokeFeed(currentUser(res).id)
			return { ok: true }
		}),
	)
	return router
}
