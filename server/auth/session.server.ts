import crypto from 'node:crypto'
import { getDatabase } from '../db/db.server.ts'

export const SESSION_COOKIE = 'willow_session'
/** In production the cookie carries the __Host- prefix (Secure, path /, no Domain). */
export const SECURE_SESSION_COOKIE = '__Host-willow_session'

export function hashSessionSecret(secret: string) {
	return crypto.createHash('sha256').update(secret).digest('hex')
}

function readCookie(header: string | null | undefined, name: string): string | undefined {
	if (!header) return undefined
	for (const part of header.split(';')) {
		const index = part.indexOf('=')
		if (index === -1) continue
		if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim())
	}
	return undefined
}

export function readSessionSecret(cookieHeader: string | null | undefined) {
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
export async function getSessionUser(cookieHeader: string | null | undefined): Promise<PublicUser | null> {
	const secret = readSessionSecret(cookieHeader)
	if (!secret || secret.length > 200) return null
	const { db } = getDatabase()
	const row = await db
		.selectFrom('sessions')
		.innerJoin('users', 'users.id', 'sessions.user_id')
		.select(['users.id', 'users.username', 'users.email', 'users.name', 'users.is_donator', 'sessions.expires_at'])
		.where('sessions.id', '=', hashSessionSecret(secret))
		.executeTakeFirst()
	if (!row || row.expires_at <= Date.now()) return null
	return { id: row.id, username: row.username, email: row.email, name: row.name, isDonator: row.is_donator === 1 }
}
