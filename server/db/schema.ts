import type { Generated } from 'kysely'
import type { AuthTables } from '../auth/tables.ts'
import type { CalendarTables } from '../calendar/tables.ts'
import type { CatalogTables } from '../catalog/tables.ts'
import type { DonateTables } from '../donate/tables.ts'
import type { ErrorReportsTables } from '../error-reports/tables.ts'
import type { PartnersTables } from '../partners/tables.ts'
import type { SourcesTables } from '../sources/tables.ts'
import type { SyncTables } from '../sync/tables.ts'

// Table types for Kysely. Times are epoch milliseconds (bigint columns, read
// back as numbers on both dialects); booleans are 0/1 integers so the same
// queries run on SQLite and PostgreSQL.

export interface UsersTable {
	id: string
	username: string
	/** Lower-cased copy for case-insensitive uniqueness and lookup. */
	username_lower: string
	email: string
	email_lower: string
	name: string
	password_hash: string
	is_donator: Generated<number>
	four_k_token: string | null
	created_at: number
	updated_at: number
}

export interface CoreTables {
	users: UsersTable
}

/** Every table; each feature declares its own in its module and joins them here. */
export interface Database
	extends
		CoreTables,
		AuthTables,
		ErrorReportsTables,
		DonateTables,
		CatalogTables,
		SyncTables,
		SourcesTables,
		CalendarTables,
		PartnersTables {}
