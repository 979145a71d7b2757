// The arithmetic of Willow's on-demand HLS, kept pure so it is unit-tested
// apart from ffmpeg: a plan of segment start times gives a VOD playlist for
// the whole file before a single segment exists (the viewer can seek anywhere
// at once), and a seek only has to restart ffmpeg at that segment's start.
//
// Segment boundaries (decision 0035). When H.264 is copied, a segment can
// only start on a keyframe of the source, so a remux plan is made from the
// file's own keyframe times (read once, keyframes.server.ts): each boundary is
// the first keyframe at least HLS_SEGMENT_SECONDS after the previous one, and
// #EXTINF is the real distance between boundaries. Segments are therefore of
// varying length (a 10 s GOP gives 10 s segments), add up to the file's
// duration, and never repeat or overlap. When transcoding, keyframes are
// forced on a fixed grid of HLS_SEGMENT_SECONDS, after two short segments at
// the start (transcodePlan, decision 0046).

export const HLS_SEGMENT_SECONDS = 6

/** Keyframes this close to a boundary count as on it (timestamps are rounded). */
export const SEGMENT_TIME_TOLERANCE = 0.05

/** A keyframe this close to the end does not start a segment of its own (nothing left to play). */
const MIN_LAST_SEGMENT_SECONDS = 0.25

/** Where each segment starts (seconds from the start of the file); starts[0] is 0. */
export interface SegmentPlan {
	durationSeconds: number
	starts: number[]
}

/** Fixed segments (transcodes, which force a keyframe on every boundary). */
export function fixedPlan(durationSeconds: number, segmentSeconds = HLS_SEGMENT_SECONDS): SegmentPlan {
	if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return { durationSeconds: 0, starts: [] }
	// A last sliver shorter than the tolerance is not worth its own segment.
	const count = Math.max(1, Math.ceil((durationSeconds - SEGMENT_TIME_TOLERANCE) / segmentSeconds))
	return { durationSeconds, starts: Array.from({ length: count }, (_, index) => index * segmentSeconds) }
}

/**
 * Boundaries before the first HLS_SEGMENT_SECONDS of a transcode: its first
 * segments are 2 s long, so a cold start has a third of the picture to
 * encode before the first frame (decision 0046); from 6 s on the grid is the
 * fixed one.
 */
export const TRANSCODE_OPENING_STARTS = [2, 4]

/** A transcode's segments: short ones at the start (TRANSCODE_OPENING_STARTS), then fixed ones. */
export function transcodePlan(durationSeconds: number): SegmentPlan {
	const fixed = fixedPlan(durationSeconds)
	if (fixed.starts.length === 0) return fixed
	const opening = TRANSCODE_OPENING_STARTS.filter(
		(start) => start < Math.min(HLS_SEGMENT_SECONDS, durationSeconds - SEGMENT_TIME_TOLERANCE),
	)
	return { durationSeconds, starts: [0, ...opening, ...fixed.starts.slice(1)] }
}

/** Segments that each start on a keyframe of the source (copied video), about `segmentSeconds` or longer. */
export function keyframePlan(durationSeconds: number, keyframes: readonly number[], segmentSeconds = HLS_SEGMENT_SECONDS): SegmentPlan {
	if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return { durationSeconds: 0, starts: [] }
	const starts = [0]
	for (const time of [...keyframes].sort((a, b) => a - b)) {
		if (!Number.isFinite(time) || time > durationSeconds - MIN_LAST_SEGMENT_SECONDS) continue
		if (time >= starts.at(-1)! + segmentSeconds - SEGMENT_TIME_TOLERANCE) starts.push(time)
	}
	return { durationSeconds, starts }
}

export function segmentCount(plan: SegmentPlan): number {
	return plan.starts.length
}

/** The segment that holds `seconds` (the first before the start and for anything not a number, the last past the end). */
export function segmentAt(plan: SegmentPlan, seconds: number): number {
	let index = 0
	while (index + 1 < plan.starts.length && plan.starts[index + 1]! <= seconds) index++
	return index
}

