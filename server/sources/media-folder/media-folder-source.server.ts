import path from 'node:path'
import { getDatabase } from '../../db/db.server.ts'
import { getEnv } from '../../env.server.ts'
import { logger } from '../../logger.server.ts'
import {
	ffmpegPaths,
	FFMPEG_UNAVAILABLE_REASON,
	FfmpegUnavailableError,
	needsKeyframes,
	playabilityOf,
	probeMedia,
	withKeyframes,
	type MediaInput,
	type Playability,
	type ProbedMedia,
} from '../media/ffmpeg.server.ts'
import { TRANSCODE_BUSY_REASON } from '../media/hls.server.ts'
import { transcodeSlotCount } from '../media/transcode-slots.server.ts'
import { LIBRARY_SIGN_IN_REASON } from '#app/lib/sources/reasons.ts'
import { captionLabel, captionLanguage } from '../captions.ts'
import { markersOf } from '../markers/markers.server.ts'
import { signPath } from '../signing.server.ts'
import type { MediaFilesTable } from '../tables.ts'
import type { Caption, LookupContext, PlaybackSource, ScrapeRequest, SourceResult, Stream } from '../types.ts'
import { indexedFilePath, mediaFolders, type SidecarSubtitle } from './index.server.ts'
import { qualityForHeight } from './naming.ts'

export const MEDIA_FOLDER_SOURCE_ID = 'library'
export const MEDIA_FOLDER_STREAM_BASE = '/api/stream/library'
/** Issue 25 item 4: the lookup adds the sign-in link (app/lib/sources/reasons.ts). */
export const SIGN_IN_REASON = LIBRARY_SIGN_IN_REASON
export const NOT_ALLOWED_REASON = 'the media folder is not shared with this account'
export const NOT_IN_FOLDER_REASON = 'not in the media folder'
export const UNREADABLE_REASON = 'unreadable: not a video ffmpeg can open'

/** MEDIA_ACCESS: `signed-in` (default), `everyone`, or a comma-separated list of usernames. */
export function mediaFolderAccess(user: { username: string } | null): { allowed: true } | { allowed: false; reason: string } {
	const setting = getEnv().MEDIA_ACCESS.trim()
	if (setting === 'everyone') return { allowed: true }
	if (!user) return { allowed: false, reason: SIGN_IN_REASON }
	if (setting === 'signed-in' || setting === '') return { allowed: true }
	const names = setting.split(',').map((n) => n.trim().toLowerCase())
	return names.includes(user.username.toLowerCase()) ? { allowed: true } : { allowed: false, reason: NOT_ALLOWED_REASON }
}

export function mediaInputFor(row: Pick<MediaFilesTable, 'id' | 'size' | 'mtime_ms'>, absolutePath: string): MediaInput {
	// The cache key changes with the file, so remuxed segments of an old version are never served.
	return { kind: 'file', path: absolutePath, cacheKey: `library-${row.id}-${row.size}-${row.mtime_ms}` }
}

/** What probing a file found: its probe, or why it cannot be read (stored, so it is not retried until the file changes). */
export type ProbeState = { probe: ProbedMedia } | { unreadable: string }

function storedState(row: MediaFilesTable): ProbeState | null {
	if (!row.probe) return null
	const stored = JSON.parse(row.probe) as ProbedMedia | { unreadable: string }
	return 'unreadable' in stored ? { unreadable: stored.unreadable } : { probe: stored }
}

async function store(row: MediaFilesTable, value: ProbedMedia | { unreadable: string }) {
	const text = JSON.stringify(value)
	await getDatabase()
		.db.updateTable('media_files')
		.set({ probe: text })
		.where('id', '=', row.id)
		.where('mtime_ms', '=', row.mtime_ms)
		.execute()
	row.probe = text
}

/**
 * The row's probe (with keyframe times when it is remuxed), probing now and
 * storing it when the background prober has not reached it yet: a lookup of
 * a file not yet indexed waits for it. A probe stored before keyframes were
 * read gets them now. A file ffprobe and ffmpeg cannot read is "unreadable",
 * with their reason; null when there is no ffmpeg or the probe was cut short.
 */
