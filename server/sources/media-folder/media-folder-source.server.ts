import path from 'node:path'
import { getDatabase } from '../../db/db.server.ts'
import { getEnv } from '../../env.server.ts'
import { logger } from '../../logger.server.ts'
import {
	ffmpegPaths,
	FFMPEG_UNAVAILABLE_REASON,
	playabilityOf,
	probeMedia,
	type MediaInput,
	type Playability,
	type ProbedMedia,
} from '../media/ffmpeg.server.ts'
import { TRANSCODE_BUSY_REASON, transcodeSlotAvailable } from '../media/hls.server.ts'
import { LIBRARY_SIGN_IN_REASON } from '#app/lib/sources/reasons.ts'
import { captionLabel, captionLanguage } from '../captions.ts'
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

/** The row's probe, probing now (and storing it) when the background prober has not reached it yet. */
export async function probeOf(row: MediaFilesTable, absolutePath: string, signal?: AbortSignal): Promise<ProbedMedia | null> {
	if (row.probe) return JSON.parse(row.probe) as ProbedMedia
	if (!ffmpegPaths().ffprobe && !ffmpegPaths().ffmpeg) return null
	try {
		const probe = await probeMedia(mediaInputFor(row, absolutePath), signal)
		await getDatabase()
			.db.updateTable('media_files')
			.set({ probe: JSON.stringify(probe) })
			.where('id', '=', row.id)
			.execute()
		row.probe = JSON.stringify(probe)
		return probe
	} catch (error) {
		logger.warn({ file: row.relative_path, err: (error as Error).message }, 'media folder: probe failed')
		return null
	}
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
	const probe = await probeOf(row, absolute, signal)
	const playability = playabilityFor(row, probe)
	if (!playability) return { reason: FFMPEG_UNAVAILABLE_REASON }
	if (playability.mode !== 'direct' && !ffmpegPaths().ffmpeg) return { reason: FFMPEG_UNAVAILABLE_REASON }
	if (playability.mode === 'transcode' && !transcodeSlotAvailable()) return { reason: TRANSCODE_BUSY_REASON }
	const quality = qualityForHeight(probe?.height)
	const label = `Media folder · ${QUALITY_LABEL[quality]} · ${path.basename(row.relative_path)}`
	const captions = await captionsFor(row, probe)
	const thumbnails = row.trickplay ? { thumbnails: await signPath(`${MEDIA_FOLDER_STREAM_BASE}/${row.id}/trickplay/thumbnails.vtt`) } : {}
	const base = { id: `library:${row.id}`, sourceId: MEDIA_FOLDER_SOURCE_ID, label, captions, ...thumbnails }
	if (playability.mode === 'direct') {
		const type = playability.mimeType === 'video/webm' ? ('webm' as const) : ('mp4' as const)
		return {
			...base,
			type: 'file',
			qualities: { [quality]: { type, url: await signPath(`${MEDIA_FOLDER_STREAM_BASE}/${row.id}/file`) } },
		} as Stream
	}
	return { ...base, type: 'hls', playlist: await signPath(`${MEDIA_FOLDER_STREAM_BASE}/${row.id}/hls/index.m3u8`) } as Stream
}

export async function mediaFolderLookup(request: ScrapeRequest, context: LookupContext): Promise<SourceResult> {
	const access = mediaFolderAccess(context.user)
	if (!access.allowed) return { kind: 'none', reason: access.reason }
	let query = getDatabase()
		.db.selectFrom('media_files')
		.selectAll()
		.where('match_status', '=', 'matched')
		.where('tmdb_id', '=', request.tmdbId)
		.where('media_type', '=', request.type)
	if (request.type === 'show') {
		if (!request.season || !request.episode) return { kind: 'none', reason: 'not in the media folder' }
		query = query.where('season', '=', request.season.number).where('episode', '=', request.episode.number)
	}
	const rows = await query.orderBy('relative_path').execute()
	if (rows.length === 0) return { kind: 'none', reason: 'not in the media folder' }
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
