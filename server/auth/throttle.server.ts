import { sql } from 'kysely'
import { getDatabase } from '../db/db.server.ts'
import { HttpError } from '../http/errors.server.ts'

// Brute-force limits kept in the database, so every app process (and every
// machine sharing PostgreSQL) counts the same attempts. The client's own
// lockout (5 failures, 15 minutes, product.md §4/§9) comes first; these are the
// server's backstop against scripts that skip the client.

export interface ThrottleRule {
	limit: number
	windowMs: number
	blockMs: number
}

const FIFTEEN_MINUTES = 15 * 60 * 1000

export const THROTTLE_RULES = {
	/** Failed logins per account identifier (known or not: the same answer either way). */
	account: { limit: 10, windowMs: FIFTEEN_MINUTES, blockMs: FIFTEEN_MINUTES },
	/** Failed logins per client address. */
	ip: { limit: 30, windowMs: FIFTEEN_MINUTES, blockMs: FIFTEEN_MINUTES },
	/** Sign-ups per client address. */
	signupIp: { limit: 20, windowMs: 60 * 60 * 1000, blockMs: 60 * 60 * 1000 },
} satisfies Record<string, ThrottleRule>

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Try again later.'

function tooManyAttempts(until: number, now: number) {
	const seconds = Math.max(1, Math.ceil((until - now) / 1000))
	return new HttpError(429, TOO_MANY_ATTEMPTS, { 'Retry-After': String(seconds) })
}

/**
 * Counts one attempt against a key BEFORE the work it guards (a password
 * check, a sign-up), atomically in the database, and throws 429 with
 * Retry-After once the window's limit is passed or the key is blocked. Parallel
 * requests each get their own count, so no more than `limit` pass however many
 * arrive at once (a check-then-count would let them all through).
 */
export async function takeAttempt(key: string, rule: ThrottleRule, now = Date.now()) {
	const { db } = getDatabase()
	const windowStart = now - rule.windowMs
	const row = await db
		.insertInto('auth_throttle')
		.values({ key, failures: 1, window_started_at: now, blocked_until: 0 })
		.onConflict((oc) =>
			oc.column('key').doUpdateSet({
				failures: sql<number>`case when auth_throttle.window_started_at <= ${windowStart} then 1 else auth_throttle.failures + 1 end`,
				window_started_at: sql<number>`case when auth_throttle.window_started_at <= ${windowStart} then ${now} else auth_throttle.window_started_at end`,
			}),
		)
		.returning(['failures', 'blocked_until'])
		.executeTakeFirstOrThrow()
	if (row.blocked_until > now) throw tooManyAttempts(row.blocked_until, now)
	if (row.failures > rule.limit) {
		const until = now + rule.blockMs
		await db.updateTable('auth_throttle').set({ blocked_until: until }).where('key', '=', key).where('blocked_until', '<', until).execute()
		throw tooManyAttempts(until, now)
	}
}

/** Gives back an attempt taken for work that succeeded (a right password does not count as a failure). */
export async function giveBackAttempt(key: string) {
	await getDatabase()
		.db.updateTable('auth_throttle')
		.set({ failures: sql<number>`case when failures > 0 then failures - 1 else 0 end` })
		.where('key', '=', key)
		.execute()
}

export async function clearAttempts(key: string) {
	await getDatabase().db.deleteFrom('auth_throttle').where('key', '=', key).execute()
}

/** Old rows go now and then, so the table stays small. */
export async function pruneThrottle(now = Date.now()) {
	const oldest = now - 2 * 60 * 60 * 1000
	await getDatabase().db.deleteFrom('auth_throttle').where('blocked_until', '<', now).where('window_started_at', '<', oldest).execute()
}
