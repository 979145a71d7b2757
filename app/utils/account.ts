import { readDevice, removeDevice, writeDevice, writeDeviceBatch } from './device-storage.ts'

// Browser side of accounts: the API calls of spec §7, the signed-in marker
// (user-info, §4 "Login state") and the login lockout (§4, §9).

export const LOGIN_MAX_ATTEMPTS = 5
export const LOGIN_LOCKOUT_MS = 15 * 60 * 1000
export const NAME_SAVE_THROTTLE_MS = 6000

export interface AccountUser {
	id: string
	username: string
	email: string
	name: string
	isDonator: boolean
	'4k_token': string | null
}

/** 401 from an account route: the session is gone, so the device logs out (spec §8). */
export class UnauthorizedError extends Error {
	constructor() {
		super('Unauthorized')
		this.name = 'UnauthorizedError'
	}
}

/** A non-OK answer, carrying the server's `error` text. */
export class ApiError extends Error {
	constructor(
		message: string,
		readonly status: number,
		readonly retryAfterSeconds?: number,
	) {
		super(message)
		this.name = 'ApiError'
	}
}

/** JSON call to the same-origin API with the session cookie. */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal; keepalive?: boolean } = {}): Promise<T> {
	const response = await fetch(path, {
		method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
		credentials: 'same-origin',
		headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
		body: init.body === undefined ? undefined : JSON.stringify(init.body),
		signal: init.signal,
		keepalive: init.keepalive,
	})
	let data: unknown = null
	try {
		data = await response.json()
	} catch {
		data = null
	}
	if (response.status === 401 && !path.startsWith('/api/auth/')) throw new UnauthorizedError()
	if (!response.ok) {
		const message = data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : ''
		const retryAfter = Number(response.headers.get('retry-after'))
		throw new ApiError(message, response.status, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined)
	}
	return data as T
}

export interface AuthAnswer {
	token?: string
	user?: AccountUser
	error?: string
}

export function isEmailLike(value: string) {
	return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
}

/** POST /api/auth/login with {email} or {username}, whichever the identifier looks like (spec §5). */
export function login(identifier: string, password: string) {
	const trimmed = identifier.trim()
	const body = isEmailLike(trimmed) ? { email: trimmed, password } : { username: trimmed, password }
	return apiFetch<AuthAnswer>('/api/auth/login', { body })
}

export interface SignupPayload {
	username: string
	email: string
	password: string
	passwordConfirm: string
}

export function signup(payload: SignupPayload) {
	return apiFetch<AuthAnswer>('/api/auth/signup', { body: payload })
}

export function fetchMe() {
	return apiFetch<{ user: AccountUser }>('/api/users/me')
}

export function updateName(name: string) {
	return apiFetch<{ user: AccountUser }>('/api/users/me/updateName', { body: { name } })
}

export function deleteAccount(username: string) {
	return apiFetch<{ ok: true }>('/api/users/me', { method: 'DELETE', body: { username } })
}

/** Remembers the signed-in user on the device (spec §3 user-info). */
export function storeUserInfo(user: Pick<AccountUser, 'username'> & Partial<AccountUser>) {
	writeDevice('user-info', { username: user.username, name: user.name, email: user.email, isDonator: user.isDonator })
}

/** Signed in per the device: valid stored user info (invalid counts as signed out, spec §4). */
export function storedUserInfo() {
	try {
		return readDevice('user-info') ?? null
	} catch {
		return null
	}
}

/**
 * Forgets the account on this device. Local bookmarks and history stay (the
 * visitor keeps using them); the outbox remembers when the account left, so
 * another account signing in here does not receive this one's library.
 */
export function clearAccountDevice(now = Date.now()) {
	try {
		const outbox = readDevice('sync-outbox')
		writeDeviceBatch({
			'user-info': null,
			'4kTokenSynced': null,
			...(outbox?.username && outbox.loggedOutAt === undefined ? { 'sync-outbox': { ...outbox, loggedOutAt: now } } : {}),
		})
	} catch {
		// Storage refused; the server session is what matters and it is gone.
	}
}

/** POST /api/auth/logout, then the stored user info goes (spec §7). */
export async function logout() {
	try {
		await apiFetch('/api/auth/logout', { body: {} })
	} finally {
		clearAccountDevice()
	}
}

// Login lockout (spec §4): 5 failures → locked 15 minutes; stored, so it survives a reload.

export function lockoutRemainingMs(now = Date.now()): number {
	try {
		const until = readDevice('loginLockoutUntil')
		return until && until > now ? until - now : 0
	} catch {
		return 0
	}
}

/** Counts a failed login; returns true when this failure starts the lockout. */
export function recordLoginFailure(now = Date.now()): boolean {
	try {
		const attempts = (readDevice('loginAttempts') ?? 0) + 1
		if (attempts >= LOGIN_MAX_ATTEMPTS) {
			writeDeviceBatch({ loginAttempts: 0, loginLockoutUntil: now + LOGIN_LOCKOUT_MS })
			return true
		}
		writeDevice('loginAttempts', attempts)
	} catch {
		// Without storage there is no lockout to keep; the server still limits attempts.
	}
	return false
}

/** A success with a token resets the count (spec §4). */
export function resetLoginFailures() {
	try {
		writeDeviceBatch({ loginAttempts: null, loginLockoutUntil: null })
	} catch {
		// Nothing stored to reset.
	}
}

/** Server-side lockout (429): the device waits as long as the server asks. */
export function lockUntil(until: number) {
	try {
		writeDevice('loginLockoutUntil', until)
	} catch {
		// Shown for this page view only.
	}
}

/** "m:ss" for the locked button. */
export function formatLockout(ms: number) {
	const total = Math.ceil(ms / 1000)
	const minutes = Math.floor(total / 60)
	const seconds = total % 60
	return `${minutes}:${String(seconds).padStart(2, '0')}`
}

export function removeCachedUserInfo() {
	try {
		removeDevice('user-info')
	} catch {
		// Nothing cached.
	}
}
