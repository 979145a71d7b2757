import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseImportItem, type ImportItem } from '#server/catalog/import-schema.ts'
import { createLocalCatalog } from '#server/catalog/local.server.ts'
import { WatchProvidersSchema } from '#server/catalog/schemas.ts'
import { parseCatalogRoute } from '#server/catalog/tmdb-paths.ts'
import { upsertTitles } from '#server/catalog/title-store.server.ts'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { watchOffers } from '#server/db/migrations/0014-watch-offers.ts'
import { artSubject } from '#server/images/api.server.ts'
import { readFixture } from '#tests/support/catalog-fixtures.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

// Where to watch in the local catalogue (migration 0014): streaming, rent and
// buy offers per region with the providers' names and logos, answered in
// TMDB's watch/providers shape; the copy of older streaming links; the
// drawn provider logos the image route allows.

type Providers = {
	id: number
	results: Record<
		string,
		{
			link: string
			flatrate?: Array<{ provider_id: number; provider_name: string; logo_path: string; display_priority: number }>
			rent?: unknown[]
			buy?: unknown[]
		}
	>
}

const fixture = readFixture<{ id: number; results: Record<string, Record<string, unknown>> }>('movie-550-watch-providers.json')

function item(raw: Record<string, unknown>): ImportItem {
	const parsed = parseImportItem(raw)
	if (!parsed.ok) throw new Error(parsed.error)
	return parsed.item
}

const fightClub = (results: Record<string, unknown>) =>
	item({
		media_type: 'movie',
		id: 550,
		title: 'Fight Club',
		genre_ids: [18],
		release_date: '1999-10-15',
		popularity: 60,
		'watch/providers': { results },
	})

const ids = (list: Array<{ provider_id: number }> | undefined) => list?.map((p) => p.provider_id)

