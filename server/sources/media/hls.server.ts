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
import { execFile, spawn, type ChildProcess } from 'node:child_process'
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
	fixedPlan,
	HLS_SEGMENT_SECONDS,
	hlsPlaylist,
	keyframePlan,
	numberChunk,
	planJob,
	RESTART_WHEN_AHEAD_BY,
	segmentCount,
	segmentCutTimes,
	SEGMENT_TIME_TOLERANCE,
	type SegmentPlan,
} from './hls-plan.ts'

export { HLS_SEGMENT_SECONDS, segmentCount, type SegmentPlan } from './hls-plan.ts'

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

/**
 * The segments of `probe` in `mode`: on the file's own keyframes when video
 * is copied, on a fixed grid when it is re-encoded (forced keyframes).
 * Throws for a remux whose keyframes were not read (callers probe with
 * probeMedia/withKeyframes, which read them).
 */
export function segmentPlanFor(probe: ProbedMedia, mode: HlsMode): SegmentPlan {
	if (mode === 'transcode' || probe.videoCodec === null) return fixedPlan(probe.durationSeconds)
	if (!Array.isArray(probe.keyframes)) throw new Error('keyframes of this file are not known')
	return keyframePlan(probe.durationSeconds, probe.keyframes)
}

/** The VOD playlist of `probe` in `mode`, each segment's URL made by `segmentUri`. */
export function hlsPlaylistFor(probe: ProbedMedia, mode: HlsMode, segmentUri: (index: number) => string): string {
	return hlsPlaylist(segmentPlanFor(probe, mode), segmentUri)
}

/**
 * The cache folder of one input in one mode and plan (the key is hashed: it
 * may hold a path or URL). The plan is part of the name, so segments cut on
 * other boundaries (an older plan) are never mixed in.
 */
