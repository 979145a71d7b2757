import { describe, expect, it } from 'vitest'
import type { FileStream } from '#app/lib/sources/contract.ts'
import {
	episodeUnavailableText,
	formatSpeed,
	labelResolution,
	showUpNext,
	startAudioIndex,
	stepSpeed,
	upNextCountdown,
	activeCues,
	clampVolume,
	cueText,
	fileQualities,
	formatDelay,
	heightLabel,
	hlsBufferConfig,
	mediaSessionArtwork,
	preferBingeGroup,
	multipleStreamsText,
	NEXT_EPISODE_PERCENT,
	preferredAudioIndex,
	preferredCaption,
	recommendResolution,
	resumeTime,
	shouldAutoAdvance,
	shouldSaveProgress,
	showNextEpisode,
	showSkipCredits,
	showSkipIntro,
	skipIntroTarget,
	skipTime,
	sortQualityLabels,
	sourceFailedText,
	startQuality,
	stepSubtitleDelay,
	stepSubtitleSize,
} from './player-rules.ts'

const fileStream = (keys: string[]): FileStream => ({
	id: 's',
	sourceId: 'sample',
	label: 'Sample',
	captions: [],
	type: 'file',
	qualities: Object.fromEntries(keys.map((key) => [key, { type: 'mp4', url: `/v/${key}.mp4` }])),
})

describe('quality rules (§9)', () => {
	it('sorts labels in the §9 order with Auto last', () => {
		expect(sortQualityLabels(['Auto', '4K', '720p', '360p', 'Original', '1080p HDR', '1080p', '4K HDR', '480p'])).toEqual([
			'360p',
			'480p',
			'720p',
			'1080p',
			'1080p HDR',
			'4K',
			'4K HDR',
			'Original',
			'Auto',
		])
		expect(sortQualityLabels(['720p', '720p'])).toEqual(['720p'])
	})

	it('lists a file stream’s qualities in order', () => {
		expect(fileQualities(fileStream(['1080', 'unknown', '480', '720']))).toEqual(['480', '720', '1080', 'unknown'])
	})

	it('names HLS level heights', () => {
		expect([2160, 1080, 720, 480, 240].map(heightLabel)).toEqual(['4K', '1080p', '720p', '480p', '360p'])
		expect([0, Number.NaN].map(heightLabel)).toEqual(['Original', 'Original'])
	})

	it('recommends a resolution from the larger screen side', () => {
		expect(recommendResolution(3840, 2160)).toBe('4k')
		expect(recommendResolution(1080, 1920)).toBe('1080')
		expect(recommendResolution(1280, 800)).toBe('1080')
		expect(recommendResolution(1000, 700)).toBe('720')
		expect(recommendResolution(640, 360)).toBe('480')
		expect(recommendResolution(400, 300)).toBe('360')
	})

	it('starts at the quality setting, else the best within the device', () => {
		expect(startQuality(['480', '720', '1080'], '720p', '4k')).toBe('720')
		expect(startQuality(['480', '720', '1080'], 'auto', '720')).toBe('720')
		expect(startQuality(['480', '720', '1080'], '4K', '4k')).toBe('1080')
		expect(startQuality(['1080'], 'auto', '360')).toBe('1080')
		expect(startQuality(['unknown', '1080'], 'auto', '480')).toBe('unknown')
		expect(startQuality([], 'auto', '1080')).toBeNull()
	})
})

describe('hls.js buffer (§9)', () => {
	it('keeps 60 MB / 120 s on 2g and 3g, else 500 MB / 360 s; 10 fragment retries', () => {
		expect(hlsBufferConfig('3g')).toMatchObject({ maxBufferSize: 60_000_000, maxBufferLength: 120, fragLoadingMaxRetry: 10 })
		expect(hlsBufferConfig('2g')).toMatchObject({ maxBufferSize: 60_000_000 })
		expect(hlsBufferConfig('4g')).toMatchObject({ maxBufferSize: 500_000_000, maxBufferLength: 360 })
		expect(hlsBufferConfig(undefined)).toMatchObject({ maxBufferSize: 500_000_000 })
	})
})

describe('skip and volume (§5, §9)', () => {
	it('never skips below 0 or past the end', () => {
		expect(skipTime(4, -10, 100)).toBe(0)
		expect(skipTime(50, 10, 100)).toBe(60)
		expect(skipTime(95, 10, 100)).toBe(100)
		expect(skipTime(5, 10, Number.NaN)).toBe(15)
	})
	it('clamps volume', () => {
		expect(clampVolume(1.2)).toBe(1)
		expect(clampVolume(-0.1)).toBe(0)
		expect(clampVolume(Number.NaN)).toBe(0.1)
	})
})

