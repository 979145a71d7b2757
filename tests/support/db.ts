import crypto from 'node:crypto'
import pg from 'pg'
import { createDatabase, migrateToLatest, type DatabaseHandle, type Dialect } from '#server/db/db.server.ts'

/** The PostgreSQL server integration tests use (trust auth on this machine and in CI). */
export const TEST_PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export const DIALECTS: Dialect[] = ['sqlite', 'postgres']

export interface TestDatabase {
	handle: DatabaseHandle
	/** postgres:// URL of the throwaway database (undefined for SQLite). */
	url?: string
	destroy(): Promise<void>
}

/**
 * A fresh, migrated database for one test file: in-memory SQLite, or a
 * throwaway PostgreSQL database that is dropped afterwards.
 */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
	if (dialect === 'sqlite') {
		const handle = createDatabase({ sqliteFile: ':memory:' })
		await migrateToLatest(handle)
		return { handle, destroy: () => handle.close() }
	}
	const name = `willow_test_${Date.now()}_${crypto.randomBytes(4).toString('hex')}`
	const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL })
	await admin.connect()
	await admin.query(`CREATE DATABASE ${name}`)
	await admin.end()
	const url = TEST_PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`)
	const handle = createDatabase({ databaseUrl: url, poolSize: 5 })
	await migrateToLatest(handle)
	return {
		handle,
		url,
		async destroy() {
			await handle.close()
			const cleanup = new pg.Client({ connectionString: TEST_PG_ADMIN_URL })
			await cleanup.connect()
			// Closed pools can take a moment to leave; killing them early makes
			// the clients emit errors, so wait politely before forcing.
			for (let attempt = 0; ; attempt++) {
				try {
					await cleanup.query(attempt < 20 ? `DROP DATABASE IF EXISTS ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
					break
				} catch (error) {
					if (attempt >= 20) throw error
					await new Promise((r) => setTimeout(r, 100))
				}
			}
			await cleanup.end()
		},
	}
}
