// The arithmetic of Willow's on-demand HLS, kept pure so it is unit-tested
// apart from ffmpeg: fixed-length segments give a VOD playlist for the whole
// file before a single segment exists (the viewer can seek anywhere at once),
// and a seek only has to restart ffmpeg at `index * HLS_SEGMENT_SECONDS`.
//
// Segment boundaries. When transcoding, keyframes are forced on every
// boundary, so segment `i` is exactly [i*S, (i+1)*S). When H.264 is copied the
// cut can only fall on a keyframe of the source: ffmpeg's segment muxer cuts
// at the first keyframe at or after each boundary (within SEGMENT_TIME_TOLERANCE),
// and a job started by a seek begins at the keyframe at or before its first
// boundary. A chunk is therefore numbered by its real start time, not by the
// muxer's running count (which would drift after a long GOP): a boundary with
// no keyframe before the next one gets the previous chunk again. Chunks may
// overlap by up to one GOP but never leave a gap; hls.js places media by its
// timestamps (which are the source's own, via -output_ts_offset), so the
// playlist's nominal durations are off by at most one GOP per segment.

export const HLS_SEGMENT_SECONDS = 6

/** Keyframes this close before a boundary count as on it (timestamps are rounded). */
export const SEGMENT_TIME_TOLERANCE = 0.05

export function segmentCount(durationSeconds: number, segmentSeconds = HLS_SEGMENT_SECONDS): number {
	if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0
	// A last sliver shorter than the tolerance is not worth its own segment.
	return Math.max(1, Math.ceil((durationSeconds - SEGMENT_TIME_TOLERANCE) / segmentSeconds))
}

/** Nominal duration of segment `index` (the last one is shorter). */
export function segmentDuration(index: number, durationSeconds: number, segmentSeconds = HLS_SEGMENT_SECONDS): number {
	const count = segmentCount(durationSeconds, segmentSeconds)
	if (index < 0 || index >= count) return 0
	if (index < count - 1) return segmentSeconds
	return Math.max(0, durationSeconds - index * segmentSeconds)
}

/** A VOD playlist for the whole duration: every segment listed from the first request. */
export function hlsPlaylist(durationSeconds: number, segmentUri: (index: number) => string, segmentSeconds = HLS_SEGMENT_SECONDS): string {
	const count = segmentCount(durationSeconds, segmentSeconds)
	const lines = [
		'#EXTM3U',
		'#EXT-X-VERSION:3',
		'#EXT-X-PLAYLIST-TYPE:VOD',
		// Copied H.264 may run up to one GOP past the nominal length; the target must not be below any segment.
		`#EXT-X-TARGETDURATION:${segmentSeconds + 1}`,
		'#EXT-X-MEDIA-SEQUENCE:0',
		'#EXT-X-INDEPENDENT-SEGMENTS',
	]
	for (let index = 0; index < count; index++) {
		lines.push(`#EXTINF:${segmentDuration(index, durationSeconds, segmentSeconds).toFixed(3)},`, segmentUri(index))
	}
	lines.push('#EXT-X-ENDLIST', '')
	return lines.join('\n')
}

/** The boundaries (absolute seconds) after `startIndex` at which a job starting there cuts. */
export function segmentCutTimes(startIndex: number, count: number, segmentSeconds = HLS_SEGMENT_SECONDS): number[] {
	const times: number[] = []
	for (let index = startIndex + 1; index < count; index++) times.push(index * segmentSeconds)
	return times
}

/**
 * Numbers a finished chunk by its start time. Returns the index the chunk is
 * stored under and the skipped indices (boundaries without their own
 * keyframe) that must repeat the previous chunk. `previousIndex` is the index
 * of the job's previous chunk, or null for the job's first chunk, which is
 * always the index the job was started for.
 */
export function numberChunk(
	chunkStartSeconds: number,
	jobStartIndex: number,
	previousIndex: number | null,
	count: number,
	segmentSeconds = HLS_SEGMENT_SECONDS,
): { index: number; repeatPrevious: number[] } {
	if (previousIndex === null) return { index: jobStartIndex, repeatPrevious: [] }
	const byTime = Math.floor((chunkStartSeconds + SEGMENT_TIME_TOLERANCE) / segmentSeconds)
	const index = Math.min(count - 1, Math.max(previousIndex + 1, byTime))
	const repeatPrevious: number[] = []
	for (let skipped = previousIndex + 1; skipped < index; skipped++) repeatPrevious.push(skipped)
	return { index, repeatPrevious }
}

/** At the end of the media, indices past the last chunk repeat it (only copied video leaves any). */
export function indicesAfterEnd(lastIndex: number, count: number): number[] {
	const rest: number[] = []
	for (let index = lastIndex + 1; index < count; index++) rest.push(index)
	return rest
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
