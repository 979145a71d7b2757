// On-demand HLS for files a browser cannot play as they are. The playlist is
// the whole file from the first request (hls-plan.ts); segments are made by
// one ffmpeg per file, started at the segment the viewer asks for, and kept
// under DATA_DIR/hls-cache/<key>/ so any worker or process can send them.
//
// Why it is built this way:
// - Several worker processes serve the same signed segment URLs, so the job
//   is coordinated through the file system, not memory: a lock file
//   (cache-lock.server.ts) names the one process running ffmpeg for a file;
//   every process records the latest segment wanted in `want.json`; the owner
//   polls it to follow seeks (restart at that segment), pause ffmpeg when it
//   is too far ahead, and stop it when nobody has asked for ~30 s.
// - Segments appear by atomic rename, so a reader never sees half a segment;
//   waiting is polling the file, which works across processes.
// - Transcodes are CPU-heavy, so TRANSCODE_CONCURRENCY slots (lock files too,
//   so the limit holds across workers) bound them; beyond that the answer is
//   503 "needs transcoding, server busy".
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'
import type { Request, Response } from 'express'
import { getEnv } from '../../env.server.ts'
import { logger } from '../../logger.server.ts'
import { FileLock, lockIsHeld } from './cache-lock.server.ts'
import { ffmpegPaths, FFMPEG_UNAVAILABLE_REASON, inputArgs, type MediaInput, type ProbedMedia } from './ffmpeg.server.ts'
import {
	HLS_SEGMENT_SECONDS,
	indicesAfterEnd,
	numberChunk,
	planJob,
	segmentCount,
	segmentCutTimes,
	SEGMENT_TIME_TOLERANCE,
} from './hls-plan.ts'

export { HLS_SEGMENT_SECONDS, hlsPlaylist, segmentCount } from './hls-plan.ts'

export type HlsMode = 'remux' | 'transcode'

export const HLS_PLAYLIST_MIME = 'application/vnd.apple.mpegurl'
export const HLS_SEGMENT_MIME = 'video/mp2t'
export const TRANSCODE_BUSY_REASON = 'needs transcoding, server busy'

/** How long a request waits for its segment before answering 503 (a cold transcode start included). */
const SEGMENT_WAIT_MS = 25_000
const POLL_MS = 150
const TICK_MS = 500
/** A failed ffmpeg start is not retried for the same segment within this time (no restart storm). */
const FAILURE_HOLD_MS = 10_000

/** Counters the tests read to prove that one ffmpeg serves concurrent requests. */
export const hlsCountersForTests = { spawned: 0 }

function cacheRoot() {
	return path.resolve(getEnv().DATA_DIR, 'hls-cache')
}

/** The cache folder of one input in one mode (the key is hashed: it may hold a path or URL). */
export function hlsCacheDir(input: MediaInput, mode: HlsMode): string {
	const key = crypto.createHash('sha256').update(input.cacheKey).digest('hex').slice(0, 32)
	return path.join(cacheRoot(), `${key}-${mode}`)
}

const segmentFile = (dir: string, index: number) => path.join(dir, `seg-${index}.ts`)
const lockFile = (dir: string) => path.join(dir, 'job.lock')
const wantFile = (dir: string) => path.join(dir, 'want.json')
const failureFile = (dir: string) => path.join(dir, 'failed.json')

