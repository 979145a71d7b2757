// On-demand HLS for files a browser cannot play as they are: the HTTP side.
// The playlist is the whole file from the first request (hls-plan.ts);
// segments are made by one ffmpeg per file, started at the segment the viewer
// asks for, and kept under DATA_DIR/hls-cache/<key>/ so any worker or process
// can send them.
//
// Why it is built this way:
// - Several worker processes serve the same signed segment URLs, so the job
//   is coordinated through the file system, not memory (hls-cache.server.ts):
//   a lock file (cache-lock.server.ts) names the one process running ffmpeg
//   for a file; every process records the latest segment wanted in
//   `want.json`; the owner (hls-job.server.ts) polls it to follow seeks
//   (restart at that segment), pause ffmpeg when it is too far ahead, and stop
//   it when nobody has asked for ~30 s.
// - Segments appear by atomic rename, so a reader never sees half a segment;
//   waiting is polling the file, which works across processes.
// - Transcodes are CPU-heavy, so TRANSCODE_CONCURRENCY slots (lock files too,
//   so the limit holds across workers) bound them. A player asks for its turn
//   first (transcode-turn.server.ts): when every slot is taken it waits in
//   line, shown its place, and its job starts there when its turn comes
//   (decision 0046). A segment request that would start a transcode out of
//   turn is answered 503 "needs transcoding, server busy".
import fs from 'node:fs'
import type { Request, Response } from 'express'
import { logger } from '../../logger.server.ts'
import { FFMPEG_UNAVAILABLE_REASON, inputArgs, type MediaInput, type ProbedMedia } from './ffmpeg.server.ts'
import {
	failureFile,
	hlsCacheDir,
	noteWanted,
	readJson,
	segmentFile,
	segmentPlanFor,
	type HlsMode,
	type JobFailure,
} from './hls-cache.server.ts'
import {
	ensureJob,
	FFMPEG_STARTS_LIMITED,
	TRANSCODE_BUSY_REASON,
	wouldStartFfmpeg,
	type EnsureResult,
	type SegmentOptions,
} from './hls-job.server.ts'
import { segmentCount, type SegmentPlan } from './hls-plan.ts'

export { HLS_SEGMENT_SECONDS, segmentCount, type SegmentPlan } from './hls-plan.ts'
export { hlsCacheDir, hlsPlaylistFor, segmentPlanFor, type HlsMode } from './hls-cache.server.ts'
export { FFMPEG_STARTS_LIMITED, hlsCountersForTests, stopAllHlsJobs, TRANSCODE_BUSY_REASON, type SegmentOptions } from './hls-job.server.ts'
export { transcodeSlotAvailable } from './transcode-slots.server.ts'

export const HLS_PLAYLIST_MIME = 'application/vnd.apple.mpegurl'
export const HLS_SEGMENT_MIME = 'video/mp2t'

/** How long a request waits for its segment before answering 503 (a cold transcode start included). */
const SEGMENT_WAIT_MS = 25_000
const POLL_MS = 150
/** A failed ffmpeg start is not retried for the same segment within this time (no restart storm). */
const FAILURE_HOLD_MS = 10_000

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
		const failure = readJson<JobFailure>(failureFile(dir))
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
