import { describe, expect, it } from 'vitest'
import { idTag, parseMediaPath, qualityForHeight, sidecarSubtitle } from './naming.ts'

describe('parseMediaPath', () => {
	it('reads Plex movie folders', () => {
		expect(parseMediaPath('Movies/Fight Club (1999)/Fight Club (1999).mkv')).toEqual({
			type: 'movie',
			title: 'Fight Club',
			year: 1999,
			season: null,
			episode: null,
			absolute: false,
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
			absolute: false,
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

describe('parseMediaPath: fansub and absolute numbering', () => {
	it.each([
		['[SubsPlease] Shingeki no Kyojin - 05 (1080p) [ABCD1234].mkv', 'Shingeki no Kyojin', null, 5, true],
		['Shingeki no Kyojin - 05v2.mkv', 'Shingeki no Kyojin', null, 5, true],
		['Demon Slayer E05.mkv', 'Demon Slayer', null, 5, true],
		['[Erai-raws] One Piece - 1071 [1080p][Multiple Subtitle][ABCDEF12].mkv', 'One Piece', null, 1071, true],
		['[HorribleSubs] Shingeki no Kyojin S3 - 02 [1080p].mkv', 'Shingeki no Kyojin', 3, 2, false],
		['[SubsPlease] Kaguya-sama wa Kokurasetai S2 - 05 (1080p) [AB12CD34].mkv', 'Kaguya-sama wa Kokurasetai', 2, 5, false],
		['Demon Slayer/Season 1/Demon Slayer - 03.mkv', 'Demon Slayer', 1, 3, true],
		['Shows/Ted Lasso/Season 2/Episode 05.mkv', 'Ted Lasso', 2, 5, true],
	])('%s', (file, title, season, episode, absolute) => {
		expect(parseMediaPath(file)).toMatchObject({ type: 'show', title, season, episode, absolute })
	})
	it('reads the year of a fansub or scene series name', () => {
		expect(parseMediaPath('[Coalgirls] Fullmetal Alchemist (2003) - 05 [BD 720p].mkv')).toMatchObject({
			title: 'Fullmetal Alchemist',
			year: 2003,
		})
		expect(parseMediaPath('Foundation.2021.S01E01.1080p.ATVP.WEB-DL.mkv')).toMatchObject({ title: 'Foundation', year: 2021, season: 1 })
	})
	it('leaves films with a dash or a resolution alone', () => {
		expect(parseMediaPath('Mission Impossible - Ghost Protocol (2011).mkv')).toMatchObject({ type: 'movie', year: 2011 })
		expect(parseMediaPath('Movies/Inception (2010)/Inception (2010) - 1080p.mkv')).toMatchObject({ type: 'movie', title: 'Inception' })
		expect(parseMediaPath('Star Wars Episode IV A New Hope (1977) 1080p.mkv')).toMatchObject({ type: 'movie', year: 1977 })
	})
	it('keeps titles the parser would mangle: Japanese and Korean script, a first word like a release tag', () => {
		expect(parseMediaPath('Movies/もののけ姫 (1997)/もののけ姫 (1997).mkv')).toMatchObject({ title: 'もののけ姫', year: 1997 })
		expect(parseMediaPath('Shows/오징어 게임 (2021)/Season 02/오징어 게임 - S02E04.mkv')).toMatchObject({ title: '오징어 게임', season: 2 })
		expect(parseMediaPath('Shows/Real Time with Bill Maher/Season 2/Real Time with Bill Maher - S02E05.mkv')).toMatchObject({
			title: 'Real Time with Bill Maher',
		})
	})
	it('reads a film in parts as the film', () => {
		expect(parseMediaPath('Movies/Troy (2004) - part1.mkv')).toMatchObject({ type: 'movie', title: 'Troy', year: 2004 })
		expect(parseMediaPath('Troy.2004.cd2.avi')).toMatchObject({ type: 'movie', title: 'Troy', year: 2004 })
	})
	it('takes a folder tag for the files in it, shows too', () => {
		expect(parseMediaPath('Anime/Demon Slayer {tmdb-85937}/Episode 12.mkv')).toMatchObject({
			type: 'show',
			title: 'Demon Slayer',
			episode: 12,
			tag: { kind: 'tmdb', id: 85937 },
		})
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