export function hlsCacheDir(input: MediaInput, mode: HlsMode, plan: SegmentPlan): string {
	const key = crypto.createHash('sha256').update(input.cacheKey).digest('hex').slice(0, 32)
	const planKey = crypto.createHash('sha256').update(JSON.stringify(plan)).digest('hex').slice(0, 8)
	return path.join(cacheRoot(), `${key}-${mode}-${planKey}`)
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
	plan: SegmentPlan
	container: string
	startSeconds: number
	/** Where the audio of a seek job's first segment starts, by segment (audioStartFor). */
	audioStarts: Map<number, number>
	/** ffmpeg is about to start (its arguments are being worked out). */
	starting: boolean
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

/**
 * Added to every output timestamp. A job from the start would otherwise have
 * negative timestamps (B-frame reordering, the AAC encoder's priming), which
 * the muxer shifts away in that job only; segments from different jobs would
 * then not line up.
 */
const TIMESTAMP_PAD_SECONDS = 1

/** How much later than a keyframe to ask ffmpeg to seek so it lands on that keyframe (see ffmpegArgs). */
function seekBias(container: string): number {
	// MP4/MOV seek by presentation time: no heuristic there. 0.5 ms past it absorbs rounding.
	return (container === 'mp4' || container === 'mov' ? 0 : 3 / 23) + 0.0005
}
let exitHookInstalled = false

function ffmpegArgs(job: Job, startIndex: number, audioFrom: number, output: string): string[] {
	const start = job.plan.starts[startIndex] ?? 0
	const copy = job.mode === 'remux'
	// Copied video starts on the keyframe at `start`. ffmpeg seeks 3/23 s before the asked time in
	// formats that do not seek by presentation time when the video has B-frames (its "dts heuristic"),
	// which would land on the keyframe before; asking that much later lands on `start` exactly.
	const seekTo = startIndex === 0 ? 0 : copy ? start + seekBias(job.container) : start
	const seek = startIndex === 0 ? [] : [...(copy ? ['-noaccurate_seek'] : []), '-ss', seekTo.toFixed(6)]
	// Without an accurate seek, the audio (re-encoded) is trimmed by hand, where a job running
	// through this boundary would have put it (audioStartFor).
	const audioTrim = copy && startIndex > 0 ? ['-af', `atrim=start=${(audioFrom - seekTo).toFixed(6)}`] : []
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
		...audioTrim,
		'-c:a',
		'aac',
		'-ac',
		'2',
		'-b:a',
		'160k',
		'-max_muxing_queue_size',
		'1024',
		// Timestamps stay those of the source (plus a fixed pad), so segments from different jobs line up.
		'-output_ts_offset',
		(seekTo + TIMESTAMP_PAD_SECONDS).toFixed(6),
		'-f',
		'segment',
		'-segment_format',
		'mpegts',
		'-segment_times',
		// A cut past the end keeps the list non-empty for a job starting at the last segment.
		[...segmentCutTimes(job.plan, startIndex), job.plan.durationSeconds + 60]
			.map((time) => (time + TIMESTAMP_PAD_SECONDS).toFixed(6))
			.join(','),
		'-segment_time_delta',
		// Remux cuts fall exactly on keyframes; forced keyframes land on the first frame at or after a boundary.
		job.mode === 'remux' ? '0.000500' : String(SEGMENT_TIME_TOLERANCE),
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

function removeWorkFiles(job: Job, prefix: string) {
	try {
		for (const name of fs.readdirSync(job.dir)) {
			if (name.startsWith(prefix)) fs.rmSync(path.join(job.dir, name), { force: true })
		}
	} catch {
		// The cache folder was removed under us (cleanup); nothing left to tidy.
	}
}

/** ffprobe's packets of the video around `time` (absolute), with the decode order timestamps ffmpeg derives. */
function videoPacketsAround(input: MediaInput, fromSeconds: number, toSeconds: number): Promise<Array<{ pts: number; dts: number }>> {
	const { ffprobe } = ffmpegPaths()
	if (!ffprobe) return Promise.resolve([])
	const args = [
		'-v',
		'error',
		'-read_intervals',
		`${Math.max(0, fromSeconds).toFixed(6)}%${toSeconds.toFixed(6)}`,
		'-select_streams',
		'V:0',
		'-show_entries',
		'packet=pts_time,dts_time',
		'-of',
		'csv=p=0',
		...inputArgs(input),
	]
	return new Promise((resolve) => {
		execFile(ffprobe, args, { timeout: 20_000, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' }, (error, stdout) => {
			if (error) return resolve([])
			resolve(
				stdout
					.split('\n')
					.map((line) => line.split(',').map(Number))
					.filter(([pts, dts]) => Number.isFinite(pts) && Number.isFinite(dts))
					.map(([pts, dts]) => ({ pts: pts!, dts: dts! })),
			)
		})
	})
}

/**
 * Where the audio of a remuxed segment starting at `index` begins. A job that
 * runs through a boundary interleaves packets by decode time, so the audio
 * changes segment at the keyframe's decode timestamp (before its
 * presentation time when the video has B-frames), one AAC frame on (the
 * encoder's priming). A job started there by a seek trims its audio to the
 * same place, so segments from either job follow each other. Found by reading
 * the packets of the GOP before the keyframe (no decoding).
 */
async function audioStartFor(job: Job, index: number): Promise<number> {
	const start = job.plan.starts[index] ?? 0
	const absolute = start + job.startSeconds
	const packets = await videoPacketsAround(job.input, absolute - 0.5, absolute + 0.2)
	const keyframe = packets.find((packet) => Math.abs(packet.pts - absolute) < 0.002)
	const decodeAt = keyframe ? keyframe.dts - job.startSeconds : start
	return decodeAt + AAC_FRAME_SECONDS
}

/** One AAC frame at 48 kHz (1024 samples): the priming the encoder puts before its first sample. */
const AAC_FRAME_SECONDS = 1024 / 48_000

/** Starts ffmpeg at segment `index` (for a remux seek, once the audio's start is known). */
function startAt(job: Job, index: number) {
	Object.assign(job, { startIndex: index, nextIndex: index, previousIndex: null, paused: false })
	if (job.mode !== 'remux' || index === 0) return spawnFfmpeg(job, index, 0)
	const known = job.audioStarts.get(index)
	if (known !== undefined) return spawnFfmpeg(job, index, known)
	job.starting = true
	void audioStartFor(job, index).then((audioFrom) => {
		job.starting = false
		job.audioStarts.set(index, audioFrom)
		// Stopped meanwhile (idle, lock lost): nothing to start.
		if (jobs.get(job.dir) !== job) return
		try {
			spawnFfmpeg(job, index, audioFrom)
		} catch (error) {
			logger.warn({ err: error }, 'hls: could not start ffmpeg')
			finishJob(job)
		}
	})
}

/** What a job works on, for the log: a file's name, never a URL (a stream's carries a sealed token). */
function jobLabel(input: MediaInput): string {
	return input.kind === 'file' ? path.basename(input.path) : 'a proxied stream'
}

function spawnFfmpeg(job: Job, startIndex: number, audioFrom: number) {
	const { ffmpeg } = ffmpegPaths()
	if (!ffmpeg) throw new Error(FFMPEG_UNAVAILABLE_REASON)
	const workPrefix = `work-${crypto.randomBytes(6).toString('hex')}-`
	const child = spawn(ffmpeg, ffmpegArgs(job, startIndex, audioFrom, path.join(job.dir, `${workPrefix}%d.ts`)), {
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	hlsCountersForTests.spawned++
	Object.assign(job, { child, startIndex, nextIndex: startIndex, previousIndex: null, paused: false })
	const startedAt = Date.now()
	let made = 0
	const about = { job: path.basename(job.dir).slice(0, 8), file: jobLabel(job.input), mode: job.mode, startIndex }
	logger.info({ ...about, at: Number((job.plan.starts[startIndex] ?? 0).toFixed(3)), pid: child.pid }, 'ffmpeg started')
	let stderr = ''
	child.stderr?.on('data', (data: Buffer) => {
		stderr = (stderr + data.toString('utf8')).slice(-2000)
	})
	readline.createInterface({ input: child.stdout! }).on('line', (line) => {
		if (job.child !== child) return
		const [name, startText] = line.split(',')
		if (!name) return
		const chunkStart = Number(startText) - TIMESTAMP_PAD_SECONDS
		const { index, skipped } = numberChunk(job.plan, chunkStart, job.startIndex, job.previousIndex)
		// The plan cuts on keyframes the file has; a segment skipped here is made when asked for (by a restart).
		if (skipped.length > 0) logger.warn({ dir: job.dir, skipped, start: chunkStart }, 'hls: ffmpeg did not cut where planned')
		try {
			fs.renameSync(path.join(job.dir, path.basename(name)), segmentFile(job.dir, index))
		} catch (error) {
			logger.warn({ err: error, dir: job.dir }, 'hls: could not store a segment')
			return
		}
		job.previousIndex = index
		job.nextIndex = index + 1
		made++
		// Decide at once (not at the next tick) whether it is now too far ahead.
		try {
			tick(job)
		} catch (error) {
			logger.warn({ err: error }, 'hls: job tick failed')
		}
	})
	child.on('error', (error) => logger.warn({ err: error }, 'hls: ffmpeg could not start'))
	child.on('close', (code, signal) => {
		const ended = code === 0 ? 'finished' : job.child !== child || signal === 'SIGKILL' ? 'stopped' : 'failed'
		logger.info({ ...about, ended, segments: made, seconds: Math.round((Date.now() - startedAt) / 100) / 10 }, 'ffmpeg stopped')
		if (job.child !== child) {
			removeWorkFiles(job, workPrefix)
			return
		}
		job.child = null
		try {
			if (code === 0) {
				if (job.previousIndex !== job.count - 1)
					logger.warn({ dir: job.dir, last: job.previousIndex, count: job.count }, 'hls: ffmpeg ended before the last planned segment')
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
	// ffmpeg's start is being worked out (startAt): follow the viewer once it runs.
	if (job.starting) return
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
		startAt(job, wantIndex)
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

/**
 * Whether asking for segment `index` now makes ffmpeg start: no job for this
 * folder anywhere, or this process's job would restart for it (a seek). A
 * job owned by another process restarts there; that start is not seen here.
 */
function wouldStartFfmpeg(dir: string, index: number): boolean {
	const own = jobs.get(dir)
	if (own) {
		if (own.starting) return false
		return own.child === null || index < own.startIndex || index > own.nextIndex + RESTART_WHEN_AHEAD_BY
	}
	return !lockIsHeld(lockFile(dir))
}

export interface SegmentOptions {
	/**
	 * Asked once before this request makes ffmpeg start (a new job or a seek's
	 * restart); false answers 429. The per-client limit on ffmpeg starts.
	 */
	allowStart?: () => Promise<boolean>
}

export const FFMPEG_STARTS_LIMITED = 'Too many videos prepared for this client. Try again in a few minutes.'

/** Makes sure some process is producing segments from `index` on (or will, after its next tick). */
function ensureJob(input: MediaInput, probe: ProbedMedia, plan: SegmentPlan, mode: HlsMode, dir: string, index: number): EnsureResult {
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
		plan,
		container: probe.container,
		startSeconds: probe.startSeconds ?? 0,
		audioStarts: new Map(),
		starting: false,
		count: segmentCount(plan),
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
		startAt(job, index)
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
	options: SegmentOptions = {},
): Promise<void> {
	let plan: SegmentPlan
	try {
		plan = segmentPlanFor(probe, mode)
		inputArgs(input)
	} catch (error) {
		return sendError(res, 400, error instanceof Error ? error.message : 'Bad input')
	}
	const count = segmentCount(plan)
	if (!Number.isInteger(index) || index < 0 || index >= count) return sendError(res, 404, 'Segment not found')
	const dir = hlsCacheDir(input, mode, plan)
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
	let startCounted = false
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
			if (!startCounted && options.allowStart && wouldStartFfmpeg(dir, index)) {
				startCounted = true
				if (!(await options.allowStart())) return sendError(res, 429, FFMPEG_STARTS_LIMITED, 600)
			}
			let result: EnsureResult
			try {
				result = ensureJob(input, probe, plan, mode, dir, index)
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
