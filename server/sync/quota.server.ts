import { sql } from 'kysely'
import { HttpError } from '../http/errors.server.ts'
import type { Db } from './sql.ts'

// The per-user storage quota of the synced library. Checked inside the sync
// transaction, after its writes and before commit: an over-quota sync rolls
// back as a whole, and concurrent syncs of one user cannot both slip under it
// (they run one after another under the user's sync lock).

/** Bytes of stored JSON of one user across the synced tables. */
export async function storedBytes(trx: Db, userId: string): Promise<number> {
	const result = await sql<{ total: number | string | null }>`select
		coalesce((select sum(length(data)) from user_bookmarks where user_id = ${userId}), 0)
		+ coalesce((select sum(length(data)) from user_watch_items where user_id = ${userId}), 0)
		+ coalesce((select sum(length(data)) from user_watch_episodes where user_id = ${userId}), 0)
		+ coalesce((select sum(length(data)) from user_settings where user_id = ${userId}), 0) as total`.execute(trx)
	return Number(result.rows[0]?.total ?? 0)
}

export function quotaExceeded(quotaBytes: number) {
	const megabytes = Math.round((quotaBytes / 1024 / 1024) * 10) / 10
	return new HttpError(
		413,
		`Your synced library is over its storage quota of ${megabytes} MB; remove some bookmarks or history and try again.`,
	)
}

/** Throws a 413 (rolling the transaction back) when the user's stored data is over the quota. */
export async function enforceQuota(trx: Db, userId: string, quotaBytes: number | undefined) {
	if (quotaBytes === undefined) return
	if ((await storedBytes(trx, userId)) > quotaBytes) throw quotaExceeded(quotaBytes)
}
