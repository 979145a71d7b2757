import { Router } from 'express'
import { z } from 'zod'
import { currentUser, endSession, requireUser } from '../auth/session.server.ts'
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

const DeleteAccountSchema = z.object({ username: z.string('Type your username to confirm').max(254) })

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
