import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { getDatabase } from '../../db/db.server.ts'
import { getEnv } from '../../env.server.ts'
import { logger } from '../../logger.server.ts'
import { createMatcher, type MatchOutcome } from './naming-match.server.ts'
import { parseMediaPath, sidecarSubtitle, SUBTITLE_EXTENSIONS, VIDEO_EXTENSIONS } from './naming.ts'
import { createRowWriter, type MediaFileRow } from './scan-writes.server.ts'

// The media-folder index: walks MEDIA_DIR, matches names against the
// catalogue (local DB or live TMDB, through catalogGet) and keeps one row per
// video in media_files. Probing is not done here: it never blocks matching.

/** The configured folders (MEDIA_DIR, separated by ':'), resolved to real paths; [] when unset. */
export function mediaFolders(): string[] {
	const raw = getEnv().MEDIA_DIR
	if (!raw) return []
	return raw
		.split(':')
		.map((p) => p.trim())
		.filter(Boolean)
		.map((p) => path.resolve(p))
}

/** Stable id of a file: folder position + relative path, hashed (URLs never carry a path). */
export function mediaFileId(folderIndex: number, relativePath: string): string {
	return crypto.createHash('sha256').update(`${folderIndex}\0${relativePath}`).digest('base64url').slice(0, 22)
}

export interface SidecarSubtitle {
	/** Relative to the media folder. */
	file: string
	language: string | null
	forced: boolean
}

/** The reason a 0-byte file is never matched (a failed download or copy, a placeholder). */
export const EMPTY_FILE_REASON = 'empty file (0 bytes)'

export interface MatchedFile {
	path: string
	type: 'movie' | 'show'
	tmdbId: number
	title: string
	year: number | null
	season: number | null
	episode: number | null
}

export interface ScanReport {
	matched: number
	/** Which file matched which title, in scan order. */
	matches: MatchedFile[]
	unmatched: Array<{ path: string; reason: string }>
	ambiguous: Array<{ path: string; reason: string }>
	skipped: Array<{ path: string; reason: string }>
	removed: number
	/** When the last file skipped as still being written will have settled (ms since the epoch), or null when none was. */
	settlesAt: number | null
}

/** A file modified this recently may still be being copied in: skipped until the next scan or watch event. */
const SETTLE_MS = 2000

/**
 * Files matched, then written in one statement and transaction: one upsert per
 * file made a first scan of a big library slow and left a compiled query's
 * garbage per file to the collector, which a first scan paid for in memory.
 */
const WRITE_BATCH = 250

interface FoundVideo {
	folderIndex: number
	relativePath: string
	size: number
	mtimeMs: number
	subtitles: SidecarSubtitle[]
}

/** Real path of `candidate` if it stays inside `root` (symlinks leading elsewhere are refused). */
export async function realPathInside(root: string, candidate: string): Promise<string | null> {
	try {
		return realPathUnder(await fs.realpath(root), candidate)
	} catch {
		return null
	}
}

/** realPathInside for a root already resolved (a scan resolves each folder once, not once per file). */
async function realPathUnder(realRoot: string, candidate: string): Promise<string | null> {
	try {
		const real = await fs.realpath(candidate)
		return real === realRoot || real.startsWith(realRoot + path.sep) ? real : null
	} catch {
		return null
	}
}

