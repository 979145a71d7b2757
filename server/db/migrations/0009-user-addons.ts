import type { Migration } from './types.ts'

/** A signed-in user's own Stremio add-ons, in the user's order (the "Add-ons" account tab). */
export const userAddons: Migration = {
	async up(db) {
		await db.schema
			.createTable('user_addons')
			.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
			.addColumn('manifest_url', 'text', (c) => c.notNull())
			.addColumn('position', 'integer', (c) => c.notNull())
			// The manifest's name when it was added: the source's name without asking the add-on again.
			.addColumn('name', 'text', (c) => c.notNull())
			.addColumn('added_at', 'bigint', (c) => c.notNull())
			.addPrimaryKeyConstraint('user_addons_pk', ['user_id', 'manifest_url'])
			.execute()
	},
}
