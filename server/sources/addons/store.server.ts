import { getDatabase } from '../../db/db.server.ts'
import { addonSourceId } from './addon-sources.server.ts'

// A signed-in user's own add-ons (user_addons), in the user's order.

export const MAX_USER_ADDONS = 20

export interface UserAddon {
	/** The add-on's source id (`addon:<hash>`), also its id in this API. */
	id: string
	manifestUrl: string
	name: string
	addedAt: number
}

export async function listUserAddons(userId: string): Promise<UserAddon[]> {
	const rows = await getDatabase()
		.db.selectFrom('user_addons')
		.select(['manifest_url', 'name', 'added_at'])
		.where('user_id', '=', userId)
		.orderBy('position')
		.orderBy('added_at')
		.execute()
	return rows.map((row) => ({
		id: addonSourceId(row.manifest_url),
		manifestUrl: row.manifest_url,
		name: row.name,
		addedAt: Number(row.added_at),
	}))
}

export type AddResult = { ok: true; addon: UserAddon } | { ok: false; reason: 'duplicate' | 'full' }

/** Appends an add-on at the end of the user's list (one statement, so two parallel adds cannot share a position). */
export async function addUserAddon(userId: string, manifestUrl: string, name: string, now = Date.now()): Promise<AddResult> {
	const { db } = getDatabase()
	return db.transaction().execute(async (trx) => {
		const count = await trx
			.selectFrom('user_addons')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.where('user_id', '=', userId)
			.executeTakeFirstOrThrow()
		if (Number(count.n) >= MAX_USER_ADDONS) return { ok: false, reason: 'full' } as const
		// Two parallel adds may read the same max on PostgreSQL; equal positions then fall back to added_at.
		const last = await trx
			.selectFrom('user_addons')
			.select((eb) => eb.fn.max('position').as('max'))
			.where('user_id', '=', userId)
			.executeTakeFirst()
		const position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1
		const inserted = await trx
			.insertInto('user_addons')
			.values({ user_id: userId, manifest_url: manifestUrl, position, name, added_at: now })
			.onConflict((oc) => oc.columns(['user_id', 'manifest_url']).doNothing())
			.executeTakeFirst()
		if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { ok: false, reason: 'duplicate' } as const
		return { ok: true, addon: { id: addonSourceId(manifestUrl), manifestUrl, name, addedAt: now } } as const
	})
}

/** Removes one add-on by id; false when the user has none with that id. */
export async function removeUserAddon(userId: string, id: string): Promise<boolean> {
	const match = (await listUserAddons(userId)).find((addon) => addon.id === id)
	if (!match) return false
	await getDatabase().db.deleteFrom('user_addons').where('user_id', '=', userId).where('manifest_url', '=', match.manifestUrl).execute()
	return true
}

/** Puts the user's add-ons in the order of `ids`, which must name each of them exactly once. */
export async function reorderUserAddons(userId: string, ids: string[]): Promise<UserAddon[] | null> {
	const { db } = getDatabase()
	return db
		.transaction()
		.execute(async (trx) => {
			const rows = await trx.selectFrom('user_addons').select(['manifest_url']).where('user_id', '=', userId).execute()
			const byId = new Map(rows.map((row) => [addonSourceId(row.manifest_url), row.manifest_url]))
			if (ids.length !== byId.size || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id))) return false
			for (const [position, id] of ids.entries()) {
				await trx
					.updateTable('user_addons')
					.set({ position })
					.where('user_id', '=', userId)
					.where('manifest_url', '=', byId.get(id)!)
					.execute()
			}
			return true
		})
		.then((done) => (done ? listUserAddons(userId) : null))
}
