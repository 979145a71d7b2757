import type { Migration } from './types.ts'

/** Donations the owner records (`npm run donations:add`), for the donate page's statistics. */
export const donations: Migration = {
	async up(db) {
		await db.schema
			.createTable('donations')
			.addColumn('id', 'text', (c) => c.primaryKey())
			.addColumn('currency', 'text', (c) => c.notNull())
			.addColumn('amount', 'double precision', (c) => c.notNull())
			// The value in US dollars when given (or, for BTC, at the fixed rate), for the total.
			.addColumn('usd', 'double precision', (c) => c.notNull())
			.addColumn('donor', 'text')
			.addColumn('message', 'text')
			.addColumn('donated_at', 'bigint', (c) => c.notNull())
			.execute()
		await db.schema.createIndex('donations_donated_at').on('donations').column('donated_at').execute()
	},
}
