import { describe, expect, it } from 'vitest'
import {
	needsKeyframes,
	normaliseContainer,
	parseFfmpegInputReport,
	parseFfprobeJson,
	playabilityOf,
	type ProbedMedia,
} from './media-rules.ts'

const base: ProbedMedia = {
	durationSeconds: 100,
	container: 'mp4',
	videoCodec: 'h264',
	width: 1920,
	height: 1080,
	audioCodecs: ['aac'],
	subtitleTracks: [],
	pixelFormat: 'yuv420p',
}

describe('playabilityOf', () => {
	it('plays MP4/MOV/WebM with browser codecs directly', () => {
		expect(playabilityOf(base)).toEqual({ mode: 'direct', mimeType: 'video/mp4' })
		expect(playabilityOf({ ...base, container: 'mov', audioCodecs: ['mp3'] }).mode).toBe('direct')
		expect(playabilityOf({ ...base, videoCodec: 'av1', audioCodecs: ['opus'] }).mode).toBe('direct')
		expect(playabilityOf({ ...base, container: 'webm', videoCodec: 'vp9', audioCodecs: ['opus'] })).toEqual({
			mode: 'direct',
			mimeType: 'video/webm',
		})
		expect(playabilityOf({ ...base, audioCodecs: [] }).mode).toBe('direct')
	})

	it('remuxes H.264 in other containers or with other audio', () => {
		expect(playabilityOf({ ...base, container: 'matroska' }).mode).toBe('remux')
		expect(playabilityOf({ ...base, container: 'avi', audioCodecs: ['mp3'] }).mode).toBe('remux')
		expect(playabilityOf({ ...base, container: 'mpegts' }).mode).toBe('remux')
		for (const audio of ['ac3', 'eac3', 'dts', 'truehd', 'flac']) {
			expect(playabilityOf({ ...base, audioCodecs: [audio] }).mode).toBe('remux')
		}
		expect(playabilityOf({ ...base, audioCodecs: ['aac', 'ac3'] }).mode).toBe('remux')
	})

	it('re-encodes H.264 whose keyframes could not be read (copied video is cut on them)', () => {
		expect(playabilityOf({ ...base, container: 'matroska', keyframes: [0, 10] }).mode).toBe('remux')
		expect(playabilityOf({ ...base, container: 'matroska', keyframes: null }).mode).toBe('transcode')
		expect(needsKeyframes({ ...base, container: 'matroska' })).toBe(true)
		expect(needsKeyframes(base)).toBe(false)
		expect(needsKeyframes({ ...base, container: 'matroska', videoCodec: 'hevc' })).toBe(false)
	})

	it('transcodes HEVC, MPEG-4 part 2, 10-bit H.264 and VP9 that cannot stay in its container', () => {
		expect(playabilityOf({ ...base, videoCodec: 'hevc' }).mode).toBe('transcode')
		expect(playabilityOf({ ...base, container: 'avi', videoCodec: 'mpeg4', audioCodecs: ['mp3'] }).mode).toBe('transcode')
		expect(playabilityOf({ ...base, container: 'matroska', pixelFormat: 'yuv420p10le' }).mode).toBe('transcode')
		expect(playabilityOf({ ...base, container: 'matroska', videoCodec: 'vp9', audioCodecs: ['ac3'] }).mode).toBe('transcode')
	})
})

describe('normaliseContainer', () => {
	it('names the container from ffprobe format names and codecs', () => {
		expect(normaliseContainer('mov,mp4,m4a,3gp,3g2,mj2', 'h264', ['aac'])).toBe('mp4')
		expect(normaliseContainer('matroska,webm', 'vp9', ['opus'])).toBe('webm')
		expect(normaliseContainer('matroska,webm', 'h264', ['ac3'])).toBe('matroska')
		expect(normaliseContainer('matroska,webm', 'vp9', ['ac3'])).toBe('matroska')
		expect(normaliseContainer('avi', 'mpeg4', ['mp3'])).toBe('avi')
		expect(normaliseContainer('mpegts', 'h264', ['aac'])).toBe('mpegts')
	})
})