async function walk(folderIndex: number, root: string, report: ScanReport, now: number): Promise<FoundVideo[]> {
	const found: FoundVideo[] = []
	let entries: string[]
	let realRoot: string
	try {
		realRoot = await fs.realpath(root)
		entries = await fs.readdir(root, { recursive: true })
	} catch (error) {
		report.skipped.push({ path: root, reason: `folder not readable: ${(error as Error).message}` })
		return found
	}
	// Only subtitles are looked up by folder: a flat folder of thousands of videos made every video
	// go over every name beside it (gigabytes of garbage over a big first scan, issue 28).
	const byDir = new Map<string, string[]>()
	for (const entry of entries) {
		if (!SUBTITLE_EXTENSIONS.has(path.extname(entry).toLowerCase())) continue
		const dir = path.dirname(entry)
		const list = byDir.get(dir) ?? []
		list.push(path.basename(entry))
		byDir.set(dir, list)
	}
	for (const entry of entries) {
		const ext = path.extname(entry).toLowerCase()
		if (!VIDEO_EXTENSIONS.has(ext) || path.basename(entry).startsWith('.')) continue
		const relativePath = entry.split(path.sep).join('/')
		const absolute = path.join(root, entry)
		const real = await realPathUnder(realRoot, absolute)
		if (!real) {
			report.skipped.push({ path: relativePath, reason: 'links outside the media folder' })
			continue
		}
		try {
			const stat = await fs.stat(real)
			if (!stat.isFile()) continue
			await fs.access(real, fs.constants.R_OK)
			if (now - stat.mtimeMs < SETTLE_MS) {
				report.skipped.push({ path: relativePath, reason: 'still being written' })
				report.settlesAt = Math.max(report.settlesAt ?? 0, stat.mtimeMs + SETTLE_MS)
				continue
			}
			const dir = path.dirname(entry)
			const stem = path.basename(entry, path.extname(entry))
			const subtitles: SidecarSubtitle[] = []
			for (const name of byDir.get(dir) ?? []) {
				const side = sidecarSubtitle(stem, name)
				if (side) subtitles.push({ file: path.join(dir, name).split(path.sep).join('/'), ...side })
			}
			// Jellyfin/Plex "Subs/" folder beside the video: every subtitle in it belongs to the folder's video.
			for (const subsDir of [path.join(dir, 'Subs'), path.join(dir, 'subs')]) {
				for (const name of byDir.get(subsDir) ?? []) {
					const sub = path.extname(name).toLowerCase()
					if (!SUBTITLE_EXTENSIONS.has(sub)) continue
					const side = sidecarSubtitle(stem, name)
					const parts = path.basename(name, sub).split(/[._ ]/)
					subtitles.push({
						file: path.join(subsDir, name).split(path.sep).join('/'),
						language: side?.language ?? parts.at(-1) ?? null,
						forced: side?.forced ?? /forced/i.test(name),
					})
				}
			}
			found.push({ folderIndex, relativePath, size: stat.size, mtimeMs: Math.floor(stat.mtimeMs), subtitles })
		} catch (error) {
			report.skipped.push({
				path: relativePath,
				reason: `not readable: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
			})
		}
	}
	return found
}

export interface ScanOptions {
	onProgress?: (done: number, total: number) => void
	now?: number
}

/** Walks every folder once and brings media_files up to date. */
export async function scanMediaFolder(options: ScanOptions = {}): Promise<ScanReport> {
	const now = options.now ?? Date.now()
	const report: ScanReport = { matched: 0, matches: [], unmatched: [], ambiguous: [], skipped: [], removed: 0, settlesAt: null }
	const folders = mediaFolders()
	const found: FoundVideo[] = []
	for (const [index, folder] of folders.entries()) found.push(...(await walk(index, folder, report, now)))

	const { db } = getDatabase()
	const match = createMatcher()
	const writeRows = createRowWriter(db)
	let done = 0
	let batch: MediaFileRow[] = []
	for (const video of found) {
		const parsed = parseMediaPath(video.relativePath)
		const outcome: MatchOutcome = video.size === 0 ? { status: 'unmatched', reason: EMPTY_FILE_REASON } : await match(parsed)
		const row: MediaFileRow = {
			id: mediaFileId(video.folderIndex, video.relativePath),
			folder_index: video.folderIndex,
			relative_path: video.relativePath,
			size: video.size,
			mtime_ms: video.mtimeMs,
			match_status: outcome.status,
			match_reason: outcome.status === 'matched' ? null : outcome.reason,
			media_type: outcome.status === 'matched' ? outcome.candidate.type : null,
			tmdb_id: outcome.status === 'matched' ? outcome.candidate.id : null,
			season: outcome.status === 'matched' ? outcome.season : null,
			episode: outcome.status === 'matched' ? outcome.episode : null,
			subtitles: JSON.stringify(video.subtitles),
			seen_at: now,
		}
		batch.push(row)
		if (batch.length >= WRITE_BATCH) {
			await writeRows(batch)
			batch = []
			// Matching and SQLite writes resolve in microtasks only: without a turn of the event loop the
			// server answers no request until the scan ends, and V8 collects no old garbage (issue 28).
			await nextTurn()
		}
		if (outcome.status === 'matched') {
			report.matched++
			report.matches.push({
				path: video.relativePath,
				type: outcome.candidate.type,
				tmdbId: outcome.candidate.id,
				title: outcome.candidate.title,
				year: outcome.candidate.year,
				season: row.season,
				episode: row.episode,
			})
		} else report[outcome.status].push({ path: video.relativePath, reason: outcome.reason })
		options.onProgress?.(++done, found.length)
	}
	await writeRows(batch)
	const removed = await db.deleteFrom('media_files').where('seen_at', '<', now).executeTakeFirst()
	report.removed = Number(removed.numDeletedRows)
	for (const skip of report.skipped) logger.warn({ path: skip.path, reason: skip.reason }, 'media folder: file skipped')
	return report
}

/** Absolute path of an indexed file, checked again at serving time (the folder may have changed since). */
export async function indexedFilePath(row: { folder_index: number; relative_path: string }): Promise<string | null> {
	const folder = mediaFolders()[row.folder_index]
	if (!folder) return null
	return realPathInside(folder, path.join(folder, row.relative_path))
}
