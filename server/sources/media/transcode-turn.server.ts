// A viewer's turn at a transcode (decision 0046): asked by the player before
// it loads a transcoded stream and again while it waits, so that a viewer
// waits in line with its place instead of meeting "server busy".
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { ffmpegPaths, FFMPEG_UNAVAILABLE_REASON, inputArgs, type MediaInput, type ProbedMedia } from './ffmpeg.server.ts'
import { hlsCacheDir, jobRunning, noteWanted, segmentPlanFor } from './hls-cache.server.ts'
import { ensureJob, FFMPEG_STARTS_LIMITED, ownsJob, TRANSCODE_BUSY_REASON, type SegmentOptions } from './hls-job.server.ts'
import { segmentAt } from './hls-plan.ts'
import { mayTakeSlot, placeInLine, QUEUE_POLL_MS } from './transcode-queue.ts'
import {
	dropTicket,
	freeTranscodeSlots,
	renewOrTakeTicket,
	TICKET_PATTERN,
	transcodeLine,
	transcodeSlotCount,
} from './transcode-slots.server.ts'

/** A player's turn request (the body of a POST to a queue URL): the ticket it holds (none the first time), and where it will start playing (seconds). */
export const TurnRequest = z.strictObject({
	ticket: z.string().regex(TICKET_PATTERN, 'not a ticket').optional(),
	from: z.number().min(0).max(1_000_000).optional(),
})
/** A player leaving the line (the query of a DELETE to a queue URL). */
export const LeaveRequest = z.strictObject({ ticket: z.string().regex(TICKET_PATTERN, 'not a ticket') })

/** A viewer's turn at a transcode: go ahead, wait in line (with the ticket to ask again with), or an answer to show. */
export type TranscodeTurn =
	| { state: 'ready' }
	| { state: 'waiting'; position: number; ticket: string; pollMs: number }
	| { state: 'refused'; status: number; error: string; retryAfterSeconds?: number }

export const QUEUE_FULL_REASON = 'Too many viewers are waiting for the server. Try again in a few minutes.'

/**
 * Asked by a player before it loads a transcoded stream, and again every
 * `pollMs` while it waits (decision 0046). Ready when the file's transcode
 * runs already (in any process), or when a slot is free for it without
 * overtaking anyone in line: then its job is started here, at the segment
 * holding `fromSeconds` (where the viewer resumes), so the first segment is
 * on its way before hls.js asks. Otherwise the viewer's place in line, the
 * same in every process sharing DATA_DIR. Throws for an unusable input.
 */
export async function transcodeTurn(
	input: MediaInput,
	probe: ProbedMedia,
	{ ticket, fromSeconds = 0, allowStart }: SegmentOptions & { ticket?: string; fromSeconds?: number },
): Promise<TranscodeTurn> {
	const plan = segmentPlanFor(probe, 'transcode')
	inputArgs(input)
	if (transcodeSlotCount() === 0) return { state: 'refused', status: 503, error: TRANSCODE_BUSY_REASON, retryAfterSeconds: 60 }
	if (!ffmpegPaths().ffmpeg) return { state: 'refused', status: 503, error: FFMPEG_UNAVAILABLE_REASON }
	const dir = hlsCacheDir(input, 'transcode', plan)
	const job = path.basename(dir)
	if (ownsJob(dir) || jobRunning(job)) {
		dropTicket(ticket)
		return { state: 'ready' }
	}
	const mine = renewOrTakeTicket(job, ticket)
	if (!mine) return { state: 'refused', status: 503, error: QUEUE_FULL_REASON, retryAfterSeconds: 60 }
	if (mayTakeSlot(transcodeLine(jobRunning), job, freeTranscodeSlots())) {
		if (allowStart && !(await allowStart())) {
			dropTicket(mine.ticket)
			return { state: 'refused', status: 429, error: FFMPEG_STARTS_LIMITED, retryAfterSeconds: 600 }
		}
		const index = segmentAt(plan, fromSeconds)
		fs.mkdirSync(dir, { recursive: true })
		// The job follows want.json from its first tick: it must name this start, not an old visit's.
		noteWanted(dir, index, Date.now())
		const result = ensureJob(input, probe, plan, 'transcode', dir, index)
		if (result === 'running') {
			dropTicket(mine.ticket)
			return { state: 'ready' }
		}
		// 'busy': another process took the slot a moment before; this viewer stays first in line.
	}
	return { state: 'waiting', position: placeInLine(transcodeLine(jobRunning), job), ticket: mine.ticket, pollMs: QUEUE_POLL_MS }
}

/** The viewer closed the player while waiting: its place goes to the next. */
export function leaveTranscodeLine(ticket: string | undefined) {
	dropTicket(ticket)
}
