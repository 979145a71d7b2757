import crypto from 'node:crypto'
import { loadAppSecret } from '../db/app-secrets.server.ts'
import { getDatabase, type DatabaseHandle } from '../db/db.server.ts'
import { getEnv } from '../env.server.ts'

// Stream, segment, caption and proxy URLs are signed so any worker on any app
// server can serve them without shared memory: the URL carries its own expiry
// and an HMAC over path + expiry. The secret comes from STREAM_SIGNING_SECRET,
// else it is generated once and kept in the database (app_secrets), so every
// process that shares the database shares the secret.

const SECRET_NAME = 'stream-signing'
let secretPromise: Promise<Buffer> | undefined

async function loadSecret(handle: DatabaseHandle): Promise<Buffer> {
	const fromEnv = getEnv().STREAM_SIGNING_SECRET
	if (fromEnv) return Buffer.from(fromEnv, 'utf8')
	return Buffer.from(await loadAppSecret(handle, SECRET_NAME), 'utf8')
}

/** The signing secret (loaded once per process). */
export function getSigningSecret(): Promise<Buffer> {
	secretPromise ??= loadSecret(getDatabase()).catch((error: unknown) => {
		secretPromise = undefined
		throw error
	})
	return secretPromise
}

export function resetSigningSecretForTests() {
	secretPromise = undefined
}

function mac(secret: Buffer, path: string, expires: number) {
	return crypto.createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url')
}

/** Default lifetime of a signed URL: long enough to watch a long film and pause. */
export const SIGNED_URL_TTL_MS = 12 * 60 * 60 * 1000

/**
 * Signs a same-origin path (`/api/stream/...`, no query) and returns it with
 * `?exp=…&sig=…`. Extra query parameters go in `extra` and are not signed
 * unless they are part of `path`.
 */
export async function signPath(path: string, ttlMs = SIGNED_URL_TTL_MS, now = Date.now()): Promise<string> {
	const secret = await getSigningSecret()
	const expires = Math.floor((now + ttlMs) / 1000)
	return `${path}?exp=${expires}&sig=${mac(secret, path, expires)}`
}

/** True when `sig` is a valid, unexpired signature of `path` (the request path without its query). */
export async function verifyPath(path: string, exp: unknown, sig: unknown, now = Date.now()): Promise<boolean> {
	if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp) || sig.length > 100) return false
	const expires = Number(exp)
	if (expires * 1000 < now) return false
	const secret = await getSigningSecret()
	const expected = Buffer.from(mac(secret, path, expires))
	const given = Buffer.from(sig)
	return expected.length === given.length && crypto.timingSafeEqual(expected, given)
}
