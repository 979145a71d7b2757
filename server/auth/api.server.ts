import crypto from 'node:crypto'
import { Router } from 'express'
import { z } from 'zod'
import { publicUser, USER_COLUMNS, type UserRow } from '../account/public-user.ts'
import { getDatabase } from '../db/db.server.ts'
import { clientAddress } from '../http/client-address.ts'
import { badRequest, HttpError, jsonHandler, parseInput, unauthorized } from '../http/errors.server.ts'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.server.ts'
import { endSession, startSession } from './session.server.ts'
import { knownDevice, rememberDevice } from './device.server.ts'
import { clearAttempts, giveBackAttempt, pruneThrottle, takeAttempt, THROTTLE_RULES } from './throttle.server.ts'

export const USERNAME_MIN = 3
export const PASSWORD_MIN = 8

/** Control, format (zero-width, bidi), private-use and blank-looking characters: a name must look like what it is. */
const INVISIBLE_FREE = /^[^\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]*$/u

/** A basic email pattern (product.md §5): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const SignupSchema = z
	.object({
		username: z
			.string('Username must be at least 3 characters')
			// One name, one way to write it: fullwidth and compatibility forms fold to their plain letters.
			.transform((name) => name.normalize('NFKC').trim())
			.pipe(
				z
					.string()
					.regex(INVISIBLE_FREE, 'Username must not contain invisible characters')
					.min(USERNAME_MIN, 'Username must be at least 3 characters')
					.max(32, 'Username must be at most 32 characters')
					.regex(/^[^\s@]+$/, 'Username must not contain spaces or @'),
			),
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
			// Every call counts before anything is looked up: the "already taken"
			// answers must not let anyone probe for accounts without limit.
			await takeAttempt(`signup-ip:${clientAddress(req)}`, THROTTLE_RULES.signupIp)
			const input = parseInput(SignupSchema, req.body)
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
			const now = Date.now()
			const row: UserRow = {
				id: crypto.randomUUID(),
				username: input.username,
				email: input.email,
				name: input.username,
				is_donator: 0,
				four_k_token: null,
			}
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
			const lower = identifier.normalize('NFKC').toLowerCase()
			const { db } = getDatabase()
			const user = await db
				.selectFrom('users')
				.select([...USER_COLUMNS, 'password_hash'])
				.where(lower.includes('@') ? 'email_lower' : 'username_lower', '=', lower)
				.executeTakeFirst()
			// Keyed by the typed identifier (not by whether it exists), so unknown and known accounts throttle alike;
			// a device that signed in to this account before counts on its own key (decision 0026).
			const deviceId = user ? await knownDevice(req, user.id) : undefined
			const accountKey = deviceId ? `account:${lower}:device:${deviceId}` : `account:${lower}`
			const ipKey = `login-ip:${clientAddress(req)}`
			// Counted before the password is checked (decision 0013): parallel guesses cannot pass the limit.
			await takeAttempt(ipKey, THROTTLE_RULES.ip)
			await takeAttempt(accountKey, THROTTLE_RULES.account)
			const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password)
			if (!user || !valid) throw unauthorized(INVALID_CREDENTIALS)
			await clearAttempts(accountKey)
			await giveBackAttempt(ipKey)
			if (Math.random() < 0.05) void pruneThrottle().catch(() => {})
			await rememberDevice(req, res, user.id, deviceId)
			const token = await startSession(req, res, user.id)
			return { token, user: publicUser(user) }
		}),
	)

	router.post(
		'/logout',
		jsonHandler(async (req, res) => {
			await endSession(req, res)
			// The account page's Log out is also a plain form, so a tap before the page's JavaScript has
			// run still signs out (issue 26): the browser's own form post gets the login page.
			if (req.is('application/x-www-form-urlencoded')) {
				res.redirect(303, '/login')
				return undefined
			}
			return { ok: true }
		}),
	)

	return router
}
