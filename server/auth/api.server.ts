import crypto from 'node:crypto'
import express, { Router, type Request, type Response } from 'express'
import { z } from 'zod'
import { BookmarkSyncRequestSchema, WatchHistorySyncRequestSchema } from '#app/lib/sync/schemas.ts'
import { SettingsSyncRequestSchema, type SettingsDocument } from '#app/lib/sync/settings.ts'
import { getDatabase } from '../db/db.server.ts'
import { badRequest, HttpError, jsonHandler, parseInput, unauthorized } from '../http/errors.server.ts'
import {
	deleteUserData,
	exportUserData,
	readBookmarks,
	readRevisions,
	readSettings,
	readWatchHistory,
	syncBookmarks,
	syncSettings,
	syncWatchHistory,
} from '../sync/store.server.ts'
import { quickBookmarkSyncRequest, quickWatchHistorySyncRequest } from '../sync/validate.server.ts'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.server.ts'
import { currentUser, endSession, requireUser, startSession } from './session.server.ts'
import { assertNotThrottled, clearAttempts, pruneThrottle, recordAttempt, THROTTLE_RULES } from './throttle.server.ts'

/** Sync bodies may hold 10,000 bookmarks; the API's global parser stops at 1 MB. */
export const SYNC_BODY_LIMIT = '5mb'

export const USERNAME_MIN = 3
export const PASSWORD_MIN = 8

/** A basic email pattern (spec §5): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const SignupSchema = z
	.object({
		username: z
			.string('Username must be at least 3 characters')
			.trim()
			.min(USERNAME_MIN, 'Username must be at least 3 characters')
			.max(32, 'Username must be at most 32 characters')
			.regex(/^[^\s@]+$/, 'Username must not contain spaces or @'),
		email: z
			.string('Please enter a valid email address')
			.trim()
			.max(254, 'Please enter a valid email address')
			.regex(EMAIL_PATTERN, 'Please enter a valid email address'),
		password: z
			.string('Password must be at least 8 characters')
			.min(PASSWORD_MIN, 'Password must be at least 8 characters')
			.max(1024, 'Password must be at most 1024 characters'),
		passwordConfirm: z.string('Passwords do not match'),
	})
	.refine((input) => input.password === input.passwordConfirm, { message: 'Passwords do not match', path: ['passwordConfirm'] })

const LOGIN_INPUT_MESSAGE = 'Please enter a valid email or username and password (8+ characters)'

const LoginSchema = z.object({
	email: z.string().trim().max(254).optional(),
	username: z.string().trim().max(254).optional(),
	identifier: z.string().trim().max(254).optional(),
	password: z.string(LOGIN_INPUT_MESSAGE).min(1, LOGIN_INPUT_MESSAGE).max(1024, LOGIN_INPUT_MESSAGE),
})

/** One answer for an unknown account and a wrong password. */
export const INVALID_CREDENTIALS = 'Invalid email/username or password'

const NameSchema = z.object({
	name: z.string('Name must not be empty').trim().min(1, 'Name must not be empty').max(50, 'Name must be at most 50 characters'),
})

export const FOUR_K_TOKEN_MIN = 50
const FourKTokenSchema = z.object({
	token: z
		.string('Invalid token')
		.trim()
		.max(8192, 'Invalid token')
		.refine((token) => token.startsWith('ey') && token.length > FOUR_K_TOKEN_MIN, 'Invalid token'),
})

const DeleteAccountSchema = z.object({ username: z.string('Type your username to confirm').max(254) })

interface UserRow {
	id: string
	username: string
	email: string
	name: string
	is_donator: number
	four_k_token: string | null
}

/** The user as the API shows it (spec §3). Never the password hash. */
function publicUser(row: UserRow) {
	return {
		id: row.id,
		username: row.username,
		email: row.email,
		name: row.name,
		isDonator: row.is_donator === 1,
		'4k_token': row.four_k_token,
	}
}

const USER_COLUMNS = ['id', 'username', 'email', 'name', 'is_donator', 'four_k_token'] as const

