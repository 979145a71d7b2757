import type { Migration } from './types.ts'

export const usersAndSessions: Migration = {
	async up(db) {
		await db.schema
			.createTable('users')
			.addColumn('id', 'text', (c) => c.primaryKey())
			.addColumn('username', 'text', (c) => c.notNull())
			.addColumn('username_lower', 'text', (c) => c.notNull().unique())
			.addColumn('email', 'text', (c) => c.notNull())
			.addColumn('email_lower', 'text', (c) => c.notNull().unique())
			.addColumn('name', 'text', (c) => c.notNull())
			.addColumn('password_hash', 'text', (c) => c.notNull())
			.addColumn('is_donator', 'integer', (c) => c.notNull().defaultTo(0))
			.addColumn('four_k_token', 'text')
			.addColumn('created_at', 'bigint', (c) => c.notNull())
			.addColumn('updated_at', 'bigint', (c) => c.notNull())
			.execute()

		await db.schema
			.createTable('sessions')
			.addColumn('id', 'text', (c) => c.primaryKey())
			.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
			.addColumn('created_at', 'bigint', (c) => c.notNull())
			.addColumn('expires_at', 'bigint', (c) => c.notNull())
			.addColumn('user_agent', 'text')
			.execute()
		await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute()
	},
}
