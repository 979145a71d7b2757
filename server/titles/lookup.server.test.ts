import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCatalogBackendForTests } from '../catalog/catalog.server.ts'
import { createTitleLookup } from './lookup.server.ts'

// One lookup serves a whole scan or import: it asks the catalogue once per
// recent name or title, and keeps only a few hundred answers, so a first scan
// of tens of thousands of names does not hold (or promote to V8's old
// generation) an answer for each (issue 28).

const asked = new Map<string, number>()
const ask = (key: string) => asked.set(key, (asked.get(key) ?? 0) + 1)

beforeAll(() => {
	setCatalogBackendForTests({
		async get(route) {
			if (route.name === 'search') {
				ask(`search:${route.query.query}`)
				return { page: 1, results: [{ id: 1, media_type: 'movie', title: route.query.query, release_date: '2001-01-01' }] }
			}
			if (route.name === 'details') {
				ask(`details:${route.id}`)
				return { id: route.id, title: `Title ${route.id}`, release_date: '2001-01-01', alternative_titles: { titles: [] } }
			}
			throw new Error(`unexpected route ${route.name}`)
		},
	})
})

afterAll(() => setCatalogBackendForTests(undefined))

describe('title lookup cache', () => {
	it('asks the catalogue once for a name or title asked again soon after', async () => {
		asked.clear()
		const lookup = createTitleLookup()
		for (let i = 0; i < 3; i++) {
			await lookup.search('Recent Name')
			await lookup.details('movie', 42)
		}
		expect(asked.get('search:Recent Name')).toBe(1)
		expect(asked.get('details:42')).toBe(1)
	})

	it('keeps a few hundred answers, not one per name of a big scan: a name 1,000 names back is asked again', async () => {
		asked.clear()
		const lookup = createTitleLookup()
		await lookup.search('First Name')
		await lookup.details('movie', 1)
		for (let i = 0; i < 1000; i++) {
			await lookup.search(`Other Name ${i}`)
			await lookup.details('movie', 1000 + i)
		}
		await lookup.search('First Name')
		await lookup.details('movie', 1)
		expect(asked.get('search:First Name')).toBe(2)
		expect(asked.get('details:1')).toBe(2)
	})
})