async function loadUser(id: string) {
	const row = await getDatabase().db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst()
	if (!row) throw unauthorized('Unauthorized')
	return row
}

function clientAddress(req: Request) {
	return req.ip ?? req.socket.remoteAddress ?? 'unknown'
}

function isUniqueViolation(error: unknown) {
	const code = (error as { code?: string })?.code
	const message = String((error as Error)?.message ?? '')
	return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || message.includes('UNIQUE constraint failed')
}

/** /api/auth/* (signup, login, logout). */
export function authApiRouter() {
	const router = Router()

	router.post(
		'/signup',
		jsonHandler(async (req, res) => {
			const input = parseInput(SignupSchema, req.body)
			const ipKey = `signup-ip:${clientAddress(req)}`
			await assertNotThrottled([ipKey])
			const { db } = getDatabase()
			const usernameLower = input.username.toLowerCase()
			const emailLower = input.email.toLowerCase()
			const existing = await db
				.selectFrom('users')
				.select(['username_lower', 'email_lower'])
				.where((eb) => eb.or([eb('username_lower', '=', usernameLower), eb('email_lower', '=', emailLower)]))
				.execute()
			if (existing.some((row) => row.username_lower === usernameLower)) throw new HttpError(409, 'That username is already taken')
			if (existing.length > 0) throw new HttpError(409, 'An account with that email already exists')
			await recordAttempt(ipKey, THROTTLE_RULES.signupIp)
			const now = Date.now()
			const row: UserRow = { id: crypto.randomUUID(), username: input.username, email: input.email, name: input.username, is_donator: 0, four_k_token: null }
			try {
				await db
					.insertInto('users')
					.values({
						id: row.id,
						username: row.username,
						username_lower: usernameLower,
						email: row.email,
						email_lower: emailLower,
						name: row.name,
						password_hash: await hashPassword(input.password),
						is_donator: 0,
						four_k_token: null,
						created_at: now,
						updated_at: now,
					})
					.execute()
			} catch (error) {
				// Two sign-ups raced for the same name or email.
				if (isUniqueViolation(error)) throw new HttpError(409, 'That username or email is already registered')
				throw error
			}
			const token = await startSession(req, res, row.id)
			res.status(201)
			return { token, user: publicUser(row) }
		}),
	)

	router.post(
		'/login',
		jsonHandler(async (req, res) => {
			const input = parseInput(LoginSchema, req.body)
			const identifier = input.email || input.username || input.identifier
			if (!identifier) throw badRequest(LOGIN_INPUT_MESSAGE)
			const lower = identifier.toLowerCase()
			const { db } = getDatabase()
			const user = await db
				.selectFrom('users')
				.select([...USER_COLUMNS, 'password_hash'])
				.where(lower.includes('@') ? 'email_lower' : 'username_lower', '=', lower)
				.executeTakeFirst()
			// Keyed by the typed identifier (not by whether it exists), so unknown and known accounts throttle alike.
			const accountKey = `account:${lower}`
			const ipKey = `login-ip:${clientAddress(req)}`
			await assertNotThrottled([accountKey, ipKey])
			const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password)
			if (!user || !valid) {
				await recordAttempt(accountKey, THROTTLE_RULES.account)
				await recordAttempt(ipKey, THROTTLE_RULES.ip)
				throw unauthorized(INVALID_CREDENTIALS)
			}
			await clearAttempts(accountKey)
			if (Math.random() < 0.05) void pruneThrottle().catch(() => {})
			const token = await startSession(req, res, user.id)
			return { token, user: publicUser(user) }
		}),
	)

	router.post(
		'/logout',
		jsonHandler(async (req, res) => {
			await endSession(req, res)
			return { ok: true }
		}),
	)

	return router
}

