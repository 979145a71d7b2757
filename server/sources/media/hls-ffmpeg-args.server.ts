// The ffmpeg command line of one HLS job start, and where a remuxed seek's
// audio must begin so that its segments follow those of a job that ran
// through the same boundary (found by reading packets, decoding nothing).
import { execFile } from 'node:child_process'
import { ffmpegPaths, inputArgs, type MediaInput } from './ffmpeg.server.ts'
import type { HlsMode } from './hls-cache.server.ts'
import { segmentCutTimes, SEGMENT_TIME_TOLERANCE, type SegmentPlan } from './hls-plan.ts'
import { transcodeAudioArgs, transcodeVideoArgs } from './transcode-preset.ts'

/** What a job's ffmpeg start depends on. */
export interface SegmenterSource {
	input: MediaInput
	mode: HlsMode
	plan: SegmentPlan
	container: string
	/** The file's first timestamp (ffprobe's start_time): plan times are relative to it. */
	startSeconds: number
}

/**
 * Added to every output timestamp. A job from the start would otherwise have
 * negative timestamps (B-frame reordering, the AAC encoder's priming), which
 * the muxer shifts away in that job only; segments from different jobs would
 * then not line up.
 */
export const TIMESTAMP_PAD_SECONDS = 1

/** How much later than a keyframe to ask ffmpeg to seek so it lands on that keyframe (see ffmpegArgs). */
function seekBias(container: string): number {
	// MP4/MOV seek by presentation time: no heuristic there. 0.5 ms past it absorbs rounding.
	return (container === 'mp4' || container === 'mov' ? 0 : 3 / 23) + 0.0005
}

/** ffmpeg's arguments to make segments from `startIndex` on (audio from `audioFrom` for a remuxed seek) into `output`. */
export function ffmpegArgs(job: SegmenterSource, startIndex: number, audioFrom: number, output: string): string[] {
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
			: // A keyframe on every boundary (relative to this job's start) makes each segment as long as the plan says.
				transcodeVideoArgs(segmentCutTimes(job.plan, startIndex).map((time) => time - start))
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
		...transcodeAudioArgs(),
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

/** One AAC frame at 48 kHz (1024 samples): the priming the encoder puts before its first sample. */
const AAC_FRAME_SECONDS = 1024 / 48_000

/**
 * Where the audio of a remuxed segment starting at `index` begins. A job that
 * runs through a boundary interleaves packets by decode time, so the audio
 * changes segment at the keyframe's decode timestamp (before its
 * presentation time when the video has B-frames), one AAC frame on (the
 * encoder's priming). A job started there by a seek trims its audio to the
 * same place, so segments from either job follow each other. Found by reading
 * the packets of the GOP before the keyframe (no decoding).
 */
export async function audioStartFor(job: SegmenterSource, index: number): Promise<number> {
	const start = job.plan.starts[index] ?? 0
	const absolute = start + job.startSeconds
	const packets = await videoPacketsAround(job.input, absolute - 0.5, absolute + 0.2)
	const keyframe = packets.find((packet) => Math.abs(packet.pts - absolute) < 0.002)
	const decodeAt = keyframe ? keyframe.dts - job.startSeconds : start
	return decodeAt + AAC_FRAME_SECONDS
}