describe('subtitles (§5, §9)', () => {
	it('moves size in 10 % steps between 50 and 200', () => {
		expect(stepSubtitleSize(100, 1)).toBe(110)
		expect(stepSubtitleSize(50, -1)).toBe(50)
		expect(stepSubtitleSize(200, 1)).toBe(200)
		expect(stepSubtitleSize(104, -1)).toBe(90)
	})
	it('moves delay in 0.2 s steps without drift', () => {
		let delay = 0
		for (let i = 0; i < 5; i += 1) delay = stepSubtitleDelay(delay, 1)
		expect(delay).toBe(1)
		expect(stepSubtitleDelay(0.2, -1)).toBe(0)
		expect(stepSubtitleDelay(-0.2, -1)).toBe(-0.4)
	})
	it('shows the delay in ms under 1 s', () => {
		expect(formatDelay(0.4)).toBe('400 ms')
		expect(formatDelay(-0.2)).toBe('-200 ms')
		expect(formatDelay(0)).toBe('0 ms')
		expect(formatDelay(1.2)).toBe('1.2 s')
	})
	it('times cues with the delay (positive = later)', () => {
		const cues = [
			{ startTime: 1, endTime: 2, text: 'a' },
			{ startTime: 2, endTime: 3, text: 'b' },
		]
		expect(activeCues(cues, 1.5, 0).map((cue) => cue.text)).toEqual(['a'])
		expect(activeCues(cues, 2.5, 1).map((cue) => cue.text)).toEqual(['a'])
		expect(activeCues(cues, 1.5, -0.6).map((cue) => cue.text)).toEqual(['b'])
		expect(activeCues(cues, 5, 0)).toEqual([])
	})
	it('strips cue markup', () => {
		expect(cueText('<i>Hello</i> <c.yellow>there</c>')).toBe('Hello there')
	})
	it('picks the preferred subtitle and audio language', () => {
		const captions = [
			{ id: '1', language: 'es' },
			{ id: '2', language: 'en' },
		]
		expect(preferredCaption(captions, 'english')?.id).toBe('2')
		expect(preferredCaption(captions, 'off')).toBeUndefined()
		expect(preferredCaption(captions, 'german')).toBeUndefined()
		expect(preferredAudioIndex([{ lang: 'en' }, { lang: 'spa' }], 'spanish')).toBe(1)
		expect(preferredAudioIndex([{ lang: 'en' }], 'japanese')).toBe(-1)
	})
})

describe('episodes, progress and resume (§4, §9)', () => {
	it('shows Skip Intro in the first 3 %, or during a known intro', () => {
		expect(showSkipIntro(2, 100)).toBe(true)
		expect(showSkipIntro(3, 100)).toBe(false)
		expect(showSkipIntro(4, 100, { start: 0, end: 5 })).toBe(true)
		expect(showSkipIntro(5, 100, { start: 0, end: 5 })).toBe(false)
		expect(showSkipIntro(0, 0)).toBe(false)
		expect(skipIntroTarget(200)).toBe(6)
		expect(skipIntroTarget(200, { start: 0, end: 5 })).toBe(5)
	})
	it('shows Skip Credits during known credits when nothing follows, never without a marker or over the up-next card', () => {
		const credits = { start: 1200, end: 1320 }
		expect(showSkipCredits(1199, 1320, credits, false)).toBe(false)
		expect(showSkipCredits(1200, 1320, credits, false)).toBe(true)
		expect(showSkipCredits(1319.5, 1320, credits, false)).toBe(false)
		expect(showSkipCredits(1250, 1320, credits, true)).toBe(false)
		expect(showSkipCredits(1250, 1320, undefined, false)).toBe(false)
		// A marker past the end of what plays (another cut of the file) is ignored.
		expect(showSkipCredits(1250, 1100, credits, false)).toBe(false)
	})
	it('shows Next Episode after 93 % and advances at 99.5 %', () => {
		expect(NEXT_EPISODE_PERCENT).toBe(93)
		expect(showNextEpisode(93, 100)).toBe(false)
		expect(showNextEpisode(93.5, 100)).toBe(true)
		expect(shouldAutoAdvance(99.4, 100)).toBe(false)
		expect(shouldAutoAdvance(99.5, 100)).toBe(true)
	})
	it('saves progress past 5 s on media of at least 10 s', () => {
		expect(shouldSaveProgress(6, 10)).toBe(true)
		expect(shouldSaveProgress(5, 100)).toBe(false)
		expect(shouldSaveProgress(6, 9)).toBe(false)
		expect(shouldSaveProgress(6, Number.NaN)).toBe(false)
	})
	it('resumes unless past 93 % (episodes) or 94 % (movies)', () => {
		expect(resumeTime('movie', { watched: 40, duration: 100 })).toBe(40)
		expect(resumeTime('movie', { watched: 93.5, duration: 100 })).toBe(93.5)
		expect(resumeTime('tv', { watched: 93.5, duration: 100 })).toBe(0)
		expect(resumeTime('movie', { watched: 95, duration: 100 })).toBe(0)
		expect(resumeTime('movie', undefined)).toBe(0)
	})
})

