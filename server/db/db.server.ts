import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationProvider } from 'kysely'
import pg from 'pg'
import { getEnv } from '../env.server.ts'
import { logger } from '../logger.server.ts'
import { migrations } from './migrations/index.ts'
import type { Dialect } from './migrations/types.ts'
import type { Database } from './schema.ts'

export type { Dialect }

// bigint columns hold epoch milliseconds, well inside Number's safe range.
pg.types.setTypeParser(20, (value) => Number(value))

export interface DatabaseHandle {
	db: Kysely<Database>
	dialect: Dialect
	close(): Promise<void>
}

export interface DatabaseOptions {
	/** postgres:// URL; when absent, SQLite is used. */
	databaseUrl?: string
	/** SQLite file path, or ':memory:'. */
	sqliteFile?: string
	poolSize?: number
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
	if (options.databaseUrl) {
		const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 })
		// An idle client can lose its connection (server restart, admin termination);
		// without a listener that error would crash the process. The pool replaces it.
		pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL client error'))
		const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
		return { db, dialect: 'postgres', close: () => db.destroy() }
	}
	const file = options.sqliteFile ?? ':memory:'
	if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
	const sqlite = new SQLite(file)
	// WAL lets readers run beside the writer; several app processes share the file.
	sqlite.pragma('journal_mode = WAL')
	sqlite.pragma('synchronous = NORMAL')
	sqlite.pragma('foreign_keys = ON')
	sqlite.pragma('busy_timeout = 5000')
	const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) })
	return { db, dialect: 'sqlite', close: () => db.destroy() }
}

/**
 * Kysely prepares every query anew; keeping the most recent statements by
 * their SQL text saves that on hot paths (a sync runs six). Kysely runs one
 * query at a time on the connection, so a statement is never in use twice.
 */
const MAX_CACHED_SQL = 2000

function cachingStatements(sqlite: SQLite.Database, size = 200) {
	const statements = new Map<string, SQLite.Statement>()
	return {
		close: () => sqlite.close(),
		prepare(text: string) {
			// Long statements (multi-row inserts of an import) vary in shape and compile to large
			// programs: caching 200 of them held hundreds of megabytes. Hot paths are short.
			if (text.length > MAX_CACHED_SQL) return sqlite.prepare(text)
			let statement = statements.get(text)
			if (statement) statements.delete(text)
			else statement = sqlite.prepare(text)
			statements.set(text, statement)
			if (statements.size > size) statements.delete(statements.keys().next().value!)
			return statement
		},
	}
}

export async function migrateToLatest(handle: DatabaseHandle) {
	const provider: MigrationProvider = {
		async getMigrations() {
			return Object.fromEntries(
				Object.entries(migrations).map(([name, migration]) => [name, { up: (db: Kysely<unknown>) => migration.up(db, handle.dialect) }]),
			)
		},
	}
	const migrator = new Migrator({ db: handle.db, provider })
	const { error, results } = await migrator.migrateToLatest()
	if (error) {
		const failed = results?.find((r) => r.status === 'Error')
		throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
	}
	return results ?? []
}

export async function pingDatabase(handle: DatabaseHandle) {
	await sql`select 1`.execute(handle.db)
}

let shared: DatabaseHandle | undefined

/** The process-wide database, configured from the environment. */
export function getDatabase(): DatabaseHandle {
	if (!shared) {
		const env = getEnv()
		shared = createDatabase({
			databaseUrl: env.DATABASE_URL,
			sqliteFile: path.resolve(env.DATA_DIR, 'willow.sqlite'),
		})
	}
	return shared
}

/** Lets tests and benchmarks run the app against a database they made. */
export function setDatabaseForTests(handle: DatabaseHandle | undefined) {
	shared = handle
}

export async function closeDatabase() {
	const handle = shared
	shared = undefined
	await handle?.close()
}