/** Duration of segment `index` (0 outside the plan). */
export function segmentDuration(plan: SegmentPlan, index: number): number {
	if (index < 0 || index >= plan.starts.length) return 0
	const end = index + 1 < plan.starts.length ? plan.starts[index + 1]! : plan.durationSeconds
	return Math.max(0, end - plan.starts[index]!)
}

/** A VOD playlist for the whole duration: every segment listed from the first request. */
export function hlsPlaylist(plan: SegmentPlan, segmentUri: (index: number) => string): string {
	const durations = plan.starts.map((_, index) => segmentDuration(plan, index))
	const lines = [
		'#EXTM3U',
		'#EXT-X-VERSION:3',
		'#EXT-X-PLAYLIST-TYPE:VOD',
		// The spec: the longest segment's duration rounded to the nearest integer must not exceed it.
		`#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(Math.max(0, ...durations)))}`,
		'#EXT-X-MEDIA-SEQUENCE:0',
		'#EXT-X-INDEPENDENT-SEGMENTS',
	]
	for (const [index, duration] of durations.entries()) lines.push(`#EXTINF:${duration.toFixed(6)},`, segmentUri(index))
	lines.push('#EXT-X-ENDLIST', '')
	return lines.join('\n')
}

/** The boundaries (seconds) after `startIndex` at which a job starting there cuts. */
export function segmentCutTimes(plan: SegmentPlan, startIndex: number): number[] {
	return plan.starts.slice(startIndex + 1)
}

/**
 * Numbers a finished chunk by its start time (the plan's segment at or just
 * before it). `previousIndex` is the job's previous chunk, or null for the
 * job's first chunk, which is always the index the job was started for.
 * `skipped` lists plan segments the muxer did not cut (none when the plan is
 * right: the caller logs it, and a later request restarts ffmpeg there).
 */
export function numberChunk(
	plan: SegmentPlan,
	chunkStartSeconds: number,
	jobStartIndex: number,
	previousIndex: number | null,
): { index: number; skipped: number[] } {
	if (previousIndex === null) return { index: jobStartIndex, skipped: [] }
	let byTime = 0
	while (byTime + 1 < plan.starts.length && plan.starts[byTime + 1]! <= chunkStartSeconds + SEGMENT_TIME_TOLERANCE) byTime++
	const index = Math.min(plan.starts.length - 1, Math.max(previousIndex + 1, byTime))
	const skipped: number[] = []
	for (let missing = previousIndex + 1; missing < index; missing++) skipped.push(missing)
	return { index, skipped }
}

/** How far ahead of the viewer ffmpeg may run before it is paused. */
export const MAX_SEGMENTS_AHEAD = 10
/** A request this far past what ffmpeg has made restarts it there (a seek) instead of waiting. */
export const RESTART_WHEN_AHEAD_BY = 2
/** ffmpeg stops when no segment has been requested for this long. */
export const IDLE_STOP_MS = 30_000

export type JobAction = 'continue' | 'pause' | 'resume' | 'restart' | 'stop'

export interface JobView {
	/** The job is producing (false once ffmpeg has exited). */
	running: boolean
	paused: boolean
	startIndex: number
	/** The next index the job will finish (one past the last it finished). */
	nextIndex: number
	/** The latest segment a viewer asked for, and when. */
	wantIndex: number
	wantAt: number
	/** Whether the wanted segment is already on disk. */
	wantCached: boolean
	now: number
}

/** What the job owner does on each tick. */
export function planJob(view: JobView): JobAction {
	if (view.now - view.wantAt > IDLE_STOP_MS) return 'stop'
	if (!view.wantCached) {
		const behind = view.wantIndex < view.startIndex
		const farAhead = view.wantIndex > view.nextIndex + RESTART_WHEN_AHEAD_BY
		if (behind || farAhead || !view.running) return 'restart'
	}
	if (!view.running) return 'continue'
	const ahead = view.nextIndex - view.wantIndex
	if (!view.paused && ahead > MAX_SEGMENTS_AHEAD) return 'pause'
	if (view.paused && ahead <= MAX_SEGMENTS_AHEAD / 2) return 'resume'
	return 'continue'
}
