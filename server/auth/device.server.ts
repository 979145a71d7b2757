import crypto from 'node:crypto'
import type { Request, Response } from 'express'
import { loadAppSecret } from '../db/app-secrets.server.ts'
import { getDatabase } from '../db/db.server.ts'
import { getEnv } from '../env.server.ts'
import { readCookie } from './session.server.ts'

// A device that signed in to an account before carries a long-lived signed
// cookie naming it. Its login failures count on its own key, so a stranger who
// fails an account's logins on purpose locks out only strangers, not the owner
// on a device they used before (decision 0026). The cookie grants nothing by
// itself: the password is still checked, and it is bound to one account.

export const DEVICE_COOKIE = 'willow_device'
export const SECURE_DEVICE_COOKIE = '__Host-willow_device'
/** 400 days, the longest a browser keeps a cookie. */
const DEVICE_COOKIE_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000
const SECRET_NAME = 'device-cookie'

let secretPromise: Promise<string> | undefined
function deviceSecret() {
	secretPromise ??= loadAppSecret(getDatabase(), SECRET_NAME).catch((error: unknown) => {
		secretPromise = undefined
		throw error
	})
	return secretPromise
}

function mac(secret: string, userId: string, deviceId: string) {
	return crypto.createHmac('sha256', secret).update(`device\n${userId}\n${deviceId}`).digest('base64url')
}

function secureCookies(req: Request) {
	return getEnv().NODE_ENV === 'production' && req.secure
}

/** The id of this request's device if its cookie was issued for `userId`, else undefined. */
export async function knownDevice(req: Request, userId: string): Promise<string | undefined> {
	const header = req.get('cookie')
	const value = secureCookies(req) ? readCookie(header, SECURE_DEVICE_COOKIE) : readCookie(header, DEVICE_COOKIE)
	if (!value || value.length > 200) return undefined
	const [deviceId, signature] = value.split('.')
	if (!deviceId || !signature || !/^[\w-]{16,64}$/.test(deviceId)) return undefined
	const expected = Buffer.from(mac(await deviceSecret(), userId, deviceId))
	const given = Buffer.from(signature)
	return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? deviceId : undefined
}

/** After a successful login: (re)issues the device cookie for this account, keeping the device's id. */
export async function rememberDevice(req: Request, res: Response, userId: string, deviceId = crypto.randomBytes(16).toString('base64url')) {
	const secure = secureCookies(req)
	const value = `${deviceId}.${mac(await deviceSecret(), userId, deviceId)}`
	res.cookie(secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE, value, {
		httpOnly: true,
		sameSite: 'lax',
		secure,
		path: '/',
		maxAge: DEVICE_COOKIE_MAX_AGE_MS,
	})
}
