import { describe, expect, it } from 'vitest'
import fixture from '#tests/fixtures/tmdb/movie-550-watch-providers.json'
import {
	chooseWatchRegion,
	compactWatchOptions,
	offersIn,
	regionFromLanguages,
	regionName,
	regionOptions,
	WATCH_REGION_SETTING,
	WATCH_REGIONS,
	type TmdbWatchResults,
} from './watch-providers.ts'

describe('watch region', () => {
	it('follows the setting when one is chosen', () => {
		expect(chooseWatchRegion('DE', ['en-GB'])).toBe('DE')
		// A region TMDB may add later is kept as chosen.
		expect(chooseWatchRegion('XK', [])).toBe('XK')
	})

	it('else takes the first browser language that names a known region', () => {
		expect(chooseWatchRegion('auto', ['en-GB', 'en'])).toBe('GB')
		expect(chooseWatchRegion(undefined, ['fr-CA'])).toBe('CA')
		expect(regionFromLanguages(['zh-Hant-TW'])).toBe('TW')
		expect(regionFromLanguages(['pt_br'])).toBe('BR')
		// A region TMDB has no data for: the next language decides.
		expect(regionFromLanguages(['en-XA', 'de-AT'])).toBe('AT')
	})

	it("falls back to a bare language's usual region, then to US", () => {
		expect(regionFromLanguages(['de'])).toBe('DE')
		expect(regionFromLanguages(['es-419'])).toBe('ES')
		expect(regionFromLanguages(['tlh'])).toBeUndefined()
		expect(chooseWatchRegion('auto', ['tlh'])).toBe('US')
		expect(chooseWatchRegion('auto', [])).toBe('US')
		expect(chooseWatchRegion('nonsense', [])).toBe('US')
	})

	it('names regions and offers them sorted by name; the setting accepts auto or a code', () => {
		expect(regionName('GB')).toBe('United Kingdom')
		expect(regionName('XK')).toBe('XK')
		const options = regionOptions()
		expect(options).toHaveLength(WATCH_REGIONS.length)
		expect(options[0]).toEqual({ value: 'AL', label: 'Albania' })
		expect(options.map((o) => o.label)).toEqual(
			options
				.map((o) => o.label)
				.slice()
				.sort(),
		)
		expect(['auto', 'US'].every((v) => WATCH_REGION_SETTING.test(v))).toBe(true)
		expect(['us', 'USA', '', 'auto2'].some((v) => WATCH_REGION_SETTING.test(v))).toBe(false)
	})
})

describe('watch offers', () => {
	const options = compactWatchOptions(fixture.results as TmdbWatchResults)

	it("keeps TMDB's regions with offers and each provider once, with its name and logo", () => {
		expect(Object.keys(options.regions)).toHaveLength(Object.keys(fixture.results).length)
		expect(options.providers[8]).toEqual({ id: 8, name: 'Netflix', logo: '/pbpMk2JmcoNnQwx5JGpXngfoWtp.jpg' })
		expect(options.regions.US).toMatchObject({ link: 'https://www.themoviedb.org/movie/550-fight-club/watch?locale=US', flatrate: [387] })
	})

	it('groups one region as Stream, Rent, Buy in display order', () => {
		const { link, groups } = offersIn(options, 'GB')
		expect(link).toBe('https://www.themoviedb.org/movie/550-fight-club/watch?locale=GB')
		expect(groups.map((g) => g.label)).toEqual(['Stream', 'Rent', 'Buy'])
		expect(groups[0]!.providers.map((p) => p.name)).toEqual([
			'Netflix',
			'Disney Plus',
			'MUBI',
			'MUBI Amazon Channel',
			'Netflix basic with Ads',
		])
		expect(groups[2]!.providers.map((p) => p.id)).toEqual([2, 10, 3, 130, 68, 192, 35])
	})

	it('sorts by display priority, drops repeats, empty kinds and regions with nothing; unknown regions have no groups', () => {
		const compact = compactWatchOptions({
			US: {
				link: 'https://example.org/us',
				rent: [
					{ provider_id: 3, provider_name: 'Google Play Movies', logo_path: null, display_priority: 9 },
					{ provider_id: 2, provider_name: 'Apple TV', logo_path: '/a.jpg', display_priority: 1 },
					{ provider_id: 2, provider_name: 'Apple TV', logo_path: '/a.jpg', display_priority: 1 },
				],
			},
			DE: { link: 'https://example.org/de', flatrate: [] },
			us: { link: 'x', buy: [{ provider_id: 9, provider_name: 'x' }] },
		})
		expect(Object.keys(compact.regions)).toEqual(['US'])
		expect(offersIn(compact, 'US').groups).toEqual([
			{
				kind: 'rent',
				label: 'Rent',
				providers: [
					{ id: 2, name: 'Apple TV', logo: '/a.jpg' },
					{ id: 3, name: 'Google Play Movies', logo: null },
				],
			},
		])
		expect(offersIn(compact, 'DE')).toEqual({ link: null, groups: [] })
		expect(compactWatchOptions(undefined)).toEqual({ providers: {}, regions: {} })
	})
})