function writeJsonAtomically(file: string, value: unknown) {
	const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`
	fs.writeFileSync(temporary, JSON.stringify(value))
	fs.renameSync(temporary, file)
}

function readJson<T>(file: string): T | null {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as T
	} catch {
		return null
	}
}

// --- transcode slots -------------------------------------------------------

function slotFiles(): string[] {
	const count = getEnv().TRANSCODE_CONCURRENCY
	const dir = path.join(cacheRoot(), '.transcode-slots')
	return Array.from({ length: count }, (_, n) => path.join(dir, `slot-${n}.lock`))
}

/** True when another transcode may start now (counted across every process sharing DATA_DIR). */
export function transcodeSlotAvailable(): boolean {
	return slotFiles().some((file) => !lockIsHeld(file))
}

function acquireTranscodeSlot(note: string): FileLock | null {
	const files = slotFiles()
	if (files.length === 0) return null
	fs.mkdirSync(path.dirname(files[0]!), { recursive: true })
	for (const file of files) {
		const lock = FileLock.tryAcquire(file, note)
		if (lock) return lock
	}
	return null
}

// --- the job (only in the process holding the lock) -------------------------

interface Job {
	dir: string
	input: MediaInput
	mode: HlsMode
	count: number
	lock: FileLock
	slot: FileLock | null
	child: ChildProcess | null
	startIndex: number
	nextIndex: number
	previousIndex: number | null
	paused: boolean
	startedAt: number
	timer: NodeJS.Timeout
}

const jobs = new Map<string, Job>()
let exitHookInstalled = false

function ffmpegArgs(job: Job, startIndex: number, output: string): string[] {
	const start = startIndex * HLS_SEGMENT_SECONDS
	const seek = startIndex > 0 ? ['-ss', String(start)] : []
	const video =
		job.mode === 'remux'
			? ['-c:v', 'copy']
			: [
					'-c:v',
					'libx264',
					'-preset',
					'veryfast',
					'-crf',
					'21',
					'-pix_fmt',
					'yuv420p',
					// 4K HEVC re-encoded on a small server would never keep up; 1080p can.
					'-vf',
					"scale=-2:'min(1080,ih)'",
					// A keyframe on every boundary makes each segment exactly HLS_SEGMENT_SECONDS long.
					'-force_key_frames',
					`expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`,
				]
	return [
		'-hide_banner',
		'-loglevel',
		'error',
		'-nostdin',
		...inputArgs(job.input, seek),
		// V (not v): the main picture, not cover art stored as a video stream.
		'-map',
		'0:V:0?',
		'-map',
		'0:a:0?',
		'-sn',
		'-dn',
		...video,
		'-c:a',
		'aac',
		'-ac',
		'2',
		'-b:a',
		'160k',
		'-max_muxing_queue_size',
		'1024',
		// Timestamps stay those of the source, so segments from different jobs line up.
		...(startIndex > 0 ? ['-output_ts_offset', String(start)] : []),
		'-f',
		'segment',
		'-segment_format',
		'mpegts',
		'-segment_times',
		segmentCutTimes(startIndex, job.count + 1).join(','),
		'-segment_time_delta',
		String(SEGMENT_TIME_TOLERANCE),
		'-segment_start_number',
		String(startIndex),
		// One CSV line per finished segment on stdout: "file,start,end".
		'-segment_list',
		'pipe:1',
		'-segment_list_type',
		'csv',
		output,
	]
}

function linkSegment(dir: string, from: number, to: number) {
	try {
		fs.linkSync(segmentFile(dir, from), segmentFile(dir, to))
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') fs.copyFileSync(segmentFile(dir, from), segmentFile(dir, to))
	}
}

function removeWorkFiles(job: Job, prefix: string) {
	try {
		for (const name of fs.readdirSync(job.dir)) {
			if (name.startsWith(prefix)) fs.rmSync(path.join(job.dir, name), { force: true })
		}
	} catch {
		// The cache folder was removed under us (cleanup); nothing left to tidy.
	}
}

function spawnFfmpeg(job: Job, startIndex: number) {
	const { ffmpeg } = ffmpegPaths()
	if (!ffmpeg) throw new Error(FFMPEG_UNAVAILABLE_REASON)
	const workPrefix = `work-${crypto.randomBytes(6).toString('hex')}-`
	const child = spawn(ffmpeg, ffmpegArgs(job, startIndex, path.join(job.dir, `${workPrefix}%d.ts`)), {
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	hlsCountersForTests.spawned++
	Object.assign(job, { child, startIndex, nextIndex: startIndex, previousIndex: null, paused: false })
	let stderr = ''
	child.stderr?.on('data', (data: Buffer) => {
		stderr = (stderr + data.toString('utf8')).slice(-2000)
	})
	readline.createInterface({ input: child.stdout! }).on('line', (line) => {
		if (job.child !== child) return
		const [name, startText] = line.split(',')
		if (!name) return
		const { index, repeatPrevious } = numberChunk(Number(startText), job.startIndex, job.previousIndex, job.count)
		try {
			fs.renameSync(path.join(job.dir, path.basename(name)), segmentFile(job.dir, index))
			for (const skipped of repeatPrevious) linkSegment(job.dir, job.previousIndex!, skipped)
		} catch (error) {
			logger.warn({ err: error, dir: job.dir }, 'hls: could not store a segment')
			return
		}
		job.previousIndex = index
		job.nextIndex = index + 1
		// Decide at once (not at the next tick) whether it is now too far ahead.
		try {
			tick(job)
		} catch (error) {
			logger.warn({ err: error }, 'hls: job tick failed')
		}
	})
	child.on('error', (error) => logger.warn({ err: error }, 'hls: ffmpeg could not start'))
	child.on('close', (code, signal) => {
		if (job.child !== child) {
			removeWorkFiles(job, workPrefix)
			return
		}
		job.child = null
		try {
			if (code === 0) {
				if (job.previousIndex !== null)
					for (const rest of indicesAfterEnd(job.previousIndex, job.count)) linkSegment(job.dir, job.previousIndex, rest)
			} else if (signal !== 'SIGKILL') {
				logger.warn({ code, signal, stderr: stderr.trim(), startIndex: job.startIndex }, 'hls: ffmpeg failed')
				writeJsonAtomically(failureFile(job.dir), { startIndex: job.startIndex, at: Date.now(), message: stderr.trim().slice(-300) })
			}
		} catch (error) {
			logger.warn({ err: error, dir: job.dir }, 'hls: could not record the end of a job')
		}
		removeWorkFiles(job, workPrefix)
		finishJob(job)
	})
}

function killChild(job: Job) {
	const child = job.child
	if (!child) return
	job.child = null
	child.kill('SIGKILL')
}

function finishJob(job: Job) {
	killChild(job)
	clearInterval(job.timer)
	if (jobs.get(job.dir) === job) jobs.delete(job.dir)
	job.lock.release()
	job.slot?.release()
}

function tick(job: Job) {
	if (!job.lock.heartbeat()) {
		// Someone broke our lock as stale; they run the job now.
		job.slot?.release()
		job.slot = null
		finishJob(job)
		return
	}
	job.slot?.heartbeat()
	const want = readJson<{ index: number; at: number }>(wantFile(job.dir)) ?? { index: job.startIndex, at: job.startedAt }
	const wantIndex = Number.isInteger(want.index) && want.index >= 0 && want.index < job.count ? want.index : job.startIndex
	const action = planJob({
		running: job.child !== null,
		paused: job.paused,
		startIndex: job.startIndex,
		nextIndex: job.nextIndex,
		wantIndex,
		wantAt: want.at,
		wantCached: fs.existsSync(segmentFile(job.dir, wantIndex)),
		now: Date.now(),
	})
	const child = job.child
	if (action === 'stop') finishJob(job)
	else if (action === 'restart') {
		killChild(job)
		fs.rmSync(failureFile(job.dir), { force: true })
		spawnFfmpeg(job, wantIndex)
		job.startedAt = Date.now()
	} else if (action === 'pause' && child?.pid) {
		child.kill('SIGSTOP')
		job.paused = true
	} else if (action === 'resume' && child?.pid) {
		child.kill('SIGCONT')
		job.paused = false
	}
}

type EnsureResult = 'running' | 'busy' | 'unavailable'

/** Makes sure some process is producing segments from `index` on (or will, after its next tick). */
function ensureJob(input: MediaInput, probe: ProbedMedia, mode: HlsMode, dir: string, index: number): EnsureResult {
	const own = jobs.get(dir)
	if (own) {
		tick(own)
		return 'running'
	}
	if (lockIsHeld(lockFile(dir))) return 'running'
	if (!ffmpegPaths().ffmpeg) return 'unavailable'
	let slot: FileLock | null = null
	if (mode === 'transcode') {
		slot = acquireTranscodeSlot(dir)
		if (!slot) return 'busy'
	}
	const lock = FileLock.tryAcquire(lockFile(dir), `hls ${mode}`)
	if (!lock) {
		slot?.release()
		return 'running'
	}
	const job: Job = {
		dir,
		input,
		mode,
		count: segmentCount(probe.durationSeconds),
		lock,
		slot,
		child: null,
		startIndex: index,
		nextIndex: index,
		previousIndex: null,
		paused: false,
		startedAt: Date.now(),
		timer: setInterval(() => {
			try {
				tick(job)
			} catch (error) {
				logger.warn({ err: error }, 'hls: job tick failed')
				finishJob(job)
			}
		}, TICK_MS),
	}
	job.timer.unref()
	jobs.set(dir, job)
	if (!exitHookInstalled) {
		exitHookInstalled = true
		process.on('exit', () => {
			for (const running of jobs.values()) running.child?.kill('SIGKILL')
		})
	}
	try {
		fs.rmSync(failureFile(dir), { force: true })
		// Holding the lock, any half-made segment here is left over from an owner that died.
		removeWorkFiles(job, 'work-')
		spawnFfmpeg(job, index)
	} catch (error) {
		finishJob(job)
		throw error
	}
	return 'running'
}

/** Records the segment a viewer asked for last; the job owner follows it (best effort). */
function noteWanted(dir: string, index: number, at: number) {
	try {
		writeJsonAtomically(wantFile(dir), { index, at })
	} catch (error) {
		logger.warn({ err: error, dir }, 'hls: could not record the wanted segment')
	}
}

function sendError(res: Response, status: number, message: string, retryAfterSeconds?: number) {
	if (res.headersSent) return
	if (retryAfterSeconds) res.set('Retry-After', String(retryAfterSeconds))
	res.status(status).set('Cache-Control', 'no-store').json({ error: message })
}

function sendSegment(res: Response, file: string): Promise<void> {
	return new Promise((resolve) => {
		res.setHeader('Content-Type', HLS_SEGMENT_MIME)
		// A segment never changes once made; URLs are signed with an expiry, so keep it private.
		res.setHeader('Cache-Control', 'private, max-age=86400, immutable')
		res.sendFile(file, { cacheControl: false }, (error) => {
			if (error && !res.headersSent) sendError(res, 404, 'Segment not found')
			resolve()
		})
	})
}

/**
 * Answers a request for HLS segment `index` of `input` (MPEG-TS): from the
 * cache when it is there, otherwise after ffmpeg has made it. 404 for an
 * index outside the media, 400 for an unusable input, 503 (with Retry-After)
 * when ffmpeg is missing, the transcode slots are taken, or the segment is not
 * ready in time.
 */
export async function serveHlsSegment(
	input: MediaInput,
	probe: ProbedMedia,
	mode: HlsMode,
	index: number,
	req: Request,
	res: Response,
): Promise<void> {
	const count = segmentCount(probe.durationSeconds)
	if (!Number.isInteger(index) || index < 0 || index >= count) return sendError(res, 404, 'Segment not found')
	try {
		inputArgs(input)
	} catch (error) {
		return sendError(res, 400, error instanceof Error ? error.message : 'Bad input')
	}
	const dir = hlsCacheDir(input, mode)
	const file = segmentFile(dir, index)
	const requestedAt = Date.now()
	if (fs.existsSync(file)) {
		// Cached hits count too: they keep a running job alive and tell it where the viewer is.
		noteWanted(dir, index, requestedAt)
		return sendSegment(res, file)
	}
	try {
		fs.mkdirSync(dir, { recursive: true })
	} catch (error) {
		logger.warn({ err: error, dir }, 'hls: cache folder unusable')
		return sendError(res, 503, 'This segment could not be prepared', 10)
	}
	noteWanted(dir, index, requestedAt)

	let clientGone = false
	req.on('close', () => {
		clientGone = true
	})
	const deadline = requestedAt + SEGMENT_WAIT_MS
	let nextEnsure = 0
	while (!clientGone) {
		if (fs.existsSync(file)) return sendSegment(res, file)
		const now = Date.now()
		const failure = readJson<{ startIndex: number; at: number; message: string }>(failureFile(dir))
		if (failure && failure.startIndex === index && now - failure.at < FAILURE_HOLD_MS) {
			return sendError(res, 503, 'This segment could not be prepared', 10)
		}
		if (now >= deadline) return sendError(res, 503, 'Segment not ready yet', 2)
		if (now >= nextEnsure) {
			// Again every second: the owner may have died or finished without this segment.
			nextEnsure = now + 1000
			let result: EnsureResult
			try {
				result = ensureJob(input, probe, mode, dir, index)
			} catch (error) {
				logger.warn({ err: error }, 'hls: could not start ffmpeg')
				return sendError(res, 503, 'This segment could not be prepared', 10)
			}
			if (result === 'busy') return sendError(res, 503, TRANSCODE_BUSY_REASON, 30)
			if (result === 'unavailable') return sendError(res, 503, FFMPEG_UNAVAILABLE_REASON)
		}
		await new Promise((resolve) => setTimeout(resolve, POLL_MS))
	}
}

/** Sends a playlist made by hlsPlaylist() with its type and caching (its segment URLs are signed). */
export function sendHlsPlaylist(res: Response, playlist: string) {
	res.setHeader('Content-Type', HLS_PLAYLIST_MIME)
	res.setHeader('Cache-Control', 'private, max-age=300')
	res.send(playlist)
}

/** Stops every ffmpeg this process runs (tests, shutdown). */
export function stopAllHlsJobs() {
	for (const job of [...jobs.values()]) finishJob(job)
}
