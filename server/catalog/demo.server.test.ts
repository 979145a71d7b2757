import { beforeAll, describe, expect, it } from 'vitest'
import { applyDemoDates, demoCataloguePath, readDemoCatalogue } from './demo.server.ts'
import type { ImportItem } from './import-schema.ts'

// The "relative to now" dates of the committed demo catalogue: announced films
// stay ahead, and each airing series' latest season is half aired, daily or
// weekly as the show airs.

const NOW = new Date('2027-03-10T12:00:00Z')
const TODAY = '2027-03-10'
const DAY = 86_400_000

let items: Awaited<ReturnType<typeof readDemoCatalogue>>
beforeAll(async () => {
	items = await readDemoCatalogue(demoCataloguePath()!)
})

function find(id: number, kind: 'movie' | 'tv') {
	const item = items.find((i) => i.id === id && i.kind === kind)
	if (!item) throw new Error(`${kind} ${id} is not in the demo catalogue`)
	return item
}

function latestSeason(item: ImportItem) {
	if (item.kind !== 'tv' || !item.seasons?.length) throw new Error('not a series with seasons')
	return item.seasons.reduce((a, b) => (b.season_number > a.season_number ? b : a))
}

const gaps = (dates: string[]) => dates.slice(1).map((date, i) => (Date.parse(date) - Date.parse(dates[i]!)) / DAY)

describe('applyDemoDates', () => {
	it('moves an announced film whose date has passed forward by whole years', () => {
		const doomsday = find(1003596, 'movie')
		expect(doomsday.kind === 'movie' && doomsday.release_date).toBe('2026-12-18')
		const dated = applyDemoDates(doomsday, NOW)
		expect(dated.kind === 'movie' && dated.release_date).toBe('2027-12-18')
	})

	it('airs a weekly show weekly, even with a 52-episode season (Raw), about half of it aired', () => {
		const dated = applyDemoDates(find(4656, 'tv'), NOW)
		const episodes = latestSeason(dated).episodes ?? []
		expect(episodes.length).toBeGreaterThanOrEqual(52)
		expect(new Set(gaps(episodes.map((e) => e.air_date!)))).toEqual(new Set([7]))
		const aired = episodes.filter((e) => e.air_date! <= TODAY).length
		expect(aired).toBe(Math.ceil(episodes.length / 2))
		expect(dated.kind === 'tv' && dated.next_episode_to_air?.air_date).toBe(episodes[aired]!.air_date)
	})

	it('airs a daily soap (a 260-episode season) every day', () => {
		const episodes = latestSeason(applyDemoDates(find(206559, 'tv'), NOW)).episodes ?? []
		expect(episodes.length).toBe(260)
		expect(new Set(gaps(episodes.map((e) => e.air_date!)))).toEqual(new Set([1]))
	})

	it('takes the highest season number as the current one when TMDB skips numbers (Watch What Happens Live)', () => {
		const show = find(22980, 'tv')
		const numbers = show.kind === 'tv' ? (show.seasons ?? []).map((s) => s.season_number) : []
		expect(numbers).not.toContain(11)
		const dated = applyDemoDates(show, NOW)
		const latest = latestSeason(dated)
		expect(latest.season_number).toBe(21)
		expect(latest.episodes?.some((e) => e.air_date! <= TODAY && Date.parse(e.air_date!) > NOW.getTime() - 60 * DAY)).toBe(true)
		// The earlier seasons keep their own dates.
		const before = dated.kind === 'tv' ? dated.seasons?.find((s) => s.season_number === 10) : undefined
		expect(before?.air_date && before.air_date < '2027-01-01').toBe(true)
	})
})
