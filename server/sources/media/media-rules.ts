// How Willow decides what a browser can play, from ffprobe's JSON. Pure (no
// I/O) so the rules are unit-tested on their own: the ffmpeg layer probes,
// this module reads the answer.
//
// Browsers play MP4/MOV and WebM natively with H.264 (8-bit), VP8, VP9 or AV1
// video and AAC, MP3, Opus or Vorbis audio; anything else goes through HLS
// (MPEG-TS segments, which hls.js turns into fMP4 for Media Source). MPEG-TS
// can carry H.264 but not VP8/VP9/AV1, so only H.264 video can be copied
// ("remux"); other video is re-encoded with libx264 ("transcode").

export interface SubtitleTrack {
	/** ffprobe's absolute stream index (what `-map 0:<index>` takes). */
	streamIndex: number
	codec: string
	language: string | null
	title: string | null
	forced: boolean
	/** A text track that can be converted to WebVTT (bitmap tracks such as PGS cannot). */
	text: boolean
}

export interface ProbedMedia {
	durationSeconds: number
	/** Normalised container: mp4, mov, webm, matroska, avi, mpegts, or ffprobe's first format name. */
	container: string
	videoCodec: string | null
	width: number | null
	height: number | null
	audioCodecs: string[]
	subtitleTracks: SubtitleTrack[]
	/** Video pixel format (10-bit H.264 is not playable in browsers). */
	pixelFormat?: string | null
	/** The container's start time (ffmpeg shifts it to 0: keyframe times are relative to it). */
	startSeconds?: number
	/**
	 * Keyframe times of the video (seconds from the start), read for files that
	 * are remuxed: segments are cut on them (decision 0035). null: they could
	 * not be read, so the video is re-encoded instead; absent: not read yet.
	 */
	keyframes?: number[] | null
}

/** How a browser can play a file: as it is, or through HLS (copy video + AAC audio, or full transcode). */
export type Playability = { mode: 'direct'; mimeType?: 'video/mp4' | 'video/webm' } | { mode: 'remux' } | { mode: 'transcode' }

const TEXT_SUBTITLE_CODECS = new Set(['subrip', 'srt', 'ass', 'ssa', 'mov_text', 'webvtt', 'text'])
const DIRECT_VIDEO = new Set(['h264', 'vp8', 'vp9', 'av1'])
const WEBM_VIDEO = new Set(['vp8', 'vp9', 'av1'])
const DIRECT_AUDIO = new Set(['aac', 'mp3', 'opus', 'vorbis'])
const WEBM_AUDIO = new Set(['opus', 'vorbis'])

/** ffprobe's format_name is a comma list ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm"). */
export function normaliseContainer(formatName: string, videoCodec: string | null, audioCodecs: string[]): string {
	const names = formatName.toLowerCase().split(',')
	if (names.includes('mp4') || names.includes('mov')) return names.includes('mp4') ? 'mp4' : 'mov'
	if (names.includes('matroska') || names.includes('webm')) {
		// Matroska and WebM share one demuxer; WebM is Matroska restricted to these codecs.
		const webmVideo = videoCodec === null || WEBM_VIDEO.has(videoCodec)
		const webmAudio = audioCodecs.every((codec) => WEBM_AUDIO.has(codec))
		return webmVideo && webmAudio && (videoCodec !== null || audioCodecs.length > 0) ? 'webm' : 'matroska'
	}
	if (names.includes('avi')) return 'avi'
	if (names.includes('mpegts')) return 'mpegts'
	return names[0] ?? 'unknown'
}

function isEightBit(pixelFormat: string | null | undefined) {
	// yuv420p10le, yuv422p, yuv444p… are outside what browsers decode for H.264.
	return pixelFormat === undefined || pixelFormat === null || pixelFormat === 'yuv420p' || pixelFormat === 'yuvj420p'
}

export function playabilityOf(probe: ProbedMedia): Playability {
	const video = probe.videoCodec
	const audioDirect = probe.audioCodecs.every((codec) => DIRECT_AUDIO.has(codec))
	const h264Playable = video === 'h264' && isEightBit(probe.pixelFormat)
	if (probe.container === 'mp4' || probe.container === 'mov') {
		if ((video === null || (DIRECT_VIDEO.has(video) && (video !== 'h264' || h264Playable))) && audioDirect) {
			return { mode: 'direct', mimeType: 'video/mp4' }
		}
	}
	if (probe.container === 'webm' && (video === null || WEBM_VIDEO.has(video)) && audioDirect) {
		return { mode: 'direct', mimeType: 'video/webm' }
	}
	if (video === null) return { mode: 'remux' }
	// Copied video can only be cut on its own keyframes; without them it is re-encoded.
	if (h264Playable && probe.keyframes !== null) return { mode: 'remux' }
	return { mode: 'transcode' }
}

/** True when the file would be remuxed if its keyframes were known (the prober reads them then). */
export function needsKeyframes(probe: ProbedMedia): boolean {
	return playabilityOf({ ...probe, keyframes: [] }).mode === 'remux' && probe.videoCodec !== null
}

// --- ffprobe JSON ---------------------------------------------------------

interface FfprobeStream {
	index?: number
	codec_type?: string
	codec_name?: string
	width?: number
	height?: number
	pix_fmt?: string
	duration?: string
	disposition?: { forced?: number; attached_pic?: number }
	tags?: Record<string, string>
}

