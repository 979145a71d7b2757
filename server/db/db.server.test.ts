import crypto from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'
import { migrateToLatest, pingDatabase } from './db.server.ts'

describe.each(DIALECTS)('database layer on %s', (dialect) => {
	let testDb: TestDatabase
	beforeAll(async () => {
		testDb = await createTestDatabase(dialect)
	})
	afterAll(async () => {
		await testDb?.destroy()
	})

	it('answers a ping and re-running migrations is a no-op', async () => {
		await pingDatabase(testDb.handle)
		expect(await migrateToLatest(testDb.handle)).toEqual([])
	})

	it('stores users with case-insensitive unique usernames and cascades sessions', async () => {
		const { db } = testDb.handle
		const now = Date.now()
		const id = crypto.randomUUID()
		await db
			.insertInto('users')
			.values({
				id,
				username: 'Alice',
				username_lower: 'alice',
				email: 'A@x.io',
				email_lower: 'a@x.io',
				name: 'Alice',
				password_hash: 'h',
				four_k_token: null,
				created_at: now,
				updated_at: now,
			})
			.execute()
		await expect(
			db
				.insertInto('users')
				.values({
					id: crypto.randomUUID(),
					username: 'ALICE',
					username_lower: 'alice',
					email: 'b@x.io',
					email_lower: 'b@x.io',
					name: 'B',
					password_hash: 'h',
					four_k_token: null,
					created_at: now,
					updated_at: now,
				})
				.execute(),
		).rejects.toThrow()
		await db
			.insertInto('sessions')
			.values({ id: 's1', user_id: id, created_at: now, expires_at: now + 1000, last_seen_at: now, user_agent: null })
			.execute()
		const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
		// bigint columns come back as numbers on both dialects.
		expect(user.created_at).toBe(now)
		expect(user.is_donator).toBe(0)
		await db.deleteFrom('users').where('id', '=', id).execute()
		expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([])
	})
})

describe('PostgreSQL library tables', () => {
	let testDb: TestDatabase
	beforeAll(async () => {
		testDb = await createTestDatabase('postgres')
	})
	afterAll(async () => {
		await testDb?.destroy()
	})

	it('leaves room on library pages so syncs update rows in place (HOT)', async () => {
		const result = await sql<{
			relname: string
			reloptions: string[] | null
		}>`select relname, reloptions from pg_class where relname in ('user_bookmarks', 'user_watch_items', 'user_watch_episodes') order by relname`.execute(
			testDb.handle.db,
		)
		expect(result.rows).toEqual([
			{ relname: 'user_bookmarks', reloptions: ['fillfactor=50'] },
			{ relname: 'user_watch_episodes', reloptions: ['fillfactor=50'] },
			{ relname: 'user_watch_items', reloptions: ['fillfactor=50'] },
		])
	})
})
