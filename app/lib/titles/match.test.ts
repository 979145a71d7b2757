import { describe, expect, it } from 'vitest'
import { chooseTitle, normaliseTitle, placeEpisode, shortNameOf, titleKey, yearOf, type TitleCandidate } from './match.ts'

describe('yearOf', () => {
	it('reads the year of a date, or null', () => {
		expect([
			yearOf('1999-10-15'),
			yearOf('2021'),
			yearOf(''),
			yearOf(null),
			yearOf(undefined),
			yearOf('19991015'),
			yearOf('0000-01-01'),
		]).toEqual([1999, 2021, null, null, null, null, null])
	})
})

describe('normaliseTitle and titleKey', () => {
	it('drops case, accents, apostrophes, punctuation and a leading article', () => {
		expect(normaliseTitle('The Lord of the Rings: The Two Towers')).toBe('lord of the rings the two towers')
		expect(normaliseTitle('Amélie')).toBe('amelie')
		expect(normaliseTitle("Howl's Moving Castle")).toBe('howls moving castle')
		expect(normaliseTitle('Law & Order')).toBe('law and order')
		expect(normaliseTitle('SPY×FAMILY')).toBe('spy x family')
		expect(normaliseTitle('A')).toBe('a')
		expect(normaliseTitle('Green Mile, The')).toBe('green mile')
	})
	it('ignores spaces for equality', () => {
		expect(titleKey('Spider-Man')).toBe(titleKey('Spiderman'))
		expect(titleKey('WALL·E')).toBe(titleKey('Wall E'))
		expect(titleKey('Naruto Shippūden')).toBe(titleKey('naruto shippuden'))
		expect(titleKey('Alien')).not.toBe(titleKey('Aliens'))
	})
})

describe('shortNameOf', () => {
	it('is the part before a subtitle', () => {
		expect(shortNameOf('Demon Slayer: Kimetsu no Yaiba')).toBe('Demon Slayer')
		expect(shortNameOf('Mission: Impossible - Ghost Protocol')).toBe('Mission')
		expect(shortNameOf('Spider-Man')).toBeNull()
		expect(shortNameOf('Dragon Ball Z')).toBeNull()
	})
})

const film = (id: number, title: string, year: number, extra: Partial<TitleCandidate> = {}): TitleCandidate => ({
	id,
	type: 'movie',
	title,
	year,
	...extra,
})
const show = (id: number, title: string, year: number, extra: Partial<TitleCandidate> = {}): TitleCandidate => ({
	id,
	type: 'show',
	title,
	year,
	...extra,
})

