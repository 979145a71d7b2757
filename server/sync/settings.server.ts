import { emptySettingsDocument, mergeSettings, SettingsDocumentSchema, type SettingsDocument } from '#app/lib/sync/settings.ts'
import type { DatabaseHandle } from '../db/db.server.ts'
import { bumpRevision, lockSyncState } from './revisions.server.ts'
import type { Db } from './sql.ts'

// The account copy of the settings: one document per user, merged per field.

export async function readSettings(db: Db, userId: string): Promise<SettingsDocument> {
	const row = await db.selectFrom('user_settings').select(['data']).where('user_id', '=', userId).executeTakeFirst()
	if (!row) return emptySettingsDocument()
	const parsed = SettingsDocumentSchema.safeParse(JSON.parse(row.data))
	return parsed.success ? (parsed.data as SettingsDocument) : emptySettingsDocument()
}

/** Per-field merge of settings, under the user's sync lock. */
export async function syncSettings(
	handle: DatabaseHandle,
	userId: string,
	incoming: SettingsDocument,
): Promise<{ settings: SettingsDocument; revision: number }> {
	return handle.db.transaction().execute(async (trx) => {
		const revisions = await lockSyncState(trx, userId)
		const current = await readSettings(trx, userId)
		const merged = mergeSettings(current, incoming)
		const data = JSON.stringify(merged)
		if (data !== JSON.stringify(mergeSettings(current))) {
			await trx
				.insertInto('user_settings')
				.values({ user_id: userId, updated_at: Date.now(), data })
				.onConflict((oc) => oc.column('user_id').doUpdateSet({ data, updated_at: Date.now() }))
				.execute()
			return { settings: merged, revision: await bumpRevision(trx, userId, 'settings') }
		}
		return { settings: merged, revision: revisions.settings }
	})
}
