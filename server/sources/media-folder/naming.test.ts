import { describe, expect, it } from 'vitest'
import { chooseCandidate, idTag, parseMediaPath, qualityForHeight, sidecarSubtitle, type CatalogueCandidate } from './naming.ts'

describe('parseMediaPath', () => {
	it('reads Plex movie folders', () => {
		expect(parseMediaPath('Movies/Fight Club (1999)/Fight Club (1999).mkv')).toEqual({
			type: 'movie',
			title: 'Fight Club',
			year: 1999,
			season: null,
			episode: null,
			tag: null,
		})
	})
	it('takes a vague file name’s title and year from its folder', () => {
		expect(parseMediaPath('Movies/Fight Club (1999)/movie.mkv')).toMatchObject({ type: 'movie', title: 'Fight Club', year: 1999 })
	})
	it('reads scene-style movie names', () => {
		expect(parseMediaPath('The.Matrix.1999.1080p.BluRay.x264.mkv')).toMatchObject({ type: 'movie', title: 'The Matrix', year: 1999 })
	})
	it('reads Plex/Jellyfin show folders', () => {
		expect(parseMediaPath('Shows/Breaking Bad/Season 01/Breaking Bad - S01E02.mp4')).toEqual({
			type: 'show',
			title: 'Breaking Bad',
			year: null,
			season: 1,
			episode: 2,
			tag: null,
		})
	})
	it('takes the show name from the folder above the season folder', () => {
		expect(parseMediaPath('Shows/Stranger Things (2016)/Season 2/S02E03.mkv')).toMatchObject({
			type: 'show',
			title: 'Stranger Things',
			year: 2016,
			season: 2,
			episode: 3,
		})
	})
	it('finds tags in the file or folder name, the file name first', () => {
		expect(parseMediaPath('Movies/Some Film {tmdb-550}/Some Film.mkv').tag).toEqual({ kind: 'tmdb', id: 550 })
		expect(parseMediaPath('Movies/X [tmdbid-1]/Y [tmdbid-550].mkv').tag).toEqual({ kind: 'tmdb', id: 550 })
		expect(parseMediaPath('Film {imdb-tt0137523}.mp4')).toMatchObject({ title: 'Film', tag: { kind: 'imdb', id: 'tt0137523' } })
	})
})

describe('idTag', () => {
	it('accepts Plex and Jellyfin spellings only', () => {
		expect(idTag('{tmdb-123}')).toEqual({ kind: 'tmdb', id: 123 })
		expect(idTag('[tmdbid-123]')).toEqual({ kind: 'tmdb', id: 123 })
		expect(idTag('{imdb-tt0111161}')).toEqual({ kind: 'imdb', id: 'tt0111161' })
		expect(idTag('{imdb-123}')).toBeNull()
		expect(idTag('tmdb 123')).toBeNull()
	})
})

describe('chooseCandidate', () => {
	const candidates: CatalogueCandidate[] = [
		{ id: 1, type: 'movie', title: 'Dune', year: 1984 },
		{ id: 2, type: 'movie', title: 'Dune', year: 2021 },
		{ id: 3, type: 'show', title: 'Dune', year: 2024 },
		{ id: 4, type: 'movie', title: 'Amélie', originalTitle: 'Le Fabuleux Destin d’Amélie Poulain', year: 2001 },
	]
	const movie = (title: string, year: number | null) => ({ type: 'movie' as const, title, year, season: null, episode: null, tag: null })
	it('uses the year to pick one', () => {
		expect(chooseCandidate(movie('Dune', 2021), candidates)).toMatchObject({ status: 'matched', candidate: { id: 2 } })
		expect(chooseCandidate(movie('Dune', 2022), candidates)).toMatchObject({ status: 'matched', candidate: { id: 2 } })
	})
	it('calls equal titles without a year ambiguous', () => {
		expect(chooseCandidate(movie('Dune', null), candidates)).toMatchObject({ status: 'ambiguous' })
	})
	it('matches accents and original titles loosely', () => {
		expect(chooseCandidate(movie('Amelie', null), candidates)).toMatchObject({ status: 'matched', candidate: { id: 4 } })
	})
	it('explains a miss', () => {
		expect(chooseCandidate(movie('Nope', null), candidates)).toEqual({
			status: 'unmatched',
			reason: 'no film titled "Nope" in the catalogue',
		})
		expect(chooseCandidate(movie('Dune', 1950), candidates)).toMatchObject({
			status: 'unmatched',
			reason: expect.stringContaining('not from 1950'),
		})
	})
})

describe('sidecarSubtitle', () => {
	it('reads language and forced flags', () => {
		expect(sidecarSubtitle('Film (2000)', 'Film (2000).en.srt')).toEqual({ language: 'en', forced: false })
		expect(sidecarSubtitle('Film (2000)', 'Film (2000).eng.forced.vtt')).toEqual({ language: 'eng', forced: true })
		expect(sidecarSubtitle('Film (2000)', 'Film (2000).srt')).toEqual({ language: null, forced: false })
		expect(sidecarSubtitle('Film (2000)', 'Other.en.srt')).toBeNull()
		expect(sidecarSubtitle('Film (2000)', 'Film (2000).en.txt')).toBeNull()
	})
})

it('qualityForHeight', () => {
	expect([
		qualityForHeight(null),
		qualityForHeight(360),
		qualityForHeight(480),
		qualityForHeight(720),
		qualityForHeight(1080),
		qualityForHeight(2160),
		qualityForHeight(120),
	]).toEqual(['unknown', '360', '480', '720', '1080', '4k', 'unknown'])
})

describe('toWebVtt', () => {
	it('turns SubRip into WebVTT', async () => {
		const { toWebVtt } = await import('./subtitle-text.ts')
		expect(toWebVtt('\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nCafé\r\n')).toBe('WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nCafé\n')
		expect(toWebVtt('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n')).toBe('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n')
	})
})