describe('parseFfprobeJson', () => {
	const json = {
		streams: [
			{ index: 0, codec_type: 'video', codec_name: 'mjpeg', width: 300, height: 300, disposition: { attached_pic: 1 } },
			{ index: 1, codec_type: 'video', codec_name: 'h264', width: 1280, height: 720, pix_fmt: 'yuv420p', disposition: { attached_pic: 0 } },
			{ index: 2, codec_type: 'audio', codec_name: 'ac3' },
			{ index: 3, codec_type: 'subtitle', codec_name: 'subrip', tags: { language: 'eng', title: 'English' }, disposition: { forced: 0 } },
			{ index: 4, codec_type: 'subtitle', codec_name: 'hdmv_pgs_subtitle', tags: { LANGUAGE: 'spa' }, disposition: { forced: 1 } },
		],
		format: { format_name: 'matroska,webm', duration: '20.005000', start_time: '0.007000' },
	}

	it('reads codecs, size, duration and subtitle tracks, ignoring cover art', () => {
		expect(parseFfprobeJson(JSON.stringify(json))).toEqual({
			durationSeconds: 20.005,
			container: 'matroska',
			videoCodec: 'h264',
			width: 1280,
			height: 720,
			audioCodecs: ['ac3'],
			pixelFormat: 'yuv420p',
			startSeconds: 0.007,
			subtitleTracks: [
				{ streamIndex: 3, codec: 'subrip', language: 'eng', title: 'English', forced: false, text: true },
				{ streamIndex: 4, codec: 'hdmv_pgs_subtitle', language: 'spa', title: null, forced: true, text: false },
			],
		})
	})

	it('rejects malformed output and files without audio or video', () => {
		expect(() => parseFfprobeJson('not json')).toThrow(/malformed/)
		expect(() =>
			parseFfprobeJson(JSON.stringify({ streams: [{ index: 0, codec_type: 'subtitle', codec_name: 'subrip' }], format: {} })),
		).toThrow(/no audio or video/)
	})

	it('falls back to stream durations when the format has none', () => {
		const probe = parseFfprobeJson(
			JSON.stringify({ streams: [{ index: 0, codec_type: 'audio', codec_name: 'mp3', duration: '12.5' }], format: { format_name: 'mp3' } }),
		)
		expect(probe.durationSeconds).toBe(12.5)
		expect(probe.videoCodec).toBeNull()
	})
})

describe('parseFfmpegInputReport', () => {
	it('reads an MPEG-TS report (what the bundled ffprobe cannot probe)', () => {
		const report = [
			"Input #0, mpegts, from 'film.ts':",
			'  Duration: 01:02:03.50, start: 13.426333, bitrate: 7126 kb/s',
			'  Program 1 ',
			'    Stream #0:0[0x100]: Video: h264 (High) ([27][0][0][0] / 0x001B), yuv420p10le(progressive), 1920x1080 [SAR 1:1 DAR 16:9], 24 fps, 24 tbr, 90k tbn, 48 tbc',
			'    Stream #0:1[0x101](eng): Audio: ac3 ([129][0][0][0] / 0x0081), 48000 Hz, 5.1(side), fltp, 384 kb/s',
			'    Stream #0:2[0x102](spa): Audio: aac (LC) ([15][0][0][0] / 0x000F), 48000 Hz, stereo, fltp, 87 kb/s',
			'At least one output file must be specified',
		].join('\n')
		const probe = parseFfmpegInputReport(report)
		expect(probe).toEqual({
			durationSeconds: 3723.5,
			container: 'mpegts',
			videoCodec: 'h264',
			width: 1920,
			height: 1080,
			audioCodecs: ['ac3', 'aac'],
			subtitleTracks: [],
			pixelFormat: 'yuv420p10le',
			startSeconds: 13.426333,
		})
		expect(playabilityOf(probe).mode).toBe('transcode')
	})

	it('reads subtitle tracks with language, title and forced flag, skipping cover art', () => {
		const report = [
			"Input #0, matroska,webm, from 'film.mkv':",
			'  Duration: 00:00:20.01, start: 0.000000, bitrate: 313 kb/s',
			'    Stream #0:0: Video: mjpeg, yuvj420p(pc, bt470bg/unknown/unknown), 300x300, 90k tbr, 90k tbn, 90k tbc (attached pic)',
			'    Stream #0:1: Video: hevc (Main), yuv420p(tv), 3840x2160, 23.98 fps (default)',
			'    Stream #0:2: Audio: truehd, 48000 Hz, 7.1, s32 (24 bit) (default)',
			'    Stream #0:3(eng): Subtitle: subrip (default)',
			'    Metadata:',
			'      title           : English SDH',
			'    Stream #0:4(fre): Subtitle: hdmv_pgs_subtitle (forced)',
		].join('\n')
		const probe = parseFfmpegInputReport(report)
		expect(probe).toMatchObject({
			container: 'matroska',
			videoCodec: 'hevc',
			width: 3840,
			height: 2160,
			audioCodecs: ['truehd'],
			durationSeconds: 20.01,
		})
		expect(probe.subtitleTracks).toEqual([
			{ streamIndex: 3, codec: 'subrip', language: 'eng', title: 'English SDH', forced: false, text: true },
			{ streamIndex: 4, codec: 'hdmv_pgs_subtitle', language: 'fre', title: null, forced: true, text: false },
		])
	})

	it('rejects a report without an input or streams', () => {
		expect(() => parseFfmpegInputReport('film.ts: Invalid data found when processing input')).toThrow(/could not read/)
		expect(() => parseFfmpegInputReport("Input #0, mpegts, from 'x.ts':\n  Duration: N/A")).toThrow(/no audio or video/)
	})
})
