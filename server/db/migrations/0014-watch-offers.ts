import { sql } from 'kysely'
import type { Migration } from './types.ts'

/**
 * Where to watch: every streaming (flatrate), rent and buy offer of a title
 * per region, and the providers' names and logos (decision 0031). The older
 * catalog_title_providers keeps the streaming links that browsing filters by;
 * its rows are copied here as streaming offers, so titles stored before this
 * migration keep them until they are imported again.
 */
export const watchOffers: Migration = {
	async up(db) {
		await db.schema
			.createTable('catalog_watch_providers')
			.addColumn('provider_id', 'integer', (c) => c.primaryKey())
			.addColumn('provider_name', 'text', (c) => c.notNull())
			.addColumn('logo_path', 'text')
			.execute()
		await db.schema
			.createTable('catalog_title_offers')
			.addColumn('title_key', 'integer', (c) => c.notNull().references('catalog_titles.key').onDelete('cascade'))
			.addColumn('region', 'text', (c) => c.notNull())
			// 'flatrate' | 'rent' | 'buy', as TMDB names them.
			.addColumn('kind', 'text', (c) => c.notNull())
			.addColumn('provider_id', 'integer', (c) => c.notNull())
			.addColumn('display_priority', 'integer', (c) => c.notNull().defaultTo(0))
			.addPrimaryKeyConstraint('catalog_title_offers_pk', ['title_key', 'region', 'kind', 'provider_id'])
			.execute()
		await db
			.insertInto('catalog_title_offers')
			.columns(['title_key', 'region', 'kind', 'provider_id', 'display_priority'])
			.expression((eb) =>
				eb
					.selectFrom('catalog_title_providers')
					.select(['title_key', 'region', sql<string>`'flatrate'`.as('kind'), 'provider_id', sql<number>`0`.as('display_priority')]),
			)
			.execute()
	},
}
