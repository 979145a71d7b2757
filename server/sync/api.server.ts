import express, { Router, type Response } from 'express'
import { z } from 'zod'
import { BookmarkSyncRequestSchema, WatchHistorySyncRequestSchema } from '#app/lib/sync/schemas.ts'
import { SettingsSyncRequestSchema, type SettingsDocument } from '#app/lib/sync/settings.ts'
import { currentUser, requireUser } from '../auth/session.server.ts'
import { getDatabase } from '../db/db.server.ts'
import { jsonHandler, parseInput } from '../http/errors.server.ts'
import { dropIllFormedJson } from '../http/well-formed.ts'
import { clampBookmarkTimes, clampHistoryTimes, latestAcceptedTime } from '#app/lib/sync/clock.ts'
import { getEnv } from '../env.server.ts'
import { syncBookmarks } from './bookmarks.server.ts'
import { syncSettings } from './settings.server.ts'
import {
	lenientBookmarkSyncRequest,
	lenientWatchHistorySyncRequest,
	quickBookmarkSyncRequest,
	quickWatchHistorySyncRequest,
	type SkippedRecord,
} from './validate.server.ts'
import { syncWatchHistory } from './watch-history.server.ts'

/** Sync bodies may hold 10,000 bookmarks; the API's global parser stops at 1 MB. */
export const SYNC_BODY_LIMIT = '5mb'

export const FOUR_K_TOKEN_MIN = 50
const FourKTokenSchema = z.object({
	token: z
		.string('Invalid token')
		.trim()
		.max(8192, 'Invalid token')
		.refine((token) => token.startsWith('ey') && token.length > FOUR_K_TOKEN_MIN, 'Invalid token'),
})

/**
 * A whole library answers a sync: sent without the ETag res.json would hash
 * it for (about a millisecond for 1,000 bookmarks), useless on a POST.
 */
function sendSyncAnswer(res: Response, body: object, skipped: SkippedRecord[] = []) {
	// Records left out are named, so the device (or its owner) can tell.
	res
		.status(200)
		.type('application/json')
		.end(JSON.stringify(skipped.length > 0 ? { ...body, skipped } : body))
}

/** /api/sync/* (bookmarks, watch history, settings, 4k token). */
export function syncApiRouter() {
	const router = Router()
	router.use(requireUser)
	// After the session check, so anonymous callers never get a 5 MB body parsed.
	router.use(
		express.json({ limit: SYNC_BODY_LIMIT, strict: true, type: ['application/json', 'application/*+json'], reviver: dropIllFormedJson }),
	)

	router.post(
		'/bookmarks',
		jsonHandler(async (req, res) => {
			const quick = quickBookmarkSyncRequest(req.body)
			const { request, skipped } = quick
				? { request: quick, skipped: [] }
				: (lenientBookmarkSyncRequest(req.body) ?? { request: parseInput(BookmarkSyncRequestSchema, req.body), skipped: [] })
			// Dated in the future beyond a small skew: clamped, so such a record cannot win every merge.
			const input = clampBookmarkTimes(request, latestAcceptedTime(Date.now()))
			const result = await syncBookmarks(getDatabase(), currentUser(res).id, input, {
				changesOnly: request.changesOnly,
				quotaBytes: getEnv().SYNC_QUOTA_BYTES,
			})
			sendSyncAnswer(res, result, skipped)
		}),
	)

	router.post(
		'/watch-history',
		jsonHandler(async (req, res) => {
			const quick = quickWatchHistorySyncRequest(req.body)
			const { request, skipped } = quick
				? { request: quick, skipped: [] }
				: (lenientWatchHistorySyncRequest(req.body) ?? { request: parseInput(WatchHistorySyncRequestSchema, req.body), skipped: [] })
			const items = clampHistoryTimes(request.items, latestAcceptedTime(Date.now()))
			const result = await syncWatchHistory(getDatabase(), currentUser(res).id, items, {
				changesOnly: request.changesOnly,
				quotaBytes: getEnv().SYNC_QUOTA_BYTES,
			})
			sendSyncAnswer(res, result, skipped)
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