describe('chooseTitle', () => {
	const candidates = [
		film(841, 'Dune', 1984, { popularity: 20 }),
		film(438631, 'Dune', 2021, { popularity: 90 }),
		show(90228, 'Dune: Prophecy', 2024),
		film(194, 'Amélie', 2001, { originalTitle: 'Le Fabuleux Destin d’Amélie Poulain' }),
		film(24, 'Kill Bill: Vol. 1', 2003),
		film(157336, 'Interstellar', 2014),
		film(679, 'Aliens', 1986),
		show(1429, 'Attack on Titan', 2013, { originalTitle: '進撃の巨人', alternativeTitles: ['Shingeki no Kyojin'] }),
		show(85937, 'Demon Slayer: Kimetsu no Yaiba', 2019),
		show(85949, 'Star Trek: Picard', 2020),
		show(1000, 'Star Trek: Discovery', 2017),
	]
	const ambiguous = { ties: 'ambiguous' as const, shortNames: true, typos: true }
	const wanted = (title: string, year: number | null, type: 'movie' | 'show' = 'movie') => ({ title, year, type })

	it('uses the year to pick one, the exact year before one off', () => {
		expect(chooseTitle(wanted('Dune', 2021), candidates, ambiguous)).toMatchObject({ status: 'matched', candidate: { id: 438631 } })
		expect(chooseTitle(wanted('Dune', 2022), candidates, ambiguous)).toMatchObject({ status: 'matched', candidate: { id: 438631 } })
		expect(chooseTitle(wanted('Dune', 1950), candidates, ambiguous)).toMatchObject({
			status: 'unmatched',
			reason: expect.stringContaining('not from 1950'),
		})
	})
	it('calls equal names without a year ambiguous for a file, the most popular for an import', () => {
		expect(chooseTitle(wanted('Dune', null), candidates, ambiguous)).toMatchObject({ status: 'ambiguous' })
		expect(chooseTitle(wanted('Dune', null), candidates, { ties: 'most-popular' })).toMatchObject({ candidate: { id: 438631 } })
	})
	it('matches original and alternative titles', () => {
		expect(chooseTitle(wanted('Le Fabuleux Destin d Amelie Poulain', 2001), candidates, ambiguous)).toMatchObject({
			candidate: { id: 194 },
		})
		expect(chooseTitle(wanted('Shingeki no Kyojin', null, 'show'), candidates, ambiguous)).toMatchObject({ candidate: { id: 1429 } })
		expect(chooseTitle(wanted('進撃の巨人', null, 'show'), candidates, ambiguous)).toMatchObject({ candidate: { id: 1429 } })
	})
	it('takes a series’ short name only when one series alone has it, and never for a film', () => {
		expect(chooseTitle(wanted('Demon Slayer', null, 'show'), candidates, ambiguous)).toMatchObject({
			candidate: { id: 85937 },
			how: 'short name',
		})
		expect(chooseTitle(wanted('Star Trek', null, 'show'), candidates, ambiguous)).toMatchObject({ status: 'unmatched' })
		expect(chooseTitle(wanted('Demon Slayer', 2005, 'show'), candidates, ambiguous)).toMatchObject({ status: 'unmatched' })
		expect(chooseTitle(wanted('Demon Slayer', null, 'show'), candidates, { ties: 'ambiguous' })).toMatchObject({ status: 'unmatched' })
	})
	it('forgives a typo in a long name with a year that agrees, never a different number or a short name', () => {
		expect(chooseTitle(wanted('Interstelar', 2014), candidates, ambiguous)).toMatchObject({ candidate: { id: 157336 }, how: 'typo' })
		expect(chooseTitle(wanted('Interstelar', null), candidates, ambiguous)).toMatchObject({ status: 'unmatched' })
		expect(chooseTitle(wanted('Kill Bill Vol 2', 2004), candidates, ambiguous)).toMatchObject({ status: 'unmatched' })
		expect(chooseTitle(wanted('Alien', 1986), candidates, ambiguous)).toMatchObject({ status: 'unmatched' })
		expect(chooseTitle(wanted('Interstelar', 2014), candidates, { ties: 'ambiguous' })).toMatchObject({ status: 'unmatched' })
	})
	it('prefers the name with its article when the catalogue has both', () => {
		const both = [film(9532, 'Final Destination', 2000, { popularity: 50 }), film(19912, 'The Final Destination', 2009, { popularity: 20 })]
		expect(chooseTitle(wanted('The Final Destination', null), both, { ties: 'most-popular' })).toMatchObject({ candidate: { id: 19912 } })
		expect(chooseTitle(wanted('Final Destination', null), both, { ties: 'most-popular' })).toMatchObject({ candidate: { id: 9532 } })
	})
	it('keeps films and series apart', () => {
		expect(chooseTitle(wanted('Attack on Titan', 2013, 'movie'), candidates, ambiguous)).toEqual({
			status: 'unmatched',
			reason: 'no film titled "Attack on Titan" in the catalogue',
		})
	})
})

describe('placeEpisode', () => {
	const titan = [
		{ season: 0, episodes: 8 },
		{ season: 1, episodes: 25 },
		{ season: 2, episodes: 12 },
		{ season: 3, episodes: 22 },
		{ season: 4, episodes: 30 },
	]
	it('counts an absolute number through the seasons, specials left out', () => {
		expect(placeEpisode(null, 5, titan)).toEqual({ season: 1, episode: 5 })
		expect(placeEpisode(null, 26, titan)).toEqual({ season: 2, episode: 1 })
		expect(placeEpisode(null, 59, titan)).toEqual({ season: 3, episode: 22 })
		expect(placeEpisode(null, 60, titan)).toEqual({ season: 4, episode: 1 })
	})
	it('keeps a number that fits its season, and reads a larger one as absolute', () => {
		expect(placeEpisode(3, 2, titan)).toEqual({ season: 3, episode: 2 })
		expect(placeEpisode(2, 30, titan)).toEqual({ season: 2, episode: 5 })
	})
	it('continues the last season past the catalogue’s end, and knows nothing without seasons', () => {
		expect(placeEpisode(null, 91, titan)).toEqual({ season: 4, episode: 32 })
		expect(placeEpisode(null, 5, [])).toBeNull()
		expect(placeEpisode(0, 3, titan)).toEqual({ season: 0, episode: 3 })
	})
})
