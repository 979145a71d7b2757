import { sql } from 'kysely'
import type { Migration } from './types.ts'

/** When a session was last used, for the idle timeout (SESSION_IDLE_DAYS); existing sessions count from now. */
export const sessionLastSeen: Migration = {
	async up(db) {
		await db.schema
			.alterTable('sessions')
			.addColumn('last_seen_at', 'bigint', (c) => c.notNull().defaultTo(0))
			.execute()
		await sql`update sessions set last_seen_at = ${Date.now()}`.execute(db)
	},
}
