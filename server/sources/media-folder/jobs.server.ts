import crypto from 'node:crypto'
import path from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import { getDatabase } from '../../db/db.server.ts'
import { getEnv } from '../../env.server.ts'
import { logger } from '../../logger.server.ts'
import { ffmpegPaths } from '../media/ffmpeg.server.ts'
import { makeTrickplay } from '../media/trickplay.server.ts'
import { refreshSeasonMarkers } from '../markers/markers.server.ts'
import { indexedFilePath, mediaFolders, scanMediaFolder } from './index.server.ts'
import { SUBTITLE_EXTENSIONS, VIDEO_EXTENSIONS } from './naming.ts'
import { mediaInputFor, probeOf } from './media-folder-source.server.ts'

// Scanning, watching, probing and thumbnails run in exactly one process across
// every worker and app server: the holder of a lease row in the database
// (media_leases), renewed while it lives. Every worker tries to take it; when
// the holder dies its lease expires and another worker takes over.

const LEASE_NAME = 'media-folder'
const LEASE_TTL_MS = 45_000
const RENEW_MS = 15_000
/** A file counts as written once its size has not changed for this long (chokidar's awaitWriteFinish). */
const WRITE_SETTLE_MS = 2_000
/**
 * A rescan waits for this long without a change in the folder: one rescan per
 * burst of copies. Longer than WRITE_SETTLE_MS, since a file's event comes
 * that much after its last write while a folder's comes at once.
 */
const RESCAN_QUIET_MS = 5_000
/** …but no longer than this while changes keep coming (a long copy session still shows up). */
const RESCAN_MAX_WAIT_MS = 60_000

/**
 * Whether a change at `file` can change the index: a video or subtitle file
 * or a folder (renamed or removed), not hidden (rsync's and browsers'
 * temporary names), not inside DATA_DIR (when an owner keeps it in the media
 * folder, the caches written there would otherwise trigger rescans forever).
 */
export function changeMatters(event: string, file: string, dataDir: string): boolean {
	if (file === dataDir || file.startsWith(dataDir + path.sep)) return false
	if (path.basename(file).startsWith('.')) return false
	if (event === 'addDir' || event === 'unlinkDir') return true
	const ext = path.extname(file).toLowerCase()
	return VIDEO_EXTENSIONS.has(ext) || SUBTITLE_EXTENSIONS.has(ext)
}

/** Takes or renews the lease for `holder`; true when this holder has it until now + ttl. */
export async function takeLease(holder: string, now = Date.now(), ttlMs = LEASE_TTL_MS): Promise<boolean> {
	const { db } = getDatabase()
	await db
		.insertInto('media_leases')
		.values({ name: LEASE_NAME, holder, expires_at: now + ttlMs })
		.onConflict((oc) => oc.column('name').doNothing())
		.execute()
	const result = await db
		.updateTable('media_leases')
		.set({ holder, expires_at: now + ttlMs })
		.where('name', '=', LEASE_NAME)
		.where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', now)]))
		.executeTakeFirst()
	return Number(result.numUpdatedRows) > 0
}

export async function releaseLease(holder: string): Promise<void> {
	await getDatabase().db.deleteFrom('media_leases').where('name', '=', LEASE_NAME).where('holder', '=', holder).execute()
}

/**
 * Probes unprobed files, then finds intro and credits markers of seasons whose files
 * changed, then makes trickplay for probed files, one at a time, until stopped.
 */
async function backgroundWork(isStopped: () => boolean): Promise<void> {
	const { db } = getDatabase()
	if (!ffmpegPaths().ffmpeg && !ffmpegPaths().ffprobe) return
	for (const row of await db.selectFrom('media_files').selectAll().where('probe', 'is', null).execute()) {
		if (isStopped()) return
		const absolute = await indexedFilePath(row)
		if (absolute) await probeOf(row, absolute)
	}
	if (!ffmpegPaths().ffmpeg) return
	try {
		await refreshSeasonMarkers(isStopped)
	} catch (error) {
		logger.warn({ err: (error as Error).message }, 'media folder: intro and credits markers failed')
	}
	for (const row of await db
		.selectFrom('media_files')
		.selectAll()
		.where('trickplay', 'is', null)
		.where('probe', 'is not', null)
		.execute()) {
		if (isStopped()) return
		const absolute = await indexedFilePath(row)
		if (!absolute) continue
		const probe = await probeOf(row, absolute)
		if (!probe?.videoCodec) continue
		const input = mediaInputFor(row, absolute)
		try {
			const { vttFile } = await makeTrickplay(input, probe, path.resolve(getEnv().DATA_DIR, 'trickplay', input.cacheKey))
			await db
				.updateTable('media_files')
				.set({ trickplay: vttFile })
				.where('id', '=', row.id)
				.where('mtime_ms', '=', row.mtime_ms)
				.execute()
		} catch (error) {
			logger.warn({ file: row.relative_path, err: (error as Error).message }, 'media folder: thumbnails failed')
		}
	}
}

