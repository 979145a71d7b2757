import type { Migration } from './types.ts'

/** Submissions from /partners/submit, read by the owner with `npm run partners:list`. */
export const partnerSubmissions: Migration = {
	async up(db) {
		await db.schema
			.createTable('partner_submissions')
			.addColumn('id', 'text', (c) => c.primaryKey())
			.addColumn('name', 'text', (c) => c.notNull())
			.addColumn('site_url', 'text', (c) => c.notNull())
			.addColumn('email', 'text', (c) => c.notNull())
			.addColumn('message', 'text', (c) => c.notNull())
			.addColumn('created_at', 'bigint', (c) => c.notNull())
			.execute()
		await db.schema.createIndex('partner_submissions_created_at').on('partner_submissions').column('created_at').execute()
	},
}