interface FfprobeJson {
	streams?: FfprobeStream[]
	format?: { format_name?: string; duration?: string; start_time?: string }
}

function tag(tags: Record<string, string> | undefined, name: string): string | null {
	if (!tags) return null
	for (const [key, value] of Object.entries(tags)) {
		if (key.toLowerCase() === name && value.trim() !== '') return value.trim()
	}
	return null
}

/** Reads `ffprobe -print_format json -show_format -show_streams` output; throws on anything unusable. */
export function parseFfprobeJson(text: string): ProbedMedia {
	let json: FfprobeJson
	try {
		json = JSON.parse(text) as FfprobeJson
	} catch {
		throw new Error('ffprobe returned malformed JSON')
	}
	const streams = Array.isArray(json.streams) ? json.streams : []
	// Cover art is a "video" stream too (attached_pic); it is not the film.
	const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic)
	const audio = streams.filter((s) => s.codec_type === 'audio' && typeof s.codec_name === 'string')
	const audioCodecs = audio.map((s) => s.codec_name as string)
	const videoCodec = video?.codec_name ?? null
	let duration = Number(json.format?.duration)
	if (!Number.isFinite(duration) || duration <= 0) {
		duration = Math.max(0, ...streams.map((s) => Number(s.duration)).filter((d) => Number.isFinite(d)))
	}
	if (!video && audio.length === 0) throw new Error('no audio or video stream')
	const subtitleTracks: SubtitleTrack[] = streams
		.filter((s) => s.codec_type === 'subtitle' && typeof s.index === 'number')
		.map((s) => ({
			streamIndex: s.index as number,
			codec: s.codec_name ?? 'unknown',
			language: tag(s.tags, 'language'),
			title: tag(s.tags, 'title'),
			forced: s.disposition?.forced === 1,
			text: TEXT_SUBTITLE_CODECS.has(s.codec_name ?? ''),
		}))
	return {
		durationSeconds: duration,
		container: normaliseContainer(json.format?.format_name ?? 'unknown', videoCodec, audioCodecs),
		videoCodec,
		width: video?.width ?? null,
		height: video?.height ?? null,
		audioCodecs,
		subtitleTracks,
		pixelFormat: video?.pix_fmt ?? null,
		startSeconds: Number.isFinite(Number(json.format?.start_time)) ? Number(json.format?.start_time) : 0,
	}
}

// --- `ffmpeg -i` report (fallback) ------------------------------------------
// The bundled ffprobe build crashes on MPEG-TS input (a known fault of that
// static build); ffmpeg's own report of its input says enough to decide how
// to play the file, so probing falls back to it.

function clockSeconds(text: string): number {
	const match = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text)
	if (!match) return 0
	return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3])
}

/** Reads the stderr of `ffmpeg -hide_banner -i <input>`; throws when it names no usable stream. */
export function parseFfmpegInputReport(text: string): ProbedMedia {
	const format = /^Input #0, (.+?), from /m.exec(text)?.[1]
	if (!format) throw new Error('ffmpeg could not read the input')
	const durationSeconds = clockSeconds(/^\s*Duration: ([\d:.]+)/m.exec(text)?.[1] ?? '')
	const startSeconds = Number(/^\s*Duration: .*?, start: (-?[\d.]+)/m.exec(text)?.[1] ?? 0)
	let videoCodec: string | null = null
	let width: number | null = null
	let height: number | null = null
	let pixelFormat: string | null = null
	const audioCodecs: string[] = []
	const subtitleTracks: SubtitleTrack[] = []
	let currentSubtitle: SubtitleTrack | null = null
	for (const line of text.split('\n')) {
		const stream = /^\s*Stream #0:(\d+)(?:\[0x[0-9a-f]+\])?(?:\((\w+)\))?: (Video|Audio|Subtitle): (\w+)(.*)$/.exec(line)
		if (stream) {
			const [, index, language, type, codec, rest = ''] = stream
			currentSubtitle = null
			if (type === 'Video' && videoCodec === null && !rest.includes('(attached pic)')) {
				videoCodec = codec!
				const size = /, (\d{2,5})x(\d{2,5})[ ,]/.exec(rest)
				width = size ? Number(size[1]) : null
				height = size ? Number(size[2]) : null
				pixelFormat = /, ((?:yuvj?|nv|gray|rgb|bgr|p0)\w*)[(,]/.exec(rest)?.[1] ?? null
			} else if (type === 'Audio') {
				audioCodecs.push(codec!)
			} else if (type === 'Subtitle') {
				currentSubtitle = {
					streamIndex: Number(index),
					codec: codec!,
					language: language && language !== 'und' ? language : null,
					title: null,
					forced: rest.includes('(forced)'),
					text: TEXT_SUBTITLE_CODECS.has(codec!),
				}
				subtitleTracks.push(currentSubtitle)
			}
			continue
		}
		const title = /^\s{6,}title\s*: (.+)$/.exec(line)
		if (title && currentSubtitle) currentSubtitle.title = title[1]!.trim()
	}
	if (videoCodec === null && audioCodecs.length === 0) throw new Error('no audio or video stream')
	return {
		durationSeconds,
		container: normaliseContainer(format, videoCodec, audioCodecs),
		videoCodec,
		width,
		height,
		audioCodecs,
		subtitleTracks,
		pixelFormat,
		startSeconds: Number.isFinite(startSeconds) ? startSeconds : 0,
	}
}
