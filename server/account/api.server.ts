import { Router } from 'express'
import { z } from 'zod'
import { PASSWORD_MIN } from '../auth/api.server.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.server.ts'
import { currentUser, endOtherSessions, endSession, requireUser, sessionIdOf } from '../auth/session.server.ts'
import { clearAttempts, takeAttempt, THROTTLE_RULES } from '../auth/throttle.server.ts'
import { getDatabase } from '../db/db.server.ts'
import { badRequest, jsonHandler, parseInput, unauthorized } from '../http/errors.server.ts'
import { readBookmarks } from '../sync/bookmarks.server.ts'
import { readRevisions } from '../sync/revisions.server.ts'
import { readSettings } from '../sync/settings.server.ts'
import { deleteUserData, exportUserData } from '../sync/user-data.server.ts'
import { readWatchHistory } from '../sync/watch-history.server.ts'
import { publicUser, USER_COLUMNS } from './public-user.ts'

const NameSchema = z.object({
	name: z.string('Name must not be empty').trim().min(1, 'Name must not be empty').max(50, 'Name must be at most 50 characters'),
})

const PASSWORD_TEXT = 'Enter your password'
const DeleteAccountSchema = z.object({ password: z.string(PASSWORD_TEXT).min(1, PASSWORD_TEXT).max(1024, PASSWORD_TEXT) })

const ChangePasswordSchema = z
	.object({
		currentPassword: z.string('Enter your current password').min(1, 'Enter your current password').max(1024),
		newPassword: z
			.string('Password must be at least 8 characters')
			.min(PASSWORD_MIN, 'Password must be at least 8 characters')
			.max(1024, 'Password must be at most 1024 characters'),
		newPasswordConfirm: z.string('Passwords do not match'),
	})
	.refine((input) => input.newPassword === input.newPasswordConfirm, { message: 'Passwords do not match', path: ['newPasswordConfirm'] })

export const WRONG_PASSWORD = 'That password is not right'

/**
 * Checks the signed-in user's password for a sensitive change, counted before
 * the check like a login (a stolen session can not guess it without limit).
 */
async function confirmPassword(userId: string, password: string) {
	const key = `password-check:${userId}`
	await takeAttempt(key, THROTTLE_RULES.account)
	const row = await getDatabase().db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
	if (!row || !(await verifyPassword(row.password_hash, password))) throw badRequest(WRONG_PASSWORD)
	await clearAttempts(key)
}

async function loadUser(id: string) {
	const row = await getDatabase().db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst()
	if (!row) throw unauthorized('Unauthorized')
	return row
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

	// Changing the password signs out every other session (a thief's included); this one stays.
	router.post(
		'/me/password',
		jsonHandler(async (req, res) => {
			const input = parseInput(ChangePasswordSchema, req.body)
			const { id } = currentUser(res)
			await confirmPassword(id, input.currentPassword)
			await getDatabase()
				.db.updateTable('users')
				.set({ password_hash: await hashPassword(input.newPassword), updated_at: Date.now() })
				.where('id', '=', id)
				.execute()
			const signedOut = await endOtherSessions(id, sessionIdOf(req))
			return { ok: true, signedOut }
		}),
	)

	router.post(
		'/me/sessions/sign-out-others',
		jsonHandler(async (req, res) => ({ ok: true, signedOut: await endOtherSessions(currentUser(res).id, sessionIdOf(req)) })),
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
			const { password } = parseInput(DeleteAccountSchema, req.body ?? {})
			const user = currentUser(res)
			await confirmPassword(user.id, password)
			await deleteUserData(getDatabase(), user.id)
			await endSession(req, res)
			return { ok: true }
		}),
	)

	return router
}