describe('texts (§8)', () => {
	it('formats the source messages exactly', () => {
		expect(sourceFailedText('Sample')).toBe('Failed to load source: Sample')
		expect(multipleStreamsText('Sample')).toBe('Multiple streams found on Sample. Please select any one.')
	})
})

describe('mediaSessionArtwork', () => {
	it("loads demo artwork from Willow's own art route, not TMDB's host", () => {
		const [artwork] = mediaSessionArtwork('/art/poster/movie-10378.webp')
		expect(artwork?.src).toBe('/api/images/art/poster/movie-10378.webp?w=342')
		expect(artwork?.type).toBe('image/webp')
	})
	it('loads TMDB poster paths from TMDB at w342', () => {
		expect(mediaSessionArtwork('/abc.jpg')).toEqual([
			{ src: 'https://image.tmdb.org/t/p/w342/abc.jpg', sizes: '342x513', type: 'image/jpeg' },
		])
	})
	it('gives no artwork without a poster', () => {
		expect(mediaSessionArtwork(null)).toEqual([])
	})
})

describe('preferBingeGroup', () => {
	const streams = [
		{ id: 'a', sourceId: 'other', bingeGroup: 'x' },
		{ id: 'b', sourceId: 'addon', bingeGroup: 'web-720' },
		{ id: 'c', sourceId: 'addon', bingeGroup: 'web-1080' },
		{ id: 'd', sourceId: 'addon' },
	]
	it('puts the same source and binge group first, then the same source, then the rest', () => {
		expect(preferBingeGroup(streams, { sourceId: 'addon', bingeGroup: 'web-1080' }).map((s) => s.id)).toEqual(['c', 'b', 'd', 'a'])
	})
	it('without a binge group keeps the current source first, in the order found', () => {
		expect(preferBingeGroup(streams, { sourceId: 'addon' }).map((s) => s.id)).toEqual(['b', 'c', 'd', 'a'])
		expect(preferBingeGroup(streams, undefined).map((s) => s.id)).toEqual(['a', 'b', 'c', 'd'])
	})
})

describe('up next (§4)', () => {
	it('shows from 93 % without credits, from the credits start with them; near misses do not', () => {
		expect(showUpNext(93, 100)).toBe(false)
		expect(showUpNext(93.1, 100)).toBe(true)
		expect(showUpNext(80, 100, { start: 80, end: 100 })).toBe(true)
		expect(showUpNext(79.9, 100, { start: 80, end: 100 })).toBe(false)
		// A marker outside the media (or at 0) is ignored: back to 93 %.
		expect(showUpNext(50, 100, { start: 0, end: 5 })).toBe(false)
		expect(showUpNext(95, 100, { start: 120, end: 130 })).toBe(true)
		expect(showUpNext(10, 0)).toBe(false)
	})

	it('counts whole seconds down to the 99.5 % advance, faster at a higher speed', () => {
		expect(upNextCountdown(28, 30)).toBe(2)
		expect(upNextCountdown(29.85, 30)).toBe(0)
		expect(upNextCountdown(30, 30)).toBe(0)
		expect(upNextCountdown(1900, 2000)).toBe(90)
		expect(upNextCountdown(1900, 2000, 2)).toBe(45)
		expect(upNextCountdown(5, Number.NaN)).toBe(0)
	})

	it('names the episode that cannot be played', () => {
		expect(episodeUnavailableText(4)).toBe("Episode 4 isn't available to play")
	})
})

describe('device choices (§9)', () => {
	it('steps the speed through 0.5–2× and snaps odd values', () => {
		expect(stepSpeed(1, 1)).toBe(1.25)
		expect(stepSpeed(2, 1)).toBe(2)
		expect(stepSpeed(0.5, -1)).toBe(0.5)
		expect(stepSpeed(1.1, 1)).toBe(1.25)
		expect(formatSpeed(1.5)).toBe('1.5×')
	})

	it('remembers a quality label as a device resolution, never Auto or Original', () => {
		expect(labelResolution('480p')).toBe('480')
		expect(labelResolution('4K HDR')).toBe('4k')
		expect(labelResolution('1080p HDR')).toBe('1080')
		expect(labelResolution('Auto (720p)')).toBeNull()
		expect(labelResolution('Original')).toBeNull()
	})

	it('starts with the audio chosen on the device, else the preferred language', () => {
		const tracks = [
			{ lang: 'en', name: 'English' },
			{ lang: 'es', name: 'Spanish' },
		]
		expect(startAudioIndex(tracks, 'es', 'english')).toBe(1)
		expect(startAudioIndex(tracks, 'fr', 'english')).toBe(0)
		expect(startAudioIndex(tracks, undefined, 'spanish')).toBe(1)
		expect(startAudioIndex(tracks, undefined, 'off')).toBe(-1)
	})
})
