// npm run bench:calendar [-- --series=200 --iterations=200]
//
// Server time of a signed-in user's /calendar data (what the page's loader
// computes: the account's library read, each followed series' details and
// current seasons through the page-data cache, the calendar rules) on SQLite
// with the demo catalogue. The demo has about 100 running and ended series;
// to reach --series, copies of them are added under new ids (same episodes
// and air dates). First a cold run (empty cache), then --iterations warm runs:
// p50/p95/max. Goal: p95 ≤ 50 ms for 200 series. Not a timed test: it prints figures.
import { performance } from 'node:perf_hooks'
import { userCalendar } from '#server/calendar/calendar.server.ts'
import { seedDemo } from '#server/catalog/demo.server.ts'
import { titleKey } from '#server/catalog/tables.ts'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { syncBookmarks } from '#server/sync/bookmarks.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]))
const SERIES = Number(args.get('series') ?? 200)
const ITERATIONS = Number(args.get('iterations') ?? 200)
const COPY_OFFSET = 50_000_000

delete process.env.TMDB_API_KEY
delete process.env.TMDB_READ_TOKEN
delete process.env.REDIS_URL
resetEnvForTests()
const testDb = await createTestDatabase('sqlite')
const { db } = testDb.handle
await seedDemo(testDb.handle)
setDatabaseForTests(testDb.handle)

// Copies of the demo series under new ids until there are enough.
const shows = await db.selectFrom('catalog_titles').selectAll().where('media_type', '=', 'tv').execute()
const ids = shows.map((show) => show.id)
for (let copy = 1; ids.length < SERIES; copy++) {
	for (const show of shows) {
		if (ids.length >= SERIES) break
		const id = show.id + copy * COPY_OFFSET
		await db
			.insertInto('catalog_titles')
			.values({ ...show, id, key: titleKey('tv', id) })
			.execute()
		const seasons = await db.selectFrom('catalog_seasons').selectAll().where('show_id', '=', show.id).execute()
		if (seasons.length)
			await db
				.insertInto('catalog_seasons')
				.values(seasons.map((season) => ({ ...season, show_id: id, id: season.id + copy * COPY_OFFSET })))
				.execute()
		const episodes = await db.selectFrom('catalog_episodes').selectAll().where('show_id', '=', show.id).execute()
		for (let start = 0; start < episodes.length; start += 200) {
			await db
				.insertInto('catalog_episodes')
				.values(episodes.slice(start, start + 200).map((episode) => ({ ...episode, show_id: id, id: episode.id + copy * COPY_OFFSET })))
				.execute()
		}
		ids.push(id)
	}
}

const now = Date.now()
const userId = 'bench-calendar-user'
await db
	.insertInto('users')
	.values({
		id: userId,
		username: 'bench',
		username_lower: 'bench',
		email: 'bench@example.com',
		email_lower: 'bench@example.com',
		name: 'bench',
		password_hash: 'x',
		four_k_token: null,
		created_at: now,
		updated_at: now,
	})
	.execute()
await syncBookmarks(testDb.handle, userId, {
	bookmarks: ids
		.slice(0, SERIES)
		.map((id, i) => ({ mediaId: id, category: 'watchlist', addedAt: now - i, mediaType: 'tv' as const, title: `Series ${id}` })),
	tombstones: [],
})

const coldStart = performance.now()
const first = await userCalendar(userId)
const cold = performance.now() - coldStart
const times: number[] = []
for (let i = 0; i < ITERATIONS; i++) {
	const start = performance.now()
	await userCalendar(userId)
	times.push(performance.now() - start)
}
times.sort((a, b) => a - b)
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1)
console.log(
	`calendar of ${first.seriesCount} series on SQLite (demo catalogue${ids.length > shows.length ? ` + copies, ${shows.length} originals` : ''}); ${first.upcoming.length} days with episodes, ${first.recent.length} recent unwatched`,
)
console.log(`cold (empty page-data cache): ${cold.toFixed(1)} ms`)
console.log(`warm, ${ITERATIONS} runs: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${times.at(-1)!.toFixed(1)} ms (goal p95 ≤ 50 ms)`)
await testDb.destroy()
process.exit(0)
