import crypto from 'node:crypto'
import { getDatabase } from '../../db/db.server.ts'
import { logger } from '../../logger.server.ts'
import type { ProbedMedia } from '../media/ffmpeg.server.ts'
import { indexedFilePath } from '../media-folder/index.server.ts'
import type { MediaFilesTable, MediaMarkersTable } from '../tables.ts'
import { detectSeasonMarkers } from './detect.server.ts'
import { fingerprintMethod } from './fingerprint.server.ts'
import type { Marker } from './intro-search.ts'

// The markers of the media folder's episodes: found by listening in the
// leaseholder's background work (never in a lookup, never before matching), or
// set by the owner with `npm run media:markers` (kept across rescans, preferred).

export type MarkerKind = MediaMarkersTable['kind']
export interface FileMarkers {
	intro?: Marker
	credits?: Marker
}

type EpisodeRow = Pick<
	MediaFilesTable,
	'id' | 'folder_index' | 'relative_path' | 'size' | 'mtime_ms' | 'tmdb_id' | 'season' | 'episode' | 'probe'
>

/** Identifies a season's set of files: when it changes (a file added, replaced or gone), its markers are found again. */
function seasonSignature(rows: readonly EpisodeRow[]): string {
	const hash = crypto.createHash('sha256')
	for (const row of rows) hash.update(`${row.id}:${row.size}:${row.mtime_ms}:${row.episode}\n`)
	return hash.digest('hex').slice(0, 24)
}

function durationOf(row: EpisodeRow): number | null {
	if (!row.probe) return null
	const probe = JSON.parse(row.probe) as ProbedMedia
	return probe.durationSeconds > 0 ? probe.durationSeconds : null
}

/**
 * Finds markers for every season whose files changed since they were last
 * searched. Seasons with fewer than two probed episodes wait (nothing to compare
 * with). Stops between seasons when `shouldStop()` says so.
 */
export async function refreshSeasonMarkers(
	shouldStop: () => boolean = () => false,
): Promise<{ seasons: number; intros: number; credits: number }> {
	const done = { seasons: 0, intros: 0, credits: 0 }
	if (!(await fingerprintMethod())) return done
	const { db } = getDatabase()
	const rows: EpisodeRow[] = await db
		.selectFrom('media_files')
		.select(['id', 'folder_index', 'relative_path', 'size', 'mtime_ms', 'tmdb_id', 'season', 'episode', 'probe'])
		.where('match_status', '=', 'matched')
		.where('media_type', '=', 'show')
		.where('season', 'is not', null)
		.where('episode', 'is not', null)
		.orderBy('tmdb_id')
		.orderBy('season')
		.orderBy('episode')
		.execute()
	const seasons = new Map<string, EpisodeRow[]>()
	for (const row of rows) {
		const key = `${row.tmdb_id}:${row.season}`
		seasons.set(key, [...(seasons.get(key) ?? []), row])
	}
	for (const [key, episodes] of seasons) {
		if (shouldStop()) break
		const probed = episodes.filter((row) => durationOf(row) !== null)
		if (probed.length < 2) continue
		const signature = seasonSignature(probed)
		const searched = await db
			.selectFrom('media_markers')
			.select(['file_id'])
			.where('origin', '=', 'auto')
			.where('season_signature', '=', signature)
			.where(
				'file_id',
				'in',
				probed.map((row) => row.id),
			)
			.execute()
		if (new Set(searched.map((row) => row.file_id)).size === probed.length) continue
		const files = []
		for (const row of probed) {
			const file = await indexedFilePath(row)
			if (file) files.push({ id: row.id, file, duration: durationOf(row)! })
		}
		const started = Date.now()
		const found = await detectSeasonMarkers(files, 1)
		const now = Date.now()
		await db.transaction().execute(async (trx) => {
			await trx
				.deleteFrom('media_markers')
				.where('origin', '=', 'auto')
				.where(
					'file_id',
					'in',
					probed.map((row) => row.id),
				)
				.execute()
			for (const row of probed) {
				const markers = found.get(row.id)
				for (const kind of ['intro', 'credits'] as const) {
					const marker = markers?.[kind] ?? null
					if (marker) done[kind === 'intro' ? 'intros' : 'credits']++
					await trx
						.insertInto('media_markers')
						.values({
							file_id: row.id,
							kind,
							origin: 'auto',
							start_s: marker?.start ?? null,
							end_s: marker?.end ?? null,
							season_signature: signature,
							updated_at: now,
						})
						.execute()
				}
			}
		})
		done.seasons++
		logger.info(
			{ season: key, episodes: files.length, intros: [...found.values()].filter((m) => m.intro).length, ms: now - started },
			'media folder: intro and credits markers found',
		)
	}
	return done
}

/** The markers a file's stream carries: the owner's where set, else those found by listening. */
export async function markersOf(fileId: string): Promise<FileMarkers> {
	const rows = await getDatabase().db.selectFrom('media_markers').selectAll().where('file_id', '=', fileId).execute()
	const markers: FileMarkers = {}
	for (const kind of ['intro', 'credits'] as const) {
		const row = rows.find((r) => r.kind === kind && r.origin === 'manual') ?? rows.find((r) => r.kind === kind && r.origin === 'auto')
		if (row && row.start_s !== null && row.end_s !== null && row.end_s > row.start_s) markers[kind] = { start: row.start_s, end: row.end_s }
	}
	return markers
}

/** Sets (a marker) or clears (null: there is none) a marker by hand; it outlives rescans and is preferred. */
export async function setManualMarker(fileId: string, kind: MarkerKind, marker: Marker | null): Promise<void> {
	const { db } = getDatabase()
	await db.deleteFrom('media_markers').where('file_id', '=', fileId).where('kind', '=', kind).where('origin', '=', 'manual').execute()
	await db
		.insertInto('media_markers')
		.values({
			file_id: fileId,
			kind,
			origin: 'manual',
			start_s: marker?.start ?? null,
			end_s: marker?.end ?? null,
			season_signature: null,
			updated_at: Date.now(),
		})
		.execute()
}

/** Forgets a hand-set marker: the one found by listening applies again. */
export async function forgetManualMarker(fileId: string, kind: MarkerKind): Promise<void> {
	await getDatabase()
		.db.deleteFrom('media_markers')
		.where('file_id', '=', fileId)
		.where('kind', '=', kind)
		.where('origin', '=', 'manual')
		.execute()
}
