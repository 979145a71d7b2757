import crypto from 'node:crypto'
import ical from 'ical-generator'
import { addDays, type Calendar } from '#app/lib/calendar/calendar.ts'
import { episodeHref } from '#app/lib/catalog/slug.ts'
import { getDatabase } from '../db/db.server.ts'

// The private calendar feed (.ics) of a signed-in user: a secret URL calendar
// apps subscribe to. Only the token's SHA-256 is stored; a new link replaces
// the old one, and revoking deletes it.

export const FEED_PATH_PREFIX = '/api/calendar/feed/'

function hashToken(token: string) {
	return crypto.createHash('sha256').update(token).digest('hex')
}

/** A new secret feed token for the user (the old link stops working). Returns the token, shown once. */
export async function createFeedToken(userId: string, now = Date.now()): Promise<string> {
	const token = crypto.randomBytes(24).toString('base64url')
	const { db } = getDatabase()
	await db
		.insertInto('calendar_feeds')
		.values({ user_id: userId, token_hash: hashToken(token), created_at: now })
		.onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: hashToken(token), created_at: now }))
		.execute()
	return token
}

export async function revokeFeed(userId: string) {
	await getDatabase().db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute()
}

/** When the user's live feed link was made, or null without one. */
export async function feedCreatedAt(userId: string): Promise<number | null> {
	const row = await getDatabase().db.selectFrom('calendar_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst()
	return row?.created_at ?? null
}

/** The user a feed token belongs to, or undefined. */
export async function feedOwner(token: string): Promise<string | undefined> {
	if (!/^[\w-]{20,64}$/.test(token)) return undefined
	const row = await getDatabase()
		.db.selectFrom('calendar_feeds')
		.select('user_id')
		.where('token_hash', '=', hashToken(token))
		.executeTakeFirst()
	return row?.user_id
}

/** The calendar as iCalendar text: one all-day event per episode (upcoming and recent), linking to its page. */
export function calendarIcs(calendar: Calendar, origin: string): string {
	const feed = ical({ name: 'Willow: new episodes', prodId: { company: 'Willow', product: 'calendar', language: 'EN' }, ttl: 6 * 60 * 60 })
	const episodes = [...calendar.recent, ...calendar.upcoming.flatMap((day) => day.episodes)]
	for (const entry of episodes) {
		const href = episodeHref(entry.seriesId, entry.seriesName, entry.season, entry.episode)
		feed.createEvent({
			id: `willow-${entry.seriesId}-s${entry.season}e${entry.episode}`,
			start: new Date(`${entry.airDate}T00:00:00Z`),
			end: new Date(`${addDays(entry.airDate, 1)}T00:00:00Z`),
			allDay: true,
			summary: `${entry.seriesName} S${entry.season}E${entry.episode}${entry.name ? `: ${entry.name}` : ''}`,
			url: `${origin}${href}`,
		})
	}
	return feed.toString()
}
