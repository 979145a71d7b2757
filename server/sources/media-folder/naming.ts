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

/**
 * What a file's path relative to its media folder names. The file name comes
 * first; a show's name may come from the folder above `Season NN`, a movie's
 * title and year from its `Title (Year)` folder when the file name is vague.
 * Tags in the file name win over tags in folders.
 */
export function parseMediaPath(relativePath: string): ParsedName {
	const segments = relativePath.split(/[\\/]+/).filter(Boolean)
	const fileName = segments.at(-1) ?? ''
	const stem = fileName.slice(0, fileName.length - path.extname(fileName).length)
	const folders = segments.slice(0, -1)
	const tag = [stem, ...folders.toReversed()].map(idTag).find(Boolean) ?? null

	const seasonFolderAt = folders.findLastIndex((f) => SEASON_FOLDER.test(f) || SPECIALS_FOLDER.test(f))
	const episodeMatch = EPISODE.exec(stem)
	const isShow = !!episodeMatch || seasonFolderAt >= 0

	if (isShow) {
		const parsed = filenameParse(stripTags(stem), true)
		const parsedSeason = 'seasons' in parsed ? parsed.seasons[0] : undefined
		const parsedEpisode = 'episodeNumbers' in parsed ? parsed.episodeNumbers[0] : undefined
		let season = parsedSeason ?? (episodeMatch ? Number(episodeMatch[1] ?? episodeMatch[3]) : null)
		const episode = parsedEpisode ?? (episodeMatch ? Number(episodeMatch[2] ?? episodeMatch[4]) : null)
		if (season === null && seasonFolderAt >= 0) {
			const m = SEASON_FOLDER.exec(folders[seasonFolderAt]!)
			season = m ? Number(m[1] ?? m[2]) : 0
		}
		// Show folder: the one above "Season NN", else the file's own parsed title.
		const showFolder =
			seasonFolderAt > 0 ? folders[seasonFolderAt - 1]! : seasonFolderAt < 0 && folders.length > 0 && !parsed.title ? folders.at(-1)! : null
		const source = showFolder ? filenameParse(stripTags(showFolder), false) : parsed
		const title = cleanTitle(source.title || parsed.title)
		const year = numberOrNull(source.year) ?? numberOrNull(parsed.year)
		return { type: 'show', title, year, season, episode, tag }
	}

	const fromFile = filenameParse(stripTags(stem), false)
	const folder = folders.at(-1)
	const fromFolder = folder ? filenameParse(stripTags(folder), false) : null
	// Plex: "Movies/Title (Year)/Title (Year).mkv"; a vague file name ("movie.mkv", "CD1") defers to its folder.
	const useFolder = !!fromFolder?.year && (!fromFile.year || !fromFile.title)
	const chosen = useFolder ? fromFolder : fromFile
	return { type: 'movie', title: cleanTitle(chosen.title || stem), year: numberOrNull(chosen.year), season: null, episode: null, tag }
}

function numberOrNull(value: string | null | undefined): number | null {
	if (!value) return null
	const n = Number(value)
	return Number.isInteger(n) && n > 1800 && n < 2200 ? n : null
}

function cleanTitle(title: string): string {
	return title.replace(/[._]+/g, ' ').replace(/\s+/g, ' ').trim()
}

/** Comparable form of a title: lower case, no accents, punctuation or leading article, "&" as "and". */
export function normaliseTitle(title: string): string {
	return title
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/&/g, ' and ')
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim()
		.replace(/^(the|a|an) /, '')
}

export interface CatalogueCandidate {
	id: number
	type: 'movie' | 'show'
	title: string
	originalTitle?: string
	year: number | null
	popularity?: number
}

export type MatchOutcome =
	| { status: 'matched'; candidate: CatalogueCandidate }
	| { status: 'unmatched'; reason: string }
	| { status: 'ambiguous'; reason: string; candidates: CatalogueCandidate[] }

/**
 * Picks the catalogue title a parsed name means. A title must match exactly
 * (normalised); the year, when the name has one, must be within one year
 * (release dates differ by country). Several equal matches without a year to
 * tell them apart are ambiguous rather than guessed.
 */
export function chooseCandidate(parsed: ParsedName, candidates: CatalogueCandidate[]): MatchOutcome {
	const wanted = normaliseTitle(parsed.title)
	if (!wanted) return { status: 'unmatched', reason: 'no title in the file name' }
	const sameTitle = candidates.filter(
		(c) =>
			c.type === parsed.type &&
			(normaliseTitle(c.title) === wanted || (c.originalTitle !== undefined && normaliseTitle(c.originalTitle) === wanted)),
	)
	if (sameTitle.length === 0)
		return { status: 'unmatched', reason: `no ${parsed.type === 'movie' ? 'film' : 'series'} titled "${parsed.title}" in the catalogue` }
	if (parsed.year !== null) {
		const exact = sameTitle.filter((c) => c.year === parsed.year)
		const near = exact.length > 0 ? exact : sameTitle.filter((c) => c.year !== null && Math.abs(c.year - parsed.year!) <= 1)
		if (near.length === 1) return { status: 'matched', candidate: near[0]! }
		if (near.length === 0) return { status: 'unmatched', reason: `"${parsed.title}" is in the catalogue, but not from ${parsed.year}` }
		return { status: 'ambiguous', reason: `${near.length} titles "${parsed.title}" (${parsed.year})`, candidates: near }
	}
	if (sameTitle.length === 1) return { status: 'matched', candidate: sameTitle[0]! }
	return {
		status: 'ambiguous',
		reason: `${sameTitle.length} titles "${parsed.title}"; add the year or a {tmdb-…} tag`,
		candidates: sameTitle,
	}
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
