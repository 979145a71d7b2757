import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SAMPLE_CLIP_SECONDS, SAMPLE_FILE_NAMES, SAMPLE_FILES, SAMPLE_HLS, SAMPLE_SUBTITLES, hasSampleClip } from './clips.ts'

const CLIPS_DIR = path.resolve(process.cwd(), 'server/sources/sample/clips')

describe('hasSampleClip', () => {
	it.each([
		[{ type: 'movie' as const, tmdbId: 10378 }, true],
		[{ type: 'movie' as const, tmdbId: 45745 }, true],
		[{ type: 'movie' as const, tmdbId: 133701 }, true],
		[{ type: 'movie' as const, tmdbId: 550 }, false],
		[{ type: 'show' as const, tmdbId: 66732, season: { number: 1 }, episode: { number: 1 } }, true],
		[{ type: 'show' as const, tmdbId: 66732, season: { number: 1 }, episode: { number: 3 } }, true],
		[{ type: 'show' as const, tmdbId: 66732, season: { number: 1 }, episode: { number: 4 } }, false],
		[{ type: 'show' as const, tmdbId: 66732, season: { number: 2 }, episode: { number: 1 } }, false],
		// A movie id asked as a show is not the film.
		[{ type: 'show' as const, tmdbId: 10378, season: { number: 1 }, episode: { number: 1 } }, false],
	])('%o → %s', (request, expected) => {
		expect(hasSampleClip(request)).toBe(expected)
	})
})

describe('sample subtitles', () => {
	it('are an English SRT and a Spanish WebVTT with the intro cue first', () => {
		const [english, spanish] = SAMPLE_SUBTITLES
		expect(english!.text()).toMatch(/^1\n00:00:00,500 --> 00:00:04,500\nIntro: /)
		expect(english!.text()).toMatch(/\n5\n00:00:24,000 --> 00:00:29,000\n/)
		expect(spanish!.text()).toMatch(/^WEBVTT\n\n00:00:00\.500 --> 00:00:04\.500\nIntro: /)
		expect(spanish!.text()).toContain('no la película')
	})
})

describe('the committed clips', () => {
	it('are exactly the fixed list of files, small enough to commit', () => {
		const names = fs.readdirSync(CLIPS_DIR).sort()
		expect(names).toEqual([...SAMPLE_FILE_NAMES].sort())
		const total = names.reduce((sum, name) => sum + fs.statSync(path.join(CLIPS_DIR, name)).size, 0)
		expect(total).toBeLessThan(6 * 1024 * 1024)
		for (const subtitle of SAMPLE_SUBTITLES) expect(fs.readFileSync(path.join(CLIPS_DIR, subtitle.file), 'utf8')).toBe(subtitle.text())
	})

	it('are 1080p, 720p and 480p H.264 + AAC MP4 of the stated length', () => {
		const ffprobe = (createRequire(import.meta.url)('@ffprobe-installer/ffprobe') as { path: string }).path
		for (const [quality, file] of Object.entries(SAMPLE_FILES.mp4)) {
			const probe = JSON.parse(
				execFileSync(
					ffprobe,
					['-v', 'error', '-show_entries', 'stream=codec_name,height:format=duration', '-of', 'json', path.join(CLIPS_DIR, file)],
					{ encoding: 'utf8' },
				),
			) as {
				streams: Array<{ codec_name: string; height?: number }>
				format: { duration: string }
			}
			expect(probe.streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264'])
			expect(probe.streams.find((stream) => stream.codec_name === 'h264')?.height).toBe(Number(quality))
			expect(Number(probe.format.duration)).toBeCloseTo(SAMPLE_CLIP_SECONDS, 0)
		}
	})

	/** The streams of an MPEG-TS segment, from ffmpeg's own listing (the bundled ffprobe crashes on MPEG-TS). */
	function segmentStreams(name: string) {
		const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path
		const listing = spawnSync(ffmpeg, ['-hide_banner', '-i', path.join(CLIPS_DIR, name)], { encoding: 'utf8' }).stderr
		return listing.split('\n').filter((line) => line.includes('Stream #'))
	}

	it('offer HLS as a multivariant playlist: 720p and 480p video levels with their real codecs, English and Spanish audio', () => {
		const ffprobe = (createRequire(import.meta.url)('@ffprobe-installer/ffprobe') as { path: string }).path
		const read = (name: string) => fs.readFileSync(path.join(CLIPS_DIR, name), 'utf8')
		const uris = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'))
		const master = read(SAMPLE_FILES.playlist)
		expect(uris(master)).toEqual([SAMPLE_HLS.levels['720'].playlist, SAMPLE_HLS.levels['480'].playlist])
		expect([...master.matchAll(/TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="(\w+)",NAME="(\w+)"/g)].map((match) => [match[1], match[2]])).toEqual(
			[
				['en', 'English'],
				['es', 'Spanish'],
			],
		)
		for (const [height, level] of Object.entries(SAMPLE_HLS.levels)) {
			expect(master).toContain(
				`RESOLUTION=${Math.round((Number(height) * 16) / 9 / 2) * 2}x${height},CODECS="${level.codec},mp4a.40.2",AUDIO="audio"`,
			)
			expect(uris(read(level.playlist))).toEqual([...level.segments])
			// The segments are the MP4's picture copied, so the MP4 tells the level the codec string must name.
			const probe = JSON.parse(
				execFileSync(
					ffprobe,
					[
						'-v',
						'error',
						'-select_streams',
						'v',
						'-show_entries',
						'stream=profile,level',
						'-of',
						'json',
						path.join(CLIPS_DIR, SAMPLE_FILES.mp4[height as '720' | '480']),
					],
					{ encoding: 'utf8' },
				),
			) as {
				streams: Array<{ profile: string; level: number }>
			}
			expect(probe.streams[0]!.profile).toBe('High')
			expect(level.codec).toBe(`avc1.6400${probe.streams[0]!.level.toString(16).padStart(2, '0')}`)
			// Video only: the audio comes from the renditions.
			expect(segmentStreams(level.segments[0]!)).toEqual([expect.stringMatching(new RegExp(`Video: h264 \\(High\\).*x${height}`))])
		}
		for (const rendition of Object.values(SAMPLE_HLS.audio)) {
			const media = read(rendition.playlist)
			expect(uris(media)).toEqual([...rendition.segments])
			expect(media).toContain('#EXT-X-ENDLIST')
			expect(segmentStreams(rendition.segments[0]!)).toEqual([expect.stringMatching(/Audio: aac/)])
		}
	})
})