export async function probeStateOf(row: MediaFilesTable, absolutePath: string, signal?: AbortSignal): Promise<ProbeState | null> {
	const stored = storedState(row)
	if (stored && ('unreadable' in stored || stored.probe.keyframes !== undefined || !needsKeyframes(stored.probe))) return stored
	if (!ffmpegPaths().ffprobe && !ffmpegPaths().ffmpeg) return null
	const input = mediaInputFor(row, absolutePath)
	try {
		const probe = stored ? await withKeyframes(input, stored.probe, signal) : await probeMedia(input, signal)
		await store(row, probe)
		return { probe }
	} catch (error) {
		const message = (error as Error).message
		logger.warn({ file: row.relative_path, err: message }, 'media folder: probe failed')
		if (signal?.aborted || error instanceof FfmpegUnavailableError || /timed out|aborted/.test(message)) return null
		// The reason is shown to viewers: the server's own path is not theirs to see.
		const unreadable = message.split(absolutePath).join(path.basename(absolutePath)).slice(0, 300)
		await store(row, { unreadable }).catch(() => {})
		return { unreadable }
	}
}

/** The row's probe, or null when it has none (unreadable, no ffmpeg): see probeStateOf. */
export async function probeOf(row: MediaFilesTable, absolutePath: string, signal?: AbortSignal): Promise<ProbedMedia | null> {
	const state = await probeStateOf(row, absolutePath, signal)
	return state && 'probe' in state ? state.probe : null
}

const DIRECT_EXTENSIONS: Record<string, 'video/mp4' | 'video/webm'> = { '.mp4': 'video/mp4', '.m4v': 'video/mp4', '.webm': 'video/webm' }

/** How the file will be played; without ffprobe, MP4/WebM files are offered as they are. */
export function playabilityFor(row: Pick<MediaFilesTable, 'relative_path'>, probe: ProbedMedia | null): Playability | null {
	if (probe) return playabilityOf(probe)
	const mime = DIRECT_EXTENSIONS[path.extname(row.relative_path).toLowerCase()]
	return mime ? { mode: 'direct', mimeType: mime } : null
}

export function sidecarsOf(row: Pick<MediaFilesTable, 'subtitles'>): SidecarSubtitle[] {
	try {
		return JSON.parse(row.subtitles) as SidecarSubtitle[]
	} catch {
		return []
	}
}

/** Captions in a fixed order: sidecar files, then the embedded text tracks. `n` in the URL is this position. */
export function captionTracksOf(
	row: MediaFilesTable,
	probe: ProbedMedia | null,
): Array<
	{ kind: 'sidecar'; sidecar: SidecarSubtitle } | { kind: 'embedded'; streamIndex: number; language: string | null; forced: boolean }
> {
	const tracks: ReturnType<typeof captionTracksOf> = sidecarsOf(row).map((sidecar) => ({ kind: 'sidecar' as const, sidecar }))
	for (const track of probe?.subtitleTracks ?? [])
		if (track.text) tracks.push({ kind: 'embedded', streamIndex: track.streamIndex, language: track.language, forced: track.forced })
	return tracks
}

async function captionsFor(row: MediaFilesTable, probe: ProbedMedia | null): Promise<Caption[]> {
	return Promise.all(
		captionTracksOf(row, probe).map(async (track, n) => {
			const raw = track.kind === 'sidecar' ? track.sidecar.language : track.language
			const forced = track.kind === 'sidecar' ? track.sidecar.forced : track.forced
			const language = captionLanguage(raw) ?? 'und'
			const label = `${language === 'und' ? 'Unknown' : captionLabel(language)}${forced ? ' (forced)' : ''}`
			return {
				id: `${row.id}-${n}`,
				language,
				label,
				url: await signPath(`${MEDIA_FOLDER_STREAM_BASE}/${row.id}/captions/${n}.vtt`),
				type: 'vtt' as const,
			}
		}),
	)
}

const QUALITY_LABEL: Record<string, string> = {
	'360': '360p',
	'480': '480p',
	'720': '720p',
	'1080': '1080p',
	'4k': '4K',
	unknown: 'Original',
}

