// One ffmpeg per HLS cache folder, run by the process that holds the
// folder's lock (job.lock): started at the segment a viewer asks for, it
// follows want.json on every tick (planJob: restart at a seek, pause when
// too far ahead, stop when nobody has asked for ~30 s), stores each finished
// segment by rename, and holds a transcode slot while it re-encodes.
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'
import { logger } from '../../logger.server.ts'
import { FileLock, lockIsHeld } from './cache-lock.server.ts'
import { ffmpegPaths, FFMPEG_UNAVAILABLE_REASON, type MediaInput, type ProbedMedia } from './ffmpeg.server.ts'
import {
	failureFile,
	jobRunning,
	lockFile,
	readJson,
	removeWorkFiles,
	segmentFile,
	wantFile,
	writeJsonAtomically,
	type HlsMode,
	type WantedSegment,
} from './hls-cache.server.ts'
import { audioStartFor, ffmpegArgs, TIMESTAMP_PAD_SECONDS, type SegmenterSource } from './hls-ffmpeg-args.server.ts'
import { numberChunk, planJob, RESTART_WHEN_AHEAD_BY, segmentCount, type SegmentPlan } from './hls-plan.ts'
import { acquireTranscodeSlot } from './transcode-slots.server.ts'

const TICK_MS = 500

export const TRANSCODE_BUSY_REASON = 'needs transcoding, server busy'
export const FFMPEG_STARTS_LIMITED = 'Too many videos prepared for this client. Try again in a few minutes.'

export interface SegmentOptions {
	/**
	 * Asked once before this request makes ffmpeg start (a new job or a seek's
	 * restart); false answers 429. The per-client limit on ffmpeg starts.
	 */
	allowStart?: () => Promise<boolean>
}

/** Counters the tests read to prove that one ffmpeg serves concurrent requests. */
export const hlsCountersForTests = { spawned: 0 }

interface Job extends SegmenterSource {
	dir: string
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
let exitHookInstalled = false

/** True when this process runs the job of cache folder `dir`. */
export function ownsJob(dir: string): boolean {
	return jobs.has(dir)
}

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
			removeWorkFiles(job.dir, workPrefix)
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
		removeWorkFiles(job.dir, workPrefix)
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
	const want = readJson<WantedSegment>(wantFile(job.dir)) ?? { index: job.startIndex, at: job.startedAt }
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

export type EnsureResult = 'running' | 'busy' | 'unavailable'

/**
 * Whether asking for segment `index` now makes ffmpeg start: no job for this
 * folder anywhere, or this process's job would restart for it (a seek). A
 * job owned by another process restarts there; that start is not seen here.
 */
export function wouldStartFfmpeg(dir: string, index: number): boolean {
	const own = jobs.get(dir)
	if (own) {
		if (own.starting) return false
		return own.child === null || index < own.startIndex || index > own.nextIndex + RESTART_WHEN_AHEAD_BY
	}
	return !lockIsHeld(lockFile(dir))
}

/** Makes sure some process is producing segments from `index` on (or will, after its next tick). */
export function ensureJob(
	input: MediaInput,
	probe: ProbedMedia,
	plan: SegmentPlan,
	mode: HlsMode,
	dir: string,
	index: number,
): EnsureResult {
	const own = jobs.get(dir)
	if (own) {
		tick(own)
		return 'running'
	}
	if (lockIsHeld(lockFile(dir))) return 'running'
	if (!ffmpegPaths().ffmpeg) return 'unavailable'
	let slot: FileLock | null = null
	if (mode === 'transcode') {
		slot = acquireTranscodeSlot(path.basename(dir), jobRunning)
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
		removeWorkFiles(job.dir, 'work-')
		startAt(job, index)
	} catch (error) {
		finishJob(job)
		throw error
	}
	return 'running'
}

/** Stops every ffmpeg this process runs (tests, shutdown). */
export function stopAllHlsJobs() {
	for (const job of [...jobs.values()]) finishJob(job)
}
