import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as categoryLoader } from '#app/routes/category.tsx'
import { loader as networkLoader } from '#app/routes/network.tsx'
import { createMemoryCache, setCacheForTests } from '#server/cache/cache.server.ts'
import { setCatalogBackendForTests } from '#server/catalog/catalog.server.ts'

// Page loaders read the catalogue through the page-data cache: loading the same
// page twice asks the catalogue back end once per list, not once per request.
const backendCalls: string[] = []

function discoverPage(kind: string) {
	const results = Array.from({ length: 20 }, (_, index) =>
		kind === 'movie'
			? { id: index + 1, title: `Movie ${index + 1}`, poster_path: null, release_date: '2020-01-01', vote_average: 7 }
			: { id: index + 1, name: `Series ${index + 1}`, poster_path: null, first_air_date: '2020-01-01', vote_average: 7 },
	)
	return { page: 1, results, total_pages: 3, total_results: 60 }
}

beforeAll(() => {
	setCacheForTests(createMemoryCache())
	setCatalogBackendForTests({
		async get(route) {
			backendCalls.push(JSON.stringify(route))
			return discoverPage(route.name === 'discover' ? route.media : 'movie')
		},
	})
})

afterAll(() => {
	setCatalogBackendForTests(undefined)
	setCacheForTests(undefined)
})

type LoaderArgs<Loader extends (args: never) => unknown> = Parameters<Loader>[0]

function loaderArgs<Loader extends (args: never) => unknown>(url: string, params: Record<string, string>) {
	return { request: new Request(url), params, context: {} } as unknown as LoaderArgs<Loader>
}

describe('page data cache', () => {
	it('serves a repeated category page from the cache', async () => {
		backendCalls.length = 0
		const args = loaderArgs<typeof categoryLoader>('http://willow.test/categories/action', { category: 'action' })
		const first = await categoryLoader(args)
		const callsForFirst = backendCalls.length
		expect(callsForFirst).toBeGreaterThan(0)
		expect(first).toMatchObject({ state: 'found', failed: false })
		await categoryLoader(args)
		expect(backendCalls.length).toBe(callsForFirst)
	})

	it('serves a repeated network page from the cache', async () => {
		backendCalls.length = 0
		const args = loaderArgs<typeof networkLoader>('http://willow.test/networks/netflix', { network: 'netflix' })
		const first = await networkLoader(args)
		const callsForFirst = backendCalls.length
		expect(callsForFirst).toBeGreaterThan(0)
		expect(first).toMatchObject({ state: 'found', failed: false })
		await networkLoader(args)
		expect(backendCalls.length).toBe(callsForFirst)
	})
})
