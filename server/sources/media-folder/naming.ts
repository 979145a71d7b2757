// Media-folder names → what title they are. Pure: no I/O (unit tests beside it).
// Parsing is @ctrl/video-filename-parser's; this module adds Plex/Jellyfin
// folder conventions, id tags and the scoring of catalogue candidates.
import path from 'node:path'
import { filenameParse } from '@ctrl/video-filename-parser'

export const VIDEO_EXTENSIONS = new Set(['.mp4', '.m4v', '.mov', '.webm', '.mkv', '.avi', '.ts', '.m2ts', '.wmv', '.mpg', '.mpeg'])
export const SUBTITLE_EXTENSIONS = new Set(['.srt', '.vtt'])

export type IdTag = { kind: 'tmdb'; id: number } | { kind: 'imdb'; id: string }

export interface ParsedName {
	type: 'movie' | 'show'
	title: string
	year: number | null
	season: number | null
	episode: number | null
	/**
	 * The file name gives no season of its own (fansub "Title - 05", "Title E05",
	 * "Episode 5" in a season folder): the number may count from the series' first
	 * episode, and the catalogue's season lengths place it (placeEpisode).
	 */
	absolute: boolean
	tag: IdTag | null
}

// `{tmdb-123}`, `[tmdbid-123]`, `{tmdbid=123}`, `{imdb-tt0137523}`, `[imdbid-tt…]`: Plex and Jellyfin spellings.
const TAG = /[[{](tmdb|imdb)(?:id)?[-=](tt\d{5,10}|\d{1,10})[\]}]/i

/** The id tag in one path segment, if any. */
export function idTag(segment: string): IdTag | null {
	const m = TAG.exec(segment)
	if (!m) return null
	const kind = m[1]!.toLowerCase()
	const value = m[2]!
	if (kind === 'imdb') return /^tt\d+$/i.test(value) ? { kind: 'imdb', id: value.toLowerCase() } : null
	return /^\d+$/.test(value) ? { kind: 'tmdb', id: Number(value) } : null
}

const stripTags = (s: string) =>
	s
		.replace(/[[{](tmdb|imdb|tvdb)(id)?[-=][^\]}]*[\]}]/gi, ' ')
		.replace(/\s+/g, ' ')
		.trim()

