import { apiRequest } from '../utils/api-client.ts'
import { readDevice, removeDevice, writeDevice, writeDeviceBatch } from './device-storage.ts'
import { isEmailLike } from '#app/lib/account/auth-texts.ts'

// Browser side of accounts: the API calls of product.md §7, the signed-in marker
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

export interface AuthAnswer {
	token?: string
	user?: AccountUser
	error?: string
}

/** POST /api/auth/login with {email} or {username}, whichever the identifier looks like (product.md §5). */
export function login(identifier: string, password: string) {
	const trimmed = identifier.trim()
	const body = isEmailLike(trimmed) ? { email: trimmed, password } : { username: trimmed, password }
	return apiRequest<AuthAnswer>('/api/auth/login', { body })
}

export interface SignupPayload {
	username: string
	email: string
	password: string
	passwordConfirm: string
}

export function signup(payload: SignupPayload) {
	return apiRequest<AuthAnswer>('/api/auth/signup', { body: payload })
}

export function fetchMe() {
	return apiRequest<{ user: AccountUser }>('/api/users/me')
}

export function updateName(name: string) {
	return apiRequest<{ user: AccountUser }>('/api/users/me/updateName', { body: { name } })
}

/** Deletes the account; the password confirms it is the owner at the keyboard. */
export function deleteAccount(password: string) {
	return apiRequest<{ ok: true }>('/api/users/me', { method: 'DELETE', body: { password } })
}

/** Changes the password (the current one required); every other session ends. */
export function changePassword(currentPassword: string, newPassword: string, newPasswordConfirm: string) {
	return apiRequest<{ ok: true; signedOut: number }>('/api/users/me/password', {
		body: { currentPassword, newPassword, newPasswordConfirm },
	})
}

export function signOutOtherDevices() {
	return apiRequest<{ ok: true; signedOut: number }>('/api/users/me/sessions/sign-out-others', { body: {} })
}

/** Remembers the signed-in user on the device (product.md §3 user-info). */
export function storeUserInfo(user: Pick<AccountUser, 'username'> & Partial<AccountUser>) {
	writeDevice('user-info', { username: user.username, name: user.name, email: user.email, isDonator: user.isDonator })
}

/** Signed in per the device: valid stored user info (invalid counts as signed out, product.md §4). */
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

/** POST /api/auth/logout, then the stored user info goes (product.md §7). */
export async function logout() {
	try {
		await apiRequest('/api/auth/logout', { body: {} })
	} finally {
		clearAccountDevice()
	}
}

// Login lockout (product.md §4): 5 failures → locked 15 minutes; stored, so it survives a reload.

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

/** A success with a token resets the count (product.md §4). */
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
