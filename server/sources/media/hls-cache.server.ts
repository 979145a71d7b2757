// Where on-demand HLS keeps its work, shared by every process through the
// file system (DATA_DIR/hls-cache/<key>-<mode>-<plan>/): the segments, the
// lock naming the process that runs ffmpeg for the folder (job.lock), the
// segment viewers asked for last (want.json) and a failed start (failed.json).
// Small JSON files are written aside and renamed, so a reader never sees half
// of one.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { getEnv } from '../../env.server.ts'
import { logger } from '../../logger.server.ts'
import { lockIsHeld } from './cache-lock.server.ts'
import type { MediaInput, ProbedMedia } from './ffmpeg.server.ts'
import { fixedPlan, hlsPlaylist, keyframePlan, transcodePlan, type SegmentPlan } from './hls-plan.ts'

export type HlsMode = 'remux' | 'transcode'

export function hlsCacheRoot() {
	return path.resolve(getEnv().DATA_DIR, 'hls-cache')
}

/**
 * The segments of `probe` in `mode`: on the file's own keyframes when video
 * is copied, on a fixed grid after two short ones when it is re-encoded
 * (forced keyframes).
 * Throws for a remux whose keyframes were not read (callers probe with
 * probeMedia/withKeyframes, which read them).
 */
export function segmentPlanFor(probe: ProbedMedia, mode: HlsMode): SegmentPlan {
	if (mode === 'transcode') return transcodePlan(probe.durationSeconds)
	if (probe.videoCodec === null) return fixedPlan(probe.durationSeconds)
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
	return path.join(hlsCacheRoot(), `${key}-${mode}-${planKey}`)
}

export const segmentFile = (dir: string, index: number) => path.join(dir, `seg-${index}.ts`)
export const lockFile = (dir: string) => path.join(dir, 'job.lock')
export const wantFile = (dir: string) => path.join(dir, 'want.json')
export const failureFile = (dir: string) => path.join(dir, 'failed.json')

/** A failed ffmpeg start, recorded so that requests for that segment are answered at once for a while. */
export interface JobFailure {
	startIndex: number
	at: number
	message: string
}

/** The segment a viewer asked for last, and when. */
export interface WantedSegment {
	index: number
	at: number
}

export function writeJsonAtomically(file: string, value: unknown) {
	const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`
	fs.writeFileSync(temporary, JSON.stringify(value))
	fs.renameSync(temporary, file)
}

export function readJson<T>(file: string): T | null {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as T
	} catch {
		return null
	}
}

/** True when the job in cache folder `job` (its name) runs, in any process. */
export function jobRunning(job: string): boolean {
	return lockIsHeld(lockFile(path.join(hlsCacheRoot(), job)))
}

/** Records the segment a viewer asked for last; the job owner follows it (best effort). */
export function noteWanted(dir: string, index: number, at: number) {
	try {
		writeJsonAtomically(wantFile(dir), { index, at } satisfies WantedSegment)
	} catch (error) {
		logger.warn({ err: error, dir }, 'hls: could not record the wanted segment')
	}
}

/** Removes ffmpeg's unfinished output (files named `prefix`…) from cache folder `dir`. */
export function removeWorkFiles(dir: string, prefix: string) {
	try {
		for (const name of fs.readdirSync(dir)) {
			if (name.startsWith(prefix)) fs.rmSync(path.join(dir, name), { force: true })
		}
	} catch {
		// The cache folder was removed under us (cleanup); nothing left to tidy.
	}
}