const EPISODE = /\bS(\d{1,3})[ ._-]?E(\d{1,4})\b|\b(\d{1,2})x(\d{2,3})\b/i
const SEASON_FOLDER = /^(?:season|series|staffel|saison)[ ._-]*(\d{1,3})$|^s(\d{1,3})$/i
const SPECIALS_FOLDER = /^specials$/i
/** Fansub numbering: "[Group] Title - 05 (1080p) [hash]", "Title - 05v2", "Title - 1071 [1080p]". */
const FANSUB_EPISODE = / - (\d{1,4})(?:v\d)?(?=$|[\s[(._])/
/** "Title E05", "Title Ep 5", "Episode 12": an episode with no season. */
const BARE_EPISODE = /(?:^|[\s._-])(?:E|Ep|Episode)[ ._]?(\d{1,4})(?:v\d)?(?=$|[\s[(._-])/i
/** A season named inside a fansub title: "Shingeki no Kyojin S3", "… Season 2", "… 2nd Season". */
const TITLE_SEASON = /\s+(?:S(\d{1,2})|Season (\d{1,2})|(\d{1,2})(?:st|nd|rd|th) Season)$/i
const LEADING_GROUPS = /^(?:\s*[[(【][^\])】]*[\])】])+\s*/
const TRAILING_YEAR = /\s*\(?((?:19|20)\d{2})\)?$/

/** Title, year and season of the text before a fansub or bare episode number. */
function fansubTitle(text: string): { title: string; year: number | null; season: number | null } {
	// TMDB names an American version plainly ("The Office"), so "(US)" is dropped; other countries' marks stay (a near miss).
	let title = cleanTitle(text.replace(LEADING_GROUPS, ''))
		.replace(/[\s-]+$/, '')
		.replace(/\s+\(?US\)?$/, '')
	let season: number | null = null
	const seasonMatch = TITLE_SEASON.exec(title)
	if (seasonMatch) {
		season = Number(seasonMatch[1] ?? seasonMatch[2] ?? seasonMatch[3])
		title = title.slice(0, seasonMatch.index)
	}
	let year: number | null = null
	const yearMatch = TRAILING_YEAR.exec(title)
	if (yearMatch && yearMatch.index > 0) {
		year = numberOrNull(yearMatch[1])
		title = title.slice(0, yearMatch.index)
	}
	return { title: title.trim(), year, season }
}

/**
 * What a file's path relative to its media folder names. The file name comes
 * first; a show's name may come from the folder above `Season NN`, a movie's
 * title and year from its `Title (Year)` folder when the file name is vague.
 * Tags in the file name win over tags in folders; a tag on a show's folder
 * names the show of every episode in it.
 */
export function parseMediaPath(relativePath: string): ParsedName {
	const segments = relativePath.split(/[\\/]+/).filter(Boolean)
	const fileName = segments.at(-1) ?? ''
	const stem = stripTags(fileName.slice(0, fileName.length - path.extname(fileName).length))
	const folders = segments.slice(0, -1)
	const tag = [fileName, ...folders.toReversed()].map(idTag).find(Boolean) ?? null

	const seasonFolderAt = folders.findLastIndex((f) => SEASON_FOLDER.test(f) || SPECIALS_FOLDER.test(f))
	const episodeMatch = EPISODE.exec(stem)
	// Fansub and bare numbers only count where the scene's SxxEyy is absent; a 4-digit number alone may be a year.
	const numbered = episodeMatch ? null : (FANSUB_EPISODE.exec(stem) ?? BARE_EPISODE.exec(stem))
	const absoluteMatch = numbered && !(/^(19|20)\d{2}$/.test(numbered[1]!) && !LEADING_GROUPS.test(stem)) ? numbered : null
	const isShow = !!episodeMatch || !!absoluteMatch || seasonFolderAt >= 0

	if (isShow) {
		const folderSeason = (() => {
			if (seasonFolderAt < 0) return null
			const m = SEASON_FOLDER.exec(folders[seasonFolderAt]!)
			return m ? Number(m[1] ?? m[2]) : 0
		})()
		let fromFile: { title: string; year: number | null }
		let season: number | null
		let episode: number | null
		let absolute = false
		if (absoluteMatch) {
			const head = fansubTitle(stem.slice(0, absoluteMatch.index))
			fromFile = head
			season = head.season ?? folderSeason
			episode = Number(absoluteMatch[1])
			absolute = head.season === null
		} else {
			const parsed = filenameParse(stem, true)
			const parsedSeason = 'seasons' in parsed ? parsed.seasons[0] : undefined
			const parsedEpisode = 'episodeNumbers' in parsed ? parsed.episodeNumbers[0] : undefined
			season = parsedSeason ?? (episodeMatch ? Number(episodeMatch[1] ?? episodeMatch[3]) : folderSeason)
			episode = parsedEpisode ?? (episodeMatch ? Number(episodeMatch[2] ?? episodeMatch[4]) : null)
			const head = fansubTitle(titleOf(parsed.title, stem))
			fromFile = { title: head.title, year: numberOrNull(parsed.year) ?? head.year }
			absolute = !episodeMatch && parsedSeason === undefined
		}
		// Show folder: the one above "Season NN", else (no title in the file name) the folder holding the file.
		const showFolder =
			seasonFolderAt > 0
				? folders[seasonFolderAt - 1]!
				: seasonFolderAt < 0 && folders.length > 0 && !fromFile.title
					? folders.at(-1)!
					: null
		const fromFolder = showFolder ? filenameParse(stripTags(showFolder), false) : null
		const title = fromFolder?.title ? fansubTitle(titleOf(fromFolder.title, stripTags(showFolder!))).title : fromFile.title
		const year = numberOrNull(fromFolder?.year) ?? fromFile.year
		return { type: 'show', title, year, season, episode, absolute, tag }
	}

	// Plex stacks a film's parts: "Title (Year) - part1", "Title cd2", "Title - pt1".
	const fromFile = filenameParse(stem.replace(/[\s._-]+(?:cd|disc|disk|dvd|part|pt)[\s._-]?\d{1,2}$/i, ''), false)
	const folder = folders.at(-1)
	const fromFolder = folder ? filenameParse(stripTags(folder), false) : null
	// Plex: "Movies/Title (Year)/Title (Year).mkv"; a vague file name ("movie.mkv", "CD1") defers to its folder.
	const useFolder = !!fromFolder?.year && (!fromFile.year || !fromFile.title)
	const chosen = useFolder ? fromFolder : fromFile
	const chosenText = useFolder ? stripTags(folder!) : stem
	return {
		type: 'movie',
		title: chosen.title ? titleOf(chosen.title, chosenText) : cleanTitle(stem),
		year: numberOrNull(chosen.year),
		season: null,
		episode: null,
		absolute: false,
		tag,
	}
}

/** The text of a name up to its year, SxxEyy or resolution: what the parser should call its title. */
function rawTitle(text: string): string {
	const end = /[\s._([-]+(?:(?:19|20)\d{2}(?=$|[\s._)\]-])|S\d{1,3}E\d|\d{3,4}p\b)/i.exec(text.slice(1))
	return cleanTitle(end ? text.slice(0, end.index + 1) : text)
}

/**
 * The parser's title, unless it mangled one the name plainly has: it keeps
 * only the first character of a title in Japanese or Korean script ("も" of
 * "もののけ姫"), and drops a first word that looks like a release tag
 * ("Real Time with Bill Maher" → "Time with Bill Maher").
 */
function titleOf(parsedTitle: string, text: string): string {
	const raw = rawTitle(text)
	const parsed = cleanTitle(parsedTitle)
	if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(raw)) return raw
	const [first, ...rest] = raw.split(' ')
	if (parsed && rest.length > 0 && rest.join(' ').toLowerCase() === parsed.toLowerCase() && /^\p{L}+$/u.test(first!)) return raw
	return parsed
}

function numberOrNull(value: string | null | undefined): number | null {
	if (!value) return null
	const n = Number(value)
	return Number.isInteger(n) && n > 1800 && n < 2200 ? n : null
}

function cleanTitle(title: string): string {
	return title.replace(/[._]+/g, ' ').replace(/\s+/g, ' ').trim()
}

/** Sidecar subtitle language and flags from its name relative to the video's stem ("Title.en.forced.srt"). */
export function sidecarSubtitle(videoStem: string, subtitleFile: string): { language: string | null; forced: boolean } | null {
	const ext = path.extname(subtitleFile).toLowerCase()
	if (!SUBTITLE_EXTENSIONS.has(ext)) return null
	const stem = subtitleFile.slice(0, -ext.length)
	let rest: string
	if (stem === videoStem) rest = ''
	else if (stem.startsWith(`${videoStem}.`)) rest = stem.slice(videoStem.length + 1)
	else return null
	const parts = rest
		.split('.')
		.filter(Boolean)
		.map((p) => p.toLowerCase())
	const forced = parts.includes('forced')
	const language = parts.find((p) => p !== 'forced' && p !== 'sdh' && p !== 'cc' && p !== 'default') ?? null
	return { language, forced }
}

/** Quality key for a probed height. */
export function qualityForHeight(height: number | null | undefined): '360' | '480' | '720' | '1080' | '4k' | 'unknown' {
	if (!height) return 'unknown'
	if (height >= 1600) return '4k'
	if (height >= 1000) return '1080'
	if (height >= 700) return '720'
	if (height >= 460) return '480'
	if (height >= 340) return '360'
	return 'unknown'
}