/** /api/users/me/* (user, name, bookmarks, watch history, settings, export, deletion). */
export function usersApiRouter() {
	const router = Router()
	router.use(requireUser)

	router.get(
		'/me',
		jsonHandler(async (_req, res) => ({ user: publicUser(await loadUser(currentUser(res).id)) })),
	)

	router.post(
		'/me/updateName',
		jsonHandler(async (req, res) => {
			const { name } = parseInput(NameSchema, req.body)
			const { id } = currentUser(res)
			await getDatabase().db.updateTable('users').set({ name, updated_at: Date.now() }).where('id', '=', id).execute()
			return { user: publicUser(await loadUser(id)) }
		}),
	)

	router.get(
		'/me/bookmarks',
		jsonHandler(async (_req, res) => readBookmarks(getDatabase().db, currentUser(res).id)),
	)

	router.get(
		'/me/watch-history',
		jsonHandler(async (_req, res) => readWatchHistory(getDatabase().db, currentUser(res).id)),
	)

	router.get(
		'/me/settings',
		jsonHandler(async (_req, res) => {
			const { db } = getDatabase()
			const userId = currentUser(res).id
			const [settings, revisions] = await Promise.all([readSettings(db, userId), readRevisions(db, userId)])
			return { settings, revision: revisions.settings }
		}),
	)

	// A few bytes that open devices poll to learn another device wrote something.
	router.get(
		'/me/sync-state',
		jsonHandler(async (_req, res) => ({ revisions: await readRevisions(getDatabase().db, currentUser(res).id) })),
	)

	router.get(
		'/me/export',
		jsonHandler(async (_req, res) => {
			const user = currentUser(res)
			const data = await exportUserData(getDatabase(), user.id)
			res.set('Content-Disposition', `attachment; filename="willow-data-${user.username.replace(/[^A-Za-z0-9_.-]/g, '_')}.json"`)
			return data
		}),
	)

	router.delete(
		'/me',
		jsonHandler(async (req, res) => {
			const { username } = parseInput(DeleteAccountSchema, req.body ?? {})
			const user = currentUser(res)
			if (username.trim().toLowerCase() !== user.username.toLowerCase()) throw badRequest('Type your username to confirm')
			await deleteUserData(getDatabase(), user.id)
			await endSession(req, res)
			return { ok: true }
		}),
	)

	return router
}

/**
 * A whole library answers a sync: sent without the ETag res.json would hash
 * it for (about a millisecond for 1,000 bookmarks), useless on a POST.
 */
function sendSyncAnswer(res: Response, body: unknown) {
	res.status(200).type('application/json').end(JSON.stringify(body))
}

/** /api/sync/* (bookmarks, watch history, settings, 4k token). */
export function syncApiRouter() {
	const router = Router()
	router.use(requireUser)
	// After the session check, so anonymous callers never get a 5 MB body parsed.
	router.use(express.json({ limit: SYNC_BODY_LIMIT, strict: true, type: ['application/json', 'application/*+json'] }))

	router.post(
		'/bookmarks',
		jsonHandler(async (req, res) => {
			const input = quickBookmarkSyncRequest(req.body) ?? parseInput(BookmarkSyncRequestSchema, req.body)
			sendSyncAnswer(res, await syncBookmarks(getDatabase(), currentUser(res).id, input, { changesOnly: input.changesOnly }))
		}),
	)

	router.post(
		'/watch-history',
		jsonHandler(async (req, res) => {
			const input = quickWatchHistorySyncRequest(req.body) ?? parseInput(WatchHistorySyncRequestSchema, req.body)
			sendSyncAnswer(res, await syncWatchHistory(getDatabase(), currentUser(res).id, input.items, { changesOnly: input.changesOnly }))
		}),
	)

	router.post(
		'/settings',
		jsonHandler(async (req, res) => {
			const input = parseInput(SettingsSyncRequestSchema, req.body)
			return syncSettings(getDatabase(), currentUser(res).id, input.settings as SettingsDocument)
		}),
	)

	router.post(
		'/4k_token',
		jsonHandler(async (req, res) => {
			const { token } = parseInput(FourKTokenSchema, req.body)
			const { id } = currentUser(res)
			await getDatabase().db.updateTable('users').set({ four_k_token: token, updated_at: Date.now() }).where('id', '=', id).execute()
			return { ok: true, '4k_token': token }
		}),
	)

	return router
}
