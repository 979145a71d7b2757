import { sql, type RawBuilder } from 'kysely'
import type { Dialect } from '../db/db.server.ts'
import type { Db } from './sql.ts'

// Per-user revisions of each synced kind, and the row lock that puts one
// user's syncs one after another. Every write to the synced tables raises the
// kind's revision in the same transaction (writeAndBump), which is what lets
// open devices poll for changes and the snapshots trust what they hold.

export type SyncKind = 'bookmarks' | 'history' | 'settings'
const REV_COLUMN = { bookmarks: 'bookmarks_rev', history: 'history_rev', settings: 'settings_rev' } as const

export interface SyncRevisions {
	bookmarks: number
	history: number
	settings: number
}

export async function readRevisions(db: Db, userId: string): Promise<SyncRevisions> {
	const row = await db
		.selectFrom('user_sync_state')
		.select(['bookmarks_rev', 'history_rev', 'settings_rev'])
		.where('user_id', '=', userId)
		.executeTakeFirst()
	return { bookmarks: row?.bookmarks_rev ?? 0, history: row?.history_rev ?? 0, settings: row?.settings_rev ?? 0 }
}

/**
 * Starts a user's sync: makes sure the revision row exists and locks it until
 * commit (an upsert takes the row lock on PostgreSQL; on SQLite the first
 * write takes the database's write lock), so one user's syncs apply one after
 * another and the revision answered matches the rows read with it.
 */
export async function lockSyncState(trx: Db, userId: string): Promise<SyncRevisions> {
	const row = await trx
		.insertInto('user_sync_state')
		.values({ user_id: userId, bookmarks_rev: 0, history_rev: 0, settings_rev: 0 })
		.onConflict((oc) => oc.column('user_id').doUpdateSet({ user_id: userId }))
		.returning(['bookmarks_rev', 'history_rev', 'settings_rev'])
		.executeTakeFirstOrThrow()
	return { bookmarks: row.bookmarks_rev, history: row.history_rev, settings: row.settings_rev }
}

/** Raises one kind's revision; returns the new value. */
export async function bumpRevision(trx: Db, userId: string, kind: SyncKind): Promise<number> {
	const column = REV_COLUMN[kind]
	const row = await trx
		.updateTable('user_sync_state')
		.set({ [column]: sql`${sql.ref(column)} + 1` })
		.where('user_id', '=', userId)
		.returning([column])
		.executeTakeFirstOrThrow()
	return Number((row as Record<string, unknown>)[column])
}

/**
 * Runs a sync's upserts and raises the kind's revision; returns the new
 * revision. On PostgreSQL it is one round trip: the upserts become
 * data-modifying CTEs (which always run to completion) of the revision update.
 */
export async function writeAndBump(
	trx: Db,
	dialect: Dialect,
	userId: string,
	kind: SyncKind,
	statements: Array<RawBuilder<unknown> | undefined>,
): Promise<number> {
	const writes = statements.filter((statement) => statement !== undefined)
	if (dialect === 'postgres' && writes.length > 0) {
		const column = sql.ref(REV_COLUMN[kind])
		const ctes = sql.join(writes.map((statement, i) => sql`${sql.raw(`write_${i}`)} as (${statement})`))
		const result = await sql<{
			revision: number | string
		}>`with ${ctes} update user_sync_state set ${column} = ${column} + 1 where user_id = ${userId} returning ${column} as revision`.execute(
			trx,
		)
		return Number(result.rows[0]!.revision)
	}
	for (const statement of writes) await statement.execute(trx)
	return bumpRevision(trx, userId, kind)
}
