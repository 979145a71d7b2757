import crypto from 'node:crypto'
import type { Request, RequestHandler, Response } from 'express'
import { getDatabase } from '../db/db.server.ts'
import { getEnv } from '../env.server.ts'
import { unauthorized } from '../http/errors.server.ts'

export const SESSION_COOKIE = 'willow_session'
/** In production over HTTPS the cookie carries the __Host- prefix (Secure, path /, no Domain). */
export const SECURE_SESSION_COOKIE = '__Host-willow_session'
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
/** How stale last_seen_at may get before a request refreshes it. */
export const SESSION_TOUCH_MS = 60 * 60 * 1000

export function hashSessionSecret(secret: string) {
	return crypto.createHash('sha256').update(secret).digest('hex')
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
	if (!header) return undefined
	for (const part of header.split(';')) {
		const index = part.indexOf('=')
		if (index === -1) continue
		if (part.slice(0, index).trim() !== name) continue
		try {
			return decodeURIComponent(part.slice(index + 1).trim())
		} catch {
			return undefined
		}
	}
	return undefined
}

/**
 * The session secret of a cookie header. In production over HTTPS only the
 * __Host- cookie counts: a plain-named one may have been planted by a sibling
 * subdomain or over plain HTTP. Plain-HTTP installs keep the plain name.
 */
export function readSessionSecret(cookieHeader: string | null | undefined, secureRequest = false) {
	if (secureRequest && getEnv().NODE_ENV === 'production') return readCookie(cookieHeader, SECURE_SESSION_COOKIE)
	return readCookie(cookieHeader, SECURE_SESSION_COOKIE) ?? readCookie(cookieHeader, SESSION_COOKIE)
}

export interface PublicUser {
	id: string
	username: string
	email: string
	name: string
	isDonator: boolean
}

/** The user behind a request's session cookie, or null when absent, unknown or expired. */
export async function getSessionUser(cookieHeader: string | null | undefined, secureRequest = false): Promise<PublicUser | null> {
	const secret = readSessionSecret(cookieHeader, secureRequest)
	if (!secret || secret.length > 200) return null
	const { db } = getDatabase()
	const sessionId = hashSessionSecret(secret)
	const row = await db
		.selectFrom('sessions')
		.innerJoin('users', 'users.id', 'sessions.user_id')
		.select(['users.id', 'users.username', 'users.email', 'users.name', 'users.is_donator', 'sessions.expires_at', 'sessions.last_seen_at'])
		.where('sessions.id', '=', sessionId)
		.executeTakeFirst()
	const now = Date.now()
	if (!row || row.expires_at <= now || row.last_seen_at + getEnv().SESSION_IDLE_DAYS * DAY_MS <= now) return null
	// Refreshed now and then, not on every request: one write per session an hour at most.
	if (now - row.last_seen_at > SESSION_TOUCH_MS)
		await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute()
	return { id: row.id, username: row.username, email: row.email, name: row.name, isDonator: row.is_donator === 1 }
}

/** Cookie name and flags for this request: __Host- and Secure in production over HTTPS. */
function cookieSettings(req: Request) {
	const production = getEnv().NODE_ENV === 'production'
	const secure = req.secure
	return { name: production && secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, secure }
}

/**
 * Starts a new session (a fresh random secret every login, so a planted
 * cookie is never promoted) and sets its cookie. The database keeps only the
 * SHA-256 of the secret. Returns the session's public handle: the hash of
 * the row id, which identifies it without granting anything.
 */
export async function startSession(req: Request, res: Response, userId: string): Promise<string> {
	const { db } = getDatabase()
	const previous = readSessionSecret(req.get('cookie'))
	if (previous && previous.length <= 200) await db.deleteFrom('sessions').where('id', '=', hashSessionSecret(previous)).execute()
	const now = Date.now()
	// Expired rows of this user go when they next sign in.
	await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute()
	const secret = crypto.randomBytes(32).toString('base64url')
	const id = hashSessionSecret(secret)
	await db
		.insertInto('sessions')
		.values({
			id,
			user_id: userId,
			created_at: now,
			expires_at: now + SESSION_TTL_MS,
			last_seen_at: now,
			user_agent: req.get('user-agent')?.slice(0, 300) ?? null,
		})
		.execute()
	const { name, secure } = cookieSettings(req)
	res.cookie(name, secret, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_TTL_MS })
	return hashSessionSecret(id)
}

/** The session row id (hash) of a request's cookie, if it has one. */
export function sessionIdOf(req: Request): string | undefined {
	const secret = readSessionSecret(req.get('cookie'), req.secure)
	return secret && secret.length <= 200 ? hashSessionSecret(secret) : undefined
}

/** Ends every session of a user except `keepId` (another device's password change, "sign out of all other devices"). */
export async function endOtherSessions(userId: string, keepId: string | undefined) {
	let query = getDatabase().db.deleteFrom('sessions').where('user_id', '=', userId)
	if (keepId) query = query.where('id', '!=', keepId)
	const result = await query.executeTakeFirst()
	return Number(result.numDeletedRows)
}

/** Deletes the request's session row and clears the cookie (both names). */
export async function endSession(req: Request, res: Response) {
	const secret = readSessionSecret(req.get('cookie'))
	if (secret && secret.length <= 200) await getDatabase().db.deleteFrom('sessions').where('id', '=', hashSessionSecret(secret)).execute()
	const { secure } = cookieSettings(req)
	res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' })
	if (secure) res.clearCookie(SECURE_SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: true, path: '/' })
}

declare module 'express-serve-static-core' {
	interface Locals {
		user?: PublicUser
	}
}

/** Every /api/users and /api/sync route: no valid session → 401 (the client logs out, product.md §8). */
export const requireUser: RequestHandler = async (req, res, next) => {
	const user = await getSessionUser(req.get('cookie'), req.secure)
	if (!user) throw unauthorized('Unauthorized')
	res.locals.user = user
	next()
}

/** The signed-in user of a request that went through requireUser. */
export function currentUser(res: Response): PublicUser {
	const user = res.locals.user
	if (!user) throw unauthorized('Unauthorized')
	return user
}
