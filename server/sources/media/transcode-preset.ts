// How Willow re-encodes a file a browser cannot play (HEVC, MPEG-4, 10-bit…)
// for HLS: the transcode preset (decision 0046). Pure, so the bench
// (bench/sources/transcode.ts) and the tests read the same arguments the
// server runs.
//
// Chosen for a small home server (measured on 2 cores: bench:sources): a
// transcode must run well ahead of the viewer (≥ 3× real time for 720p) and
// its first segment must come within seconds, so
// - the picture is scaled to fit 1280×720 (never up), keeping its shape;
// - x264 runs its `superfast` preset at a constant quality (CRF 23, at most
//   4 Mbit/s): it takes about a quarter less CPU than `veryfast` did, the
//   encoder's own threads (automatic) keep both cores busy;
// - a keyframe is forced on every segment boundary, so each segment starts
//   where the playlist says (the plan: hls-plan.ts);
// - audio becomes AAC stereo, which every browser plays.

/** The largest picture a transcode makes: 720p. Larger sources are scaled down to fit, keeping their shape. */
export const TRANSCODE_MAX_WIDTH = 1280
export const TRANSCODE_MAX_HEIGHT = 720
export const TRANSCODE_X264_PRESET = 'superfast'
export const TRANSCODE_CRF = 23
/** A cap on the video's bit rate (grainy films at CRF 23 would take 8 Mbit/s and more): within a home upload. */
export const TRANSCODE_MAXRATE = '4M'

/**
 * ffmpeg's scale filter for "fit in 1280×720, never enlarge, even sizes"
 * (H.264 in 4:2:0 needs them), written with expressions the older bundled
 * ffmpeg knows too.
 */
export function transcodeScaleFilter(maxWidth = TRANSCODE_MAX_WIDTH, maxHeight = TRANSCODE_MAX_HEIGHT): string {
	// Quoted, so the commas inside belong to the expressions, not to the filter graph.
	const factor = `min(1,min(${maxWidth}/iw,${maxHeight}/ih))`
	return `scale=w='trunc(iw*${factor}/2)*2':h='trunc(ih*${factor}/2)*2'`
}

/**
 * The video half of a transcode: `keyframesAt` are the boundaries (seconds
 * from the job's own start, which is 0 in the output) where a segment
 * begins, each given a keyframe.
 */
export function transcodeVideoArgs(keyframesAt: readonly number[]): string[] {
	return [
		'-c:v',
		'libx264',
		'-preset',
		TRANSCODE_X264_PRESET,
		'-crf',
		String(TRANSCODE_CRF),
		'-maxrate',
		TRANSCODE_MAXRATE,
		'-bufsize',
		'8M',
		'-pix_fmt',
		'yuv420p',
		'-vf',
		transcodeScaleFilter(),
		'-force_key_frames',
		keyframesAt.map((time) => time.toFixed(3)).join(','),
	]
}

/** The audio half of every HLS job (remux or transcode): AAC stereo. */
export function transcodeAudioArgs(): string[] {
	return ['-c:a', 'aac', '-ac', '2', '-b:a', '160k']
}
