import type { Migration } from './types.ts'

/** Error reports from the error screen, kept when no ERROR_WEBHOOK_URL is set (or it failed). */
export const errorReports: Migration = {
	async up(db) {
		await db.schema
			.createTable('error_reports')
			.addColumn('id', 'text', (c) => c.primaryKey())
			.addColumn('created_at', 'bigint', (c) => c.notNull())
			// The report as the embed's fields (JSON): name, message, URL, status, browser, notes, stack.
			.addColumn('report', 'text', (c) => c.notNull())
			.execute()
		await db.schema.createIndex('error_reports_created_at').on('error_reports').column('created_at').execute()
	},
}
