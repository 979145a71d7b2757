import type { Kysely } from 'kysely'

export type Dialect = 'sqlite' | 'postgres'

/**
 * A migration receives the dialect so the rare dialect-specific statement
 * (full-text indexes, say) lives next to the portable ones.
 */
export interface Migration {
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as typed now
	up(db: Kysely<any>, dialect: Dialect): Promise<void>
}
