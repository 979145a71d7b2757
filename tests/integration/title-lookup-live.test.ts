import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryCache } from '#server/cache/cache.server.ts'
import { setCatalogBackendForTests } from '#server/catalog/catalog.server.ts'
import { createLiveCatalog } from '#server/catalog/live.server.ts'
import { logger } from '#server/logger.server.ts'
import { createMatcher } from '#server/sources/media-folder/naming-match.server.ts'
import { parseMediaPath } from '#server/sources/media-folder/naming.ts'
import { readFixture } from '#tests/support/catalog-fixtures.ts'

// The shared matcher on the live path: TMDB's search finds a title by a name
// its answer does not show, so the matcher reads the title's details with
// append_to_response=alternative_titles and places absolute episode numbers
// with the details' season lengths. TMDB is faked in-process through the live
// catalogue's fetch; the details answer is TMDB's real GET /tv/1399
// (tests/fixtures/tmdb/tv-1399.json: seasons of 10, 10, 10, …, specials
// first) with an alternative title this test adds.

const quiet = logger.child({})
quiet.level = 'silent'
const GOT = readFixture<Record<string, unknown>>('tv-1399.json')
const ALTERNATIVE = 'Le Trone de Fer'
const requests: URL[] = []

async function fakeTmdb(input: string | URL | Request): Promise<Response> {
	const url = new URL(input instanceof Request ? input.url : input)
	requests.push(url)
	const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
	if (url.pathname.endsWith('/search/multi')) {
		const query = url.searchParams.get('query')
		// TMDB's search matches alternative titles, but its results carry only the title and original title.
		const found = !!query && (query.startsWith('Game of Thrones') || query.startsWith(ALTERNATIVE))
		return json({ page: 1, total_pages: 1, total_results: found ? 1 : 0, results: found ? [{ ...GOT, media_type: 'tv' }] : [] })
	}
	if (url.pathname.endsWith('/tv/1399')) {
		const appends = (url.searchParams.get('append_to_response') ?? '').split(',')
		return json({
			...GOT,
			...(appends.includes('alternative_titles')
				? { alternative_titles: { id: 1399, results: [{ iso_3166_1: 'FR', title: ALTERNATIVE, type: '' }] } }
				: {}),
		})
	}
	return new Response(JSON.stringify({ status_code: 34, status_message: 'The resource you requested could not be found.' }), {
		status: 404,
	})
}

beforeAll(() => {
	setCatalogBackendForTests(
		createLiveCatalog({
			apiBase: 'https://api.themoviedb.org/3',
			apiKey: 'test',
			cache: createMemoryCache(),
			logger: quiet,
			fetch: fakeTmdb as typeof fetch,
		}),
	)
})
afterAll(() => setCatalogBackendForTests(undefined))

describe('the title matcher against live TMDB', () => {
	it('matches an alternative title read from details with append_to_response=alternative_titles', async () => {
		const outcome = await createMatcher()(parseMediaPath(`${ALTERNATIVE}/Season 1/${ALTERNATIVE} - S01E02.mkv`))
		expect(outcome).toMatchObject({ status: 'matched', candidate: { id: 1399, type: 'show' }, season: 1, episode: 2 })
		const details = requests.find((url) => url.pathname.endsWith('/tv/1399'))
		expect(details?.searchParams.get('append_to_response')?.split(',')).toContain('alternative_titles')
	})

	it('places a fansub absolute number with TMDB’s season lengths, specials left out', async () => {
		const match = createMatcher()
		expect(await match(parseMediaPath('[Group] Game of Thrones - 11 (1080p) [ABCD1234].mkv'))).toMatchObject({ season: 2, episode: 1 })
		expect(await match(parseMediaPath('[Group] Game of Thrones - 67 (1080p) [ABCD1234].mkv'))).toMatchObject({ season: 7, episode: 7 })
		expect(await match(parseMediaPath('[Group] Game of Thrones - 73 (1080p) [ABCD1234].mkv'))).toMatchObject({ season: 8, episode: 6 })
	})

	it('matches no sequel or other year by way of an alternative title', async () => {
		const match = createMatcher()
		expect(await match(parseMediaPath('Le Trone de Fer 2 - S01E01.mkv'))).toMatchObject({ status: 'unmatched' })
		expect(await match(parseMediaPath('Le Trone de Fer (1990)/Season 1/S01E01.mkv'))).toMatchObject({ status: 'unmatched' })
	})
})
