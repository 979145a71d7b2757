import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely'
import type { Dialect } from '../db/db.server.ts'
import type { Database } from '../db/schema.ts'

// SQL helpers of the account sync: statements that run the same on SQLite and PostgreSQL.

export type Db = Kysely<Database> | Transaction<Database>

/** Byte-order text comparison on both dialects (SQLite's default; "C" collation on PostgreSQL). */
export function byteOrder(dialect: Dialect) {
	return sql.raw(dialect === 'postgres' ? ' collate "C"' : '')
}

export interface BulkColumn {
	name: string
	/** PostgreSQL type for jsonb_to_recordset. */
	pgType: 'integer' | 'bigint' | 'text'
}

/**
 * One statement that upserts many rows, passed as a single JSON parameter
 * (json_each on SQLite, jsonb_array_elements on PostgreSQL): far cheaper than
 * thousands of bound parameters, and no chunking. `winWhen` is the merge rule
 * deciding whether the incoming row (excluded) replaces the stored one.
 * Table and column names are constants of the sync modules, never user input.
 * Returns the statement, or undefined when there is nothing to write.
 */
export function bulkUpsert(
	dialect: Dialect,
	table: string,
	userId: string,
	columns: BulkColumn[],
	conflict: string[],
	rows: Array<Record<string, unknown>>,
	winWhen: RawBuilder<unknown>,
): RawBuilder<unknown> | undefined {
	if (rows.length === 0) return undefined
	const names = columns.map((column) => column.name)
	const insertColumns = sql.raw(['user_id', ...names].join(', '))
	const updates = sql.raw(names.map((name) => `${name} = excluded.${name}`).join(', '))
	const conflictTarget = sql.raw(conflict.join(', '))
	const payload = JSON.stringify(rows.map((row) => names.map((name) => row[name])))
	if (dialect === 'sqlite') {
		const extracts = sql.raw(names.map((_, i) => `json_extract(value, '$[${i}]')`).join(', '))
		return sql`insert into ${sql.raw(table)} (${insertColumns}) select ${userId}, ${extracts} from json_each(${payload}) where true on conflict (${conflictTarget}) do update set ${updates} where ${winWhen}`
	}
	const extracts = sql.raw(columns.map((column, i) => `(value->>${i})::${column.pgType}`).join(', '))
	return sql`insert into ${sql.raw(table)} (${insertColumns}) select ${userId}, ${extracts} from jsonb_array_elements(${payload}::jsonb) on conflict (${conflictTarget}) do update set ${updates} where ${winWhen}`
}
