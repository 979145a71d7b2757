import type { Migration } from './types.ts'

/** Secrets generated once and shared by every process (the stream URL signing key). */
export const appSecrets: Migration = {
	async up(db) {
		await db.schema
			.createTable('app_secrets')
			.addColumn('name', 'text', (col) => col.primaryKey())
			.addColumn('value', 'text', (col) => col.notNull())
			.addColumn('created_at', 'bigint', (col) => col.notNull())
			.execute()
	},
}