async function streamFor(row: MediaFilesTable, signal: AbortSignal): Promise<Stream | { reason: string }> {
	const absolute = await indexedFilePath(row)
	if (!absolute) return { reason: 'file no longer in the media folder' }
	const state = await probeStateOf(row, absolute, signal)
	if (state && 'unreadable' in state) return { reason: `${UNREADABLE_REASON} (${state.unreadable})` }
	const probe = state?.probe ?? null
	const playability = playabilityFor(row, probe)
	if (!playability) return { reason: FFMPEG_UNAVAILABLE_REASON }
	if (playability.mode !== 'direct' && !ffmpegPaths().ffmpeg) return { reason: FFMPEG_UNAVAILABLE_REASON }
	// Busy slots are no reason to turn a viewer away: the player waits in line (the stream's `queue`, decision 0046).
	if (playability.mode === 'transcode' && transcodeSlotCount() === 0) return { reason: TRANSCODE_BUSY_REASON }
	const quality = qualityForHeight(probe?.height)
	const label = `Media folder · ${QUALITY_LABEL[quality]} · ${path.basename(row.relative_path)}`
	const captions = await captionsFor(row, probe)
	const thumbnails = row.trickplay ? { thumbnails: await signPath(`${MEDIA_FOLDER_STREAM_BASE}/${row.id}/trickplay/thumbnails.vtt`) } : {}
	const base = { id: `library:${row.id}`, sourceId: MEDIA_FOLDER_SOURCE_ID, label, captions, ...thumbnails, ...(await markersOf(row.id)) }
	if (playability.mode === 'direct') {
		const type = playability.mimeType === 'video/webm' ? ('webm' as const) : ('mp4' as const)
		return {
			...base,
			type: 'file',
			qualities: { [quality]: { type, url: await signPath(`${MEDIA_FOLDER_STREAM_BASE}/${row.id}/file`) } },
		} as Stream
	}
	const playlist = await signPath(`${MEDIA_FOLDER_STREAM_BASE}/${row.id}/hls/index.m3u8`)
	if (playability.mode === 'remux') return { ...base, type: 'hls', playlist } as Stream
	return { ...base, type: 'hls', playlist, queue: await signPath(`${MEDIA_FOLDER_STREAM_BASE}/${row.id}/hls/queue`) } as Stream
}

export async function mediaFolderLookup(request: ScrapeRequest, context: LookupContext): Promise<SourceResult> {
	let query = getDatabase()
		.db.selectFrom('media_files')
		.selectAll()
		.where('match_status', '=', 'matched')
		.where('tmdb_id', '=', request.tmdbId)
		.where('media_type', '=', request.type)
	if (request.type === 'show') {
		if (!request.season || !request.episode) return { kind: 'none', reason: NOT_IN_FOLDER_REASON }
		query = query.where('season', '=', request.season.number).where('episode', '=', request.episode.number)
	}
	const rows = await query.orderBy('relative_path').execute()
	if (rows.length === 0) return { kind: 'none', reason: NOT_IN_FOLDER_REASON }
	// Access after the index (issue 25 item 4): "sign in" is a step worth taking only
	// when the folder has the title; on any other title it would send a visitor to the
	// sign-in page for nothing.
	const access = mediaFolderAccess(context.user)
	if (!access.allowed) return { kind: 'none', reason: access.reason }
	const streams: Stream[] = []
	const reasons: string[] = []
	for (const row of rows) {
		const result = await streamFor(row, context.signal)
		if ('reason' in result) reasons.push(`${path.basename(row.relative_path)}: ${result.reason}`)
		else streams.push(result)
	}
	return streams.length > 0 ? { kind: 'found', streams } : { kind: 'none', reason: reasons.join('; ') }
}

/** The media-folder source, or null when MEDIA_DIR is unset. */
export function mediaFolderSource(): PlaybackSource | null {
	if (mediaFolders().length === 0) return null
	return { id: MEDIA_FOLDER_SOURCE_ID, name: 'Media folder', kind: 'library', lookup: mediaFolderLookup }
}