describe.each(DIALECTS)('watch offers on %s', (dialect) => {
	let testDb: TestDatabase
	beforeAll(async () => {
		testDb = await createTestDatabase(dialect)
	})
	afterAll(async () => {
		setDatabaseForTests(undefined)
		await testDb?.destroy()
	})

	const providersOf = async (media: 'movie' | 'tv', id: number) =>
		(await createLocalCatalog(testDb.handle).get(parseCatalogRoute(`/${media}/${id}/watch/providers`))) as Providers

	it("stores every region's streaming, rent and buy offers and answers them as TMDB does", async () => {
		await upsertTitles(testDb.handle, [fightClub(fixture.results)])
		const answer = await providersOf('movie', 550)
		expect(WatchProvidersSchema.safeParse(answer).success).toBe(true)
		expect(Object.keys(answer.results).sort()).toEqual(Object.keys(fixture.results).sort())
		for (const region of ['US', 'GB', 'DE', 'FR']) {
			const theirs = fixture.results[region] as Providers['results'][string]
			const ours = answer.results[region]!
			expect(ours.link).toBe(theirs.link)
			for (const kind of ['flatrate', 'rent', 'buy'] as const)
				expect({ region, kind, list: ours[kind] }).toEqual({ region, kind, list: theirs[kind] })
		}
		// Appended to the details too.
		const details = (await createLocalCatalog(testDb.handle).get(
			parseCatalogRoute('/movie/550', { append_to_response: 'watch/providers' }),
		)) as { 'watch/providers': Providers }
		expect(ids(details['watch/providers'].results.US?.rent as Array<{ provider_id: number }>)).toEqual([2, 10, 3, 192, 7, 68, 358])
		// Browsing by provider still means streaming: renting on Apple TV does not list it under provider 2.
		const local = createLocalCatalog(testDb.handle)
		const apple = (await local.get(parseCatalogRoute('/discover/movie', { with_watch_providers: '2', watch_region: 'US' }))) as {
			results: unknown[]
		}
		expect(apple.results).toEqual([])
		const peacock = (await local.get(parseCatalogRoute('/discover/movie', { with_watch_providers: '387', watch_region: 'US' }))) as {
			results: Array<{ id: number }>
		}
		expect(peacock.results.map((r) => r.id)).toEqual([550])
	})

	it('replaces a title’s offers on the next import; providers keep their logo when an answer lacks it', async () => {
		await upsertTitles(testDb.handle, [
			fightClub({
				GB: {
					link: 'https://www.themoviedb.org/movie/550/watch?locale=GB',
					buy: [{ provider_id: 2, provider_name: 'Apple TV', display_priority: 3 }],
					rent: [{ provider_id: 2, provider_name: 'Apple TV', display_priority: 3 }],
				},
				xx: { link: 'nowhere', buy: [{ provider_id: 2, provider_name: 'Apple TV' }] },
			}),
		])
		const answer = await providersOf('movie', 550)
		expect(answer.results).toEqual({
			GB: {
				link: 'https://www.themoviedb.org/movie/550/watch?locale=GB',
				rent: [{ logo_path: '/9ghgSC0MA082EL6HLCW3GalykFD.jpg', provider_id: 2, provider_name: 'Apple TV', display_priority: 3 }],
				buy: [{ logo_path: '/9ghgSC0MA082EL6HLCW3GalykFD.jpg', provider_id: 2, provider_name: 'Apple TV', display_priority: 3 }],
			},
		})
		const count = await testDb.handle.db
			.selectFrom('catalog_title_offers')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow()
		expect(Number(count.n)).toBe(2)
		// A title without any offer answers an empty results object; an unknown title is a 404.
		await upsertTitles(testDb.handle, [item({ media_type: 'tv', id: 1399, name: 'Game of Thrones' })])
		expect(await providersOf('tv', 1399)).toEqual({ id: 1399, results: {} })
		await expect(providersOf('tv', 999_999)).rejects.toMatchObject({ status: 404 })
	})

	it('migration 0014 copies older streaming links as offers, named after the networks Willow knows', async () => {
		const db = testDb.handle.db
		await upsertTitles(testDb.handle, [item({ media_type: 'movie', id: 155, title: 'The Dark Knight' })])
		await sql`DROP TABLE catalog_title_offers`.execute(db)
		await sql`DROP TABLE catalog_watch_providers`.execute(db)
		await db.deleteFrom('catalog_title_providers').execute()
		await db
			.insertInto('catalog_title_providers')
			.values([
				{ title_key: 310, media_type: 'movie', region: 'US', provider_id: 1899, popularity: 1 },
				{ title_key: 310, media_type: 'movie', region: 'US', provider_id: 8, popularity: 1 },
				{ title_key: 310, media_type: 'movie', region: 'CA', provider_id: 230, popularity: 1 },
			])
			.execute()
		await watchOffers.up(db, dialect)
		const answer = await providersOf('movie', 155)
		expect(Object.keys(answer.results)).toEqual(['CA', 'US'])
		expect(answer.results.US).toEqual({
			link: 'https://www.themoviedb.org/movie/155/watch?locale=US',
			flatrate: [
				{ logo_path: '/art/logo/provider-8.webp', provider_id: 8, provider_name: 'Netflix', display_priority: 1 },
				{ logo_path: '/art/logo/provider-1899.webp', provider_id: 1899, provider_name: 'HBO Max', display_priority: 4 },
			],
		})
		expect(answer.results.CA?.flatrate?.[0]).toMatchObject({ provider_id: 230, provider_name: 'Provider 230' })
	})

	it('lets the image route draw a provider logo only when the catalogue gives that drawn logo (or none)', async () => {
		setDatabaseForTests(testDb.handle)
		await upsertTitles(testDb.handle, [
			fightClub({
				US: {
					link: 'x',
					buy: [
						{ provider_id: 3, provider_name: 'Google Play Movies', logo_path: '/art/logo/provider-3.webp', display_priority: 1 },
						{ provider_id: 10, provider_name: 'Amazon Video', logo_path: '/seGSXajazLMCKGB5hnRCidtjay1.jpg', display_priority: 2 },
						{ provider_id: 68, provider_name: 'Microsoft Store', display_priority: 3 },
					],
				},
			}),
		])
		expect(await artSubject('logo', 'provider-3')).toEqual({ seed: 'provider-3', title: 'Google Play Movies', tile: true })
		expect(await artSubject('logo', 'provider-68')).toEqual({ seed: 'provider-68', title: 'Microsoft Store', tile: true })
		// Its logo is TMDB's image: nothing is drawn in its name.
		expect(await artSubject('logo', 'provider-10')).toBeUndefined()
		expect(await artSubject('poster', 'provider-3')).toBeUndefined()
		expect(await artSubject('logo', 'provider-424242')).toBeUndefined()
		// The networks Willow knows are drawn whatever the catalogue holds.
		expect(await artSubject('logo', 'provider-8')).toMatchObject({ title: 'Netflix', tile: true })
	})
})
