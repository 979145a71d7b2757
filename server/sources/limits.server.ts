import type { Request } from 'express'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import { getDatabase } from '../db/db.server.ts'
import { getEnv } from '../env.server.ts'
import { logger } from '../logger.server.ts'
import { clientAddress } from '../http/client-address.ts'

// Per-client limits on what costs the server most: lookups (each asks every
// source), bytes through the stream proxy and remux starts. Fixed windows
// aligned to the clock, counted atomically where every process sees the same
// count: Redis (INCRBY) when REDIS_URL is set, else the database, in the
// fixed-window counter table the login throttle already uses (auth_throttle,
// rows keyed `limit:<kind>:<client>`, pruned by the same job).

export type ClientLimitKind = 'lookup' | 'proxy-bytes' | 'remux'

export interface ClientLimitRule {
	/** Units allowed per window (lookups, KiB proxied, ffmpeg starts). */
	limit: number
	windowMs: number
	/** Divides the amount passed in (bytes → KiB), so counters stay within 32-bit integers. */
	unit: number
}

function defaultRules(): Record<ClientLimitKind, ClientLimitRule> {
	return {
		// SOURCE_LOOKUPS_PER_MINUTE: an owner behind a shared address (or a test suite) may need more.
		lookup: { limit: getEnv().SOURCE_LOOKUPS_PER_MINUTE, windowMs: 60_000, unit: 1 },
		'proxy-bytes': { limit: 20 * 1024 * 1024, windowMs: 60 * 60_000, unit: 1024 },
		// ffmpeg starts: a film's first segment, then one per seek far from what is made.
		remux: { limit: 30, windowMs: 10 * 60_000, unit: 1 },
	}
}

let rules: Record<ClientLimitKind, ClientLimitRule> | undefined

/** Tests lower a limit; undefined restores the defaults. */
export function setClientLimitsForTests(overrides: Partial<Record<ClientLimitKind, Partial<ClientLimitRule>>> | undefined) {
	const defaults = defaultRules()
	rules = { ...defaults }
	for (const [kind, rule] of Object.entries(overrides ?? {}) as Array<[ClientLimitKind, Partial<ClientLimitRule>]>) {
		rules[kind] = { ...defaults[kind], ...rule }
	}
	if (!overrides) rules = undefined
}

export function clientLimitRule(kind: ClientLimitKind): ClientLimitRule {
	rules ??= defaultRules()
	return rules[kind]
}

/**
 * Who a request counts against: the signed-in user (when a handler before
 * this one put it in res.locals.user) so one account on many addresses shares
 * a budget, else the client address (behind TRUST_PROXY, the forwarded one).
 */
export function clientKeyOf(req: Request): string {
	const user = req.res?.locals.user as { id?: unknown } | undefined
	if (user && typeof user.id === 'string' && user.id) return `user:${user.id}`
	return `ip:${clientAddress(req)}`
}

// A single call never counts more than this many units, so a counter
// (limit + one amount at most, see below) stays far from 2^31.
const MAX_UNITS_PER_CALL = 1_000_000_000

/**
 * Counts `amount` (default 1; bytes for 'proxy-bytes') against the client's
 * current window and says whether the client is still within its limit
 * (false = over: answer 429 or stop sending). Safe under parallel requests
 * on any number of processes.
 */
export async function consumeClientLimit(kind: ClientLimitKind, clientKey: string, amount = 1, now = Date.now()): Promise<boolean> {
	const rule = clientLimitRule(kind)
	const units = Math.min(MAX_UNITS_PER_CALL, Math.max(0, Math.ceil(amount / rule.unit)))
	const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs
	const key = `limit:${kind}:${clientKey}`
	const redis = redisClient()
	const used = redis
		? await consumeInRedis(redis, `${key}:${windowStart}`, units, rule.windowMs)
		: await consumeInDatabase(key, units, rule.limit, windowStart)
	return used <= rule.limit
}

/**
 * Counts one ffmpeg start (a remux or transcode job, or a seek's restart)
 * against the client. A counter that cannot be reached lets the start
 * through (playback matters more than the limit) and says so in the log.
 */
export async function allowFfmpegStart(clientKey: string): Promise<boolean> {
	try {
		return await consumeClientLimit('remux', clientKey)
	} catch (error) {
		logger.warn({ err: error, kind: 'remux' }, 'client limit unavailable: ffmpeg start allowed without counting')
		return true
	}
}

async function consumeInDatabase(key: string, units: number, limit: number, windowStart: number): Promise<number> {
	const { db } = getDatabase()
	// One upsert: a row from an older window starts over; a count already over
	// the limit stops growing (so it never overflows), and still reads as over.
	const row = await db
		.insertInto('auth_throttle')
		.values({ key, failures: units, window_started_at: windowStart, blocked_until: 0 })
		.onConflict((oc) =>
			oc.column('key').doUpdateSet({
				failures: sql<number>`case when auth_throttle.window_started_at < ${windowStart} then ${units} when auth_throttle.failures > ${limit} then auth_throttle.failures else auth_throttle.failures + ${units} end`,
				window_started_at: sql<number>`case when auth_throttle.window_started_at < ${windowStart} then ${windowStart} else auth_throttle.window_started_at end`,
			}),
		)
		.returning(['failures'])
		.executeTakeFirstOrThrow()
	return Number(row.failures)
}

async function consumeInRedis(redis: Redis, key: string, units: number, windowMs: number): Promise<number> {
	const results = await redis
		.multi()
		.incrby(key, units)
		.pexpire(key, windowMs * 2)
		.exec()
	const [error, value] = results?.[0] ?? [new Error('redis transaction failed'), null]
	if (error) throw error
	return Number(value)
}

let redis: Redis | undefined

function redisClient(): Redis | undefined {
	const url = getEnv().REDIS_URL
	if (!url) return undefined
	if (!redis) {
		redis = new Redis(url, { maxRetriesPerRequest: 2, keyPrefix: 'willow:' })
		redis.on('error', (error) => logger.warn({ err: error }, 'redis error (client limits)'))
	}
	return redis
}

/** Closes the Redis connection, if one was opened (shutdown and tests). */
export async function closeClientLimits() {
	const client = redis
	redis = undefined
	if (client) await client.quit().catch(() => client.disconnect())
}