/**
 * Starts competing for the lease; the winner scans at once, watches the
 * folders and works through probing and thumbnails. Returns a stop function.
 * Does nothing without MEDIA_DIR.
 */
export function startMediaFolderJobs(): () => Promise<void> {
	const folders = mediaFolders()
	if (folders.length === 0) return async () => {}
	const holder = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`
	let leader = false
	let stopped = false
	let watcher: FSWatcher | undefined
	let running: Promise<void> | undefined
	let again = false
	let debounce: NodeJS.Timeout | undefined
	let firstChangeAt: number | null = null
	let settleTimer: NodeJS.Timeout | undefined

	const runScan = () => {
		if (running) {
			again = true
			return
		}
		running = (async () => {
			try {
				const report = await scanMediaFolder()
				logger.info(
					{
						matched: report.matched,
						unmatched: report.unmatched.length,
						ambiguous: report.ambiguous.length,
						skipped: report.skipped.length,
					},
					'media folder scanned',
				)
				// A file written just before this scan (the server started right after a copy) was skipped as
				// still being written, and the watch saw no event for it: look again once it has settled.
				clearTimeout(settleTimer)
				if (report.settlesAt !== null) {
					settleTimer = setTimeout(
						() => {
							if (leader && !stopped) runScan()
						},
						Math.max(0, report.settlesAt - Date.now()) + 250,
					)
					settleTimer.unref()
				}
				await backgroundWork(() => stopped || !leader)
			} catch (error) {
				logger.error({ err: error }, 'media folder: scan failed')
			}
		})().finally(() => {
			running = undefined
			if (again && leader && !stopped) {
				again = false
				runScan()
			}
		})
	}

	const becomeLeader = () => {
		leader = true
		logger.info({ holder }, 'media folder: this process scans and watches')
		// awaitWriteFinish: a file still being copied in is picked up once its size settles.
		const dataDir = path.resolve(getEnv().DATA_DIR)
		watcher = watch(folders, {
			ignoreInitial: true,
			awaitWriteFinish: { stabilityThreshold: WRITE_SETTLE_MS },
			followSymlinks: false,
			ignored: (file: string) => file === dataDir || file.startsWith(dataDir + path.sep),
		})
		watcher.on('all', (event, file) => {
			if (!changeMatters(event, file, dataDir)) return
			logger.debug({ event, file: path.basename(file) }, 'media folder: change seen')
			const now = Date.now()
			firstChangeAt ??= now
			clearTimeout(debounce)
			const wait = Math.max(0, Math.min(RESCAN_QUIET_MS, firstChangeAt + RESCAN_MAX_WAIT_MS - now))
			debounce = setTimeout(() => {
				firstChangeAt = null
				runScan()
			}, wait)
		})
		watcher.on('error', (error) => logger.warn({ err: error }, 'media folder: watch error'))
		runScan()
	}

	const stepDown = async () => {
		leader = false
		clearTimeout(debounce)
		clearTimeout(settleTimer)
		await watcher?.close()
		watcher = undefined
	}

	const tick = async () => {
		try {
			const has = await takeLease(holder)
			if (has && !leader) becomeLeader()
			else if (!has && leader) await stepDown()
		} catch (error) {
			logger.warn({ err: error }, 'media folder: lease check failed')
		}
	}
	void tick()
	const timer = setInterval(() => void tick(), RENEW_MS)
	timer.unref()

	return async () => {
		stopped = true
		clearInterval(timer)
		await stepDown()
		await running
		await releaseLease(holder).catch(() => {})
	}
}
