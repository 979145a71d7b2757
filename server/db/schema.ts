import type { Generated } from 'kysely'
import type { AuthTables } from '../auth/tables.ts'
import type { CalendarTables } from '../calendar/tables.ts'
import type { CatalogTables } from '../catalog/tables.ts'
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

export interface SessionsTable {
	/** SHA-256 of the cookie secret: a leaked table does not leak sessions. */
	id: string
	user_id: string
	created_at: number
	expires_at: number
	/** Last use (refreshed at most every SESSION_TOUCH_MS), for the idle timeout. */
	last_seen_at: number
	user_agent: string | null
}

/** Error-screen reports kept for the owner (server/api/error-report.server.ts). */
export interface ErrorReportsTable {
	id: string
	created_at: number
	report: string
}

/** Donations the owner records (server/donate/). */
export interface DonationsTable {
	id: string
	currency: string
	amount: number
	usd: number
	donor: string | null
	message: string | null
	donated_at: number
}

export interface CoreTables {
	users: UsersTable
	sessions: SessionsTable
	error_reports: ErrorReportsTable
	donations: DonationsTable
}

/** Every table; each feature declares its own in its module and joins them here. */
export interface Database extends CoreTables, AuthTables, CatalogTables, SyncTables, SourcesTables, CalendarTables, PartnersTables {}
