import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MatchedImportRow } from '#app/lib/library/import-plan.ts'
import { seedDemo } from '#server/catalog/demo.server.ts'
import { importIntoAccount } from '#server/library-import/import.server.ts'
import { readBookmarks, syncBookmarks } from '#server/sync/bookmarks.server.ts'
import { readWatchHistory } from '#server/sync/watch-history.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { ApiClient, startApi, type RunningApi } from '#tests/support/api-test-client.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'
import { FIXTURES_DIR } from '#tests/support/catalog-fixtures.ts'

// The Trakt/Letterboxd import preview against the demo catalogue.

const FILES = [
	'letterboxd-watchlist.csv',
	'letterboxd-watched.csv',
	'letterboxd-diary.csv',
	'trakt-watchlist.json',
	'trakt-watched-movies.json',
	'trakt-watched-shows.json',
]
const files = () =>
	FILES.map((name) => ({
		name: name.replace(/^(letterboxd|trakt)-/, ''),
		text: fs.readFileSync(path.join(FIXTURES_DIR, 'imports', name), 'utf8'),
	}))

interface Preview {
	matched: MatchedImportRow[]
	unmatched: Array<{ origin: string; reason: string }>
	error?: string
}

describe.each(DIALECTS)('library import preview on %s', (dialect) => {
	let testDb: TestDatabase
	let api: RunningApi
	let address = 0
	const client = () => new ApiClient(api.baseUrl, { 'x-forwarded-for': `203.0.113.${++address}` })
	beforeAll(async () => {
		process.env.TRUST_PROXY = 'true'
		delete process.env.TMDB_API_KEY
		delete process.env.TMDB_READ_TOKEN
		resetEnvForTests()
		testDb = await createTestDatabase(dialect)
		await seedDemo(testDb.handle)
		api = await startApi(testDb.handle)
	})
	afterAll(async () => {
		await api?.close()
		await testDb?.destroy()
		delete process.env.TRUST_PROXY
		resetEnvForTests()
	})

	it('matches by TMDB id, IMDb id, or title and year, and says why the rest did not match', async () => {
		const { status, body } = await client().post<Preview>('/api/library-import/preview', { files: files() })
		expect(status).toBe(200)
		const matched = body.matched.map((row) => `${row.origin}: ${row.match.mediaType} ${row.match.id}`)
		expect(matched).toEqual([
			'watchlist.csv line 2: movie 550',
			'watchlist.csv line 3: movie 120',
			'watched.csv line 2: movie 603',
			'watched.csv line 3: movie 27205',
			'diary.csv line 2: movie 27205',
			'diary.csv line 3: movie 27205',
			'diary.csv line 4: movie 129',
			'watchlist.json item 2: tv 1396',
			'watched-movies.json item 1: movie 157336',
			'watched-movies.json item 2: movie 550',
			'watched-shows.json item 1: tv 66732',
		])
		expect(body.matched.find((row) => row.match.id === 66732)?.episodes).toHaveLength(2)
		expect(body.unmatched).toEqual([
			{ origin: 'diary.csv line 5', reason: 'No film name' },
			{ origin: 'watchlist.csv line 4', reason: 'A Film That Is Not In Any Catalogue (2031) is not in the catalogue' },
			{ origin: 'watchlist.json item 1', reason: 'Blade Runner 2049 (2017) is not in the catalogue' },
			{ origin: 'watchlist.json item 3', reason: 'Unknown Trakt Film (2030) is not in the catalogue' },
		])
	})

	it('matches titles as people write them through the shared matcher, and no sequel, remake or same name of another year', async () => {
		const rows = [
			['Sen to Chihiro no Kamikakushi', '2001'], // an alternative (romanized) title
			['Le Fabuleux Destin d’Amélie Poulain', '2001'], // the original title
			['Interstelar', '2014'], // a typo, the year agreeing
			['Lord of the Rings: The Two Towers', '2002'], // no article
			['Amelie', '2002'], // no accent, the year one off
			['The Lion King', '2019'], // the remake
			['Kill Bill: Vol. 2', '2004'], // the sequel, one digit away
			['Titanic', '1953'], // the same name, another year
			['Alien', '1979'], // one letter from Aliens (1986)
		]
		const text = [
			'Date,Name,Year,Letterboxd URI',
			...rows.map(([name, year], i) => `2024-01-0${i + 1},"${name}",${year},https://boxd.it/t${i}`),
		].join('\n')
		const { body } = await client().post<Preview>('/api/library-import/preview', { files: [{ name: 'watched.csv', text }] })
		expect(body.matched.map((row) => `${row.origin}: ${row.match.id}`)).toEqual([
			'watched.csv line 2: 129',
			'watched.csv line 3: 194',
			'watched.csv line 4: 157336',
			'watched.csv line 5: 121',
			'watched.csv line 6: 194',
		])
		expect(body.unmatched.map((row) => row.origin)).toEqual([
			'watched.csv line 7',
			'watched.csv line 8',
			'watched.csv line 9',
			'watched.csv line 10',
		])
	})

	it('refuses files it cannot read with 400 { error }, and bodies too big', async () => {
		const bad = await client().post<Preview>('/api/library-import/preview', { files: [{ name: 'notes.txt', text: 'x' }] })
		expect(bad.status).toBe(400)
		expect(bad.body.error).toMatch(/Letterboxd's .csv files or Trakt's .json files/)
		expect((await client().post<Preview>('/api/library-import/preview', { files: [] })).status).toBe(400)
		expect((await client().post<Preview>('/api/library-import/preview', { files: [{ name: 'x.json', text: '{' }] })).body).toEqual({
			error: 'x.json is not JSON',
		})
		const huge = await client().post<Preview>('/api/library-import/preview', { files: [{ name: 'big.csv', text: 'x'.repeat(9_000_000) }] })
		expect(huge.status).toBe(413)
	})

	it("imports into an account (the owner's command): additions only, and a second run adds nothing", async () => {
		const browser = client()
		const tag = `${Date.now().toString(36)}${dialect}`
		await browser.post('/api/auth/signup', {
			username: `imp_${tag}`,
			email: `imp_${tag}@example.com`,
			password: 'import password',
			passwordConfirm: 'import password',
		})
		const userId = (await browser.get<{ user: { id: string } }>('/api/users/me')).body.user.id
		const later = Date.now()
		await syncBookmarks(testDb.handle, userId, {
			bookmarks: [{ mediaId: 550, category: 'watchlist', addedAt: later, mediaType: 'movie', title: 'Fight Club' }],
			tombstones: [],
		})

		const first = await importIntoAccount(testDb.handle, userId, files())
		expect(first.plan.duplicates.map((row) => row.origin)).toContain('watchlist.csv line 2')
		const bookmarks = await readBookmarks(testDb.handle.db, userId)
		expect(bookmarks.bookmarks.map((b) => `${b.mediaId}:${b.category}`).sort()).toEqual(
			[
				'120:watchlist',
				'129:watched',
				'1396:watchlist',
				'157336:watched',
				'27205:watched',
				'550:watched',
				'550:watchlist',
				'603:watched',
			].sort(),
		)
		// The account's own bookmark keeps its time.
		expect(bookmarks.bookmarks.find((b) => b.mediaId === 550 && b.category === 'watchlist')?.addedAt).toBe(later)
		const history = await readWatchHistory(testDb.handle.db, userId)
		expect(Object.keys(history.items).sort()).toEqual(['129', '157336', '27205', '550', '603', '66732'])

		const second = await importIntoAccount(testDb.handle, userId, files())
		expect(second.plan.bookmarks).toEqual([])
		expect(second.plan.history).toEqual({})
	})
})
