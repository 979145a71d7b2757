import { EPISODE_FINISHED_PERCENT, MOVIE_FINISHED_PERCENT } from '#app/lib/library/history.ts'
import { imageUrl, isArtPath } from '#app/lib/catalog/images.ts'
import type { FileStream, QualityKey } from '#app/lib/sources/contract.ts'
import { SUBTITLE_DELAY_LIMIT } from '#app/lib/sync/settings-options.ts'

// Pure rules of the player (product.md §4 Player states / Next episode / Resume, §5
// subtitle size and delay, skip, §8 texts, §9 player constants). No I/O.

export const CONTROLS_HIDE_MS = 3000
export const DEFAULT_VOLUME = 0.1
export const SKIP_SECONDS = 10
export const PROGRESS_SAVE_MS = 2000
/** Progress is saved once playback is past this point … */
export const PROGRESS_MIN_WATCHED_S = 5
/** … on media at least this long. */
export const PROGRESS_MIN_DURATION_S = 10
export const SKIP_INTRO_PERCENT = 3
/** "Next Episode" shows from here; the same rule as a finished episode in the history. */
export const NEXT_EPISODE_PERCENT = EPISODE_FINISHED_PERCENT
export const AUTO_ADVANCE_PERCENT = 99.5
export const NETWORK_RETRIES = 3
export const FRAGMENT_RETRIES = 10

export const SUBTITLE_DELAY_STEP_S = 0.2
export const SUBTITLE_DELAY_LIMIT_S = SUBTITLE_DELAY_LIMIT

export const TEXT = {
	loading: 'Loading...',
	fatalTitle: "The video couldn't be loaded.",
	fatalNetwork: 'Check your internet connection and try again.',
	fatalOther: 'An error occurred while loading the video.',
	hlsUnsupported: 'HLS is not supported in this browser',
	networkFailed: 'Network error: Failed to load after 3 attempts.',
	unexpected: 'An unexpected error occurred',
	fatalHls: 'Fatal HLS error',
	initFailed: 'Failed to initialize video player',
	noQuality: 'No valid quality found',
	qualityMissing: 'Selected quality not available',
	pip: 'Your browser cannot use picture-in-picture right now, try again later...',
	changeSourceFailed: 'Failed to change video source. Please try another source.',
	skipIntro: 'Skip Intro',
	skipCredits: 'Skip Credits',
	nextEpisode: 'Next Episode',
} as const

export const qualitySwitchFailedText = (quality: string) => `Failed to switch to ${quality}`
export const sourceFailedText = (name: string) => `Failed to load source: ${name}`
export const multipleStreamsText = (name: string) => `Multiple streams found on ${name}. Please select any one.`

/** §9 quality ordering. */
export const QUALITY_ORDER = ['360p', '480p', '720p', '1080p', '1080p HDR', '4K', '4K HDR', 'Original', 'Auto'] as const

const KEY_LABEL: Record<QualityKey, string> = {
	'360': '360p',
	'480': '480p',
	'720': '720p',
	'1080': '1080p',
	'4k': '4K',
	unknown: 'Original',
}

export function qualityLabel(key: QualityKey): string {
	return KEY_LABEL[key]
}

/** Labels (e.g. from HLS level heights) sorted in §9 order; unknown labels go last but before Auto. */
export function sortQualityLabels(labels: readonly string[]): string[] {
	const rank = (label: string) => {
		const index = (QUALITY_ORDER as readonly string[]).indexOf(label)
		return index === -1 ? QUALITY_ORDER.length - 1.5 : index
	}
	return [...new Set(labels)].sort((a, b) => rank(a) - rank(b))
}

/** The qualities a file stream offers, in §9 order. */
export function fileQualities(stream: FileStream): QualityKey[] {
	const keys = (Object.keys(stream.qualities) as QualityKey[]).filter((key) => stream.qualities[key]?.url)
	const rank = (key: QualityKey) => (QUALITY_ORDER as readonly string[]).indexOf(qualityLabel(key))
	return keys.sort((a, b) => rank(a) - rank(b))
}

/** An HLS level height as a §9 label. */
export function heightLabel(height: number): string {
	// A media playlist without a master names no height: its one level is the original.
	if (!Number.isFinite(height) || height <= 0) return 'Original'
	if (height >= 2160) return '4K'
	if (height >= 1080) return '1080p'
	if (height >= 720) return '720p'
	if (height >= 480) return '480p'
	return '360p'
}

export type DeviceResolution = '4k' | '1080' | '720' | '480' | '360'

/** §9: from the larger screen side (in device pixels). */
export function recommendResolution(width: number, height: number): DeviceResolution {
	const side = Math.max(width, height)
	if (side >= 2160) return '4k'
	if (side >= 1080) return '1080'
	if (side >= 720) return '720'
	if (side >= 480) return '480'
	return '360'
}

const RESOLUTION_RANK: Record<QualityKey, number> = { '360': 360, '480': 480, '720': 720, '1080': 1080, '4k': 2160, unknown: 0 }
const SETTING_KEY: Record<string, QualityKey | undefined> = { '4K': '4k', '1080p': '1080', '720p': '720', '480p': '480' }

/**
 * The quality a file stream starts at: the quality setting when the stream has
 * it, else (auto, or missing) the best one not above the device's recommendation,
 * else the lowest offered. Null when the stream has no playable quality.
 */
export function startQuality(available: readonly QualityKey[], setting: string, device: DeviceResolution): QualityKey | null {
	if (available.length === 0) return null
	const wanted = SETTING_KEY[setting]
	if (wanted && available.includes(wanted)) return wanted
	const cap = RESOLUTION_RANK[device]
	const ranked = [...available].sort((a, b) => RESOLUTION_RANK[b] - RESOLUTION_RANK[a])
	return (
		ranked.find((key) => key !== 'unknown' && RESOLUTION_RANK[key] <= cap) ??
		(available.includes('unknown') ? 'unknown' : ranked[ranked.length - 1]!)
	)
}

/** §9 hls.js buffer limits by connection. */
export function hlsBufferConfig(effectiveType: string | undefined) {
	const slow = effectiveType === '2g' || effectiveType === 'slow-2g' || effectiveType === '3g'
	return {
		maxBufferSize: (slow ? 60 : 500) * 1000 * 1000,
		maxBufferLength: slow ? 120 : 360,
		maxMaxBufferLength: slow ? 120 : 360,
		fragLoadingMaxRetry: FRAGMENT_RETRIES,
	}
}

/** §5: skip never goes below 0 (nor past the end when known). */
export function skipTime(current: number, delta: number, duration: number): number {
	const target = Math.max(0, current + delta)
	return Number.isFinite(duration) && duration > 0 ? Math.min(target, duration) : target
}

export function clampVolume(volume: number): number {
	if (!Number.isFinite(volume)) return DEFAULT_VOLUME
	return Math.min(1, Math.max(0, Math.round(volume * 100) / 100))
}

/** §5 subtitle size 50–200 % in 10 % steps. */
export function stepSubtitleSize(size: number, direction: 1 | -1): number {
	const next = Math.round(size / 10) * 10 + direction * 10
	return Math.min(200, Math.max(50, next))
}

/** §5 delay in 0.2 s steps, rounded to one decimal so steps never drift. */
export function stepSubtitleDelay(delay: number, direction: 1 | -1): number {
	const next = Math.round((delay + direction * SUBTITLE_DELAY_STEP_S) * 10) / 10
	return Math.min(SUBTITLE_DELAY_LIMIT_S, Math.max(-SUBTITLE_DELAY_LIMIT_S, next === 0 ? 0 : next))
}

/** Playback speeds offered, slowest first. */
export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const

/** The next offered speed up or down from `speed` (an unknown speed snaps to the nearest offered one). */
export function stepSpeed(speed: number, direction: 1 | -1): number {
	const nearest = PLAYBACK_SPEEDS.reduce((best, item) => (Math.abs(item - speed) < Math.abs(best - speed) ? item : best), 1)
	const index = PLAYBACK_SPEEDS.indexOf(nearest) + direction
	return PLAYBACK_SPEEDS[Math.min(PLAYBACK_SPEEDS.length - 1, Math.max(0, index))]!
}

export const formatSpeed = (speed: number) => `${speed}×`

/** The device resolution a chosen quality label stands for (remembered as deviceBestResolution); null for Auto and Original. */
export function labelResolution(label: string): DeviceResolution | null {
	const match = /^(4K|1080p|720p|480p|360p)/.exec(label)
	if (!match) return null
	return match[1] === '4K' ? '4k' : (match[1]!.replace('p', '') as DeviceResolution)
}

/** The audio track to start with: the one chosen on this device when the stream has it, else the preferred language's; -1 when none. */
export function startAudioIndex(
	tracks: ReadonlyArray<{ lang?: string; name?: string }>,
	deviceChoice: string | undefined,
	preferred: string,
): number {
	if (deviceChoice) {
		const chosen = tracks.findIndex((track) => track.lang === deviceChoice || track.name === deviceChoice)
		if (chosen >= 0) return chosen
	}
	return preferredAudioIndex(tracks, preferred)
}

/** §9: the delay is shown in ms below 1 s, else in seconds. */
export function formatDelay(delay: number): string {
	if (Math.abs(delay) < 1) return `${Math.round(delay * 1000)} ms`
	return `${delay.toFixed(1)} s`
}

export interface TimedCue {
	startTime: number
	endTime: number
	text: string
}

/**
 * The cues showing at `time` with a delay: a positive delay shows subtitles later.
 */
export function activeCues<T extends TimedCue>(cues: readonly T[], time: number, delay: number): T[] {
	const at = time - delay
	return cues.filter((cue) => cue.startTime <= at && at < cue.endTime)
}

/** Strips tags of a cue's text (VTT <i>, <b>, <c.x>, voice spans, SRT <font>). */
export function cueText(text: string): string {
	return text.replace(/<[^>]*>/g, '')
}

export const percentOf = (time: number, duration: number) => (duration > 0 && Number.isFinite(duration) ? (time / duration) * 100 : 0)

/** §4: "Skip Intro" in the first 3 % (or until the known intro end, whichever the stream says). */
export function showSkipIntro(time: number, duration: number, intro?: { start: number; end: number }): boolean {
	if (!(duration > 0)) return false
	if (intro && intro.end > 0) return time >= intro.start && time < intro.end
	return percentOf(time, duration) < SKIP_INTRO_PERCENT
}

/** Where Skip Intro jumps: the intro's end when known, else 3 % of the duration. */
export function skipIntroTarget(duration: number, intro?: { start: number; end: number }): number {
	if (intro && intro.end > 0) return intro.end
	return (duration * SKIP_INTRO_PERCENT) / 100
}

export const showNextEpisode = (time: number, duration: number) => percentOf(time, duration) > NEXT_EPISODE_PERCENT

/** Whether a stream's credits marker is usable for media this long. */
const usableCredits = (duration: number, credits?: { start: number; end: number }) =>
	credits !== undefined && Number.isFinite(credits.start) && credits.start > 0 && credits.start < duration

/** §4 Up next: the card shows from the credits' start when the stream knows it, else from 93 %. */
export function showUpNext(time: number, duration: number, credits?: { start: number; end: number }): boolean {
	if (!(duration > 0)) return false
	if (usableCredits(duration, credits)) return time >= credits!.start
	return showNextEpisode(time, duration)
}

/**
 * "Skip Credits" while a known credits marker plays and nothing follows (a film, the last
 * episode there is to play, or the up-next card cancelled): it jumps to the credits' end.
 * While the up-next card offers a next episode to play, the card takes its place; a card
 * that says the next has nothing to play does not.
 */
export function showSkipCredits(
	time: number,
	duration: number,
	credits: { start: number; end: number } | undefined,
	nextOffered: boolean,
): boolean {
	if (!(duration > 0) || nextOffered || !usableCredits(duration, credits)) return false
	return time >= credits!.start && time < Math.min(credits!.end, duration) - 1
}

/** Whole seconds left until the 99.5 % advance at this playback speed (never below 0). */
export function upNextCountdown(time: number, duration: number, speed = 1): number {
	if (!(duration > 0)) return 0
	const left = (duration * AUTO_ADVANCE_PERCENT) / 100 - time
	return Math.max(0, Math.ceil(left / (speed > 0 ? speed : 1)))
}

export const upNextCountdownText = (seconds: number) => `Playing in ${seconds} s`
export const episodeUnavailableText = (episode: number) => `Episode ${episode} isn't available to play`
export const nextEpisodeLabel = (season: number, episode: number, name?: string) => `S${season}E${episode}${name ? ` · ${name}` : ''}`
export const shouldAutoAdvance = (time: number, duration: number) => percentOf(time, duration) >= AUTO_ADVANCE_PERCENT

/** §9: save while playing past 5 s of media at least 10 s long. */
export function shouldSaveProgress(time: number, duration: number): boolean {
	return Number.isFinite(duration) && duration >= PROGRESS_MIN_DURATION_S && time > PROGRESS_MIN_WATCHED_S
}

/** §4 Resume: the saved point, unless more than 93 % (episodes) or 94 % (movies) was watched. */
export function resumeTime(type: 'movie' | 'tv', progress: { watched: number; duration: number } | undefined): number {
	if (!progress || !(progress.duration > 0) || !(progress.watched > 0)) return 0
	const limit = type === 'tv' ? EPISODE_FINISHED_PERCENT : MOVIE_FINISHED_PERCENT
	return percentOf(progress.watched, progress.duration) > limit ? 0 : progress.watched
}

const LANGUAGE_CODES: Record<string, string> = { english: 'en', spanish: 'es', french: 'fr', german: 'de', japanese: 'ja' }

/** The caption matching the preferred subtitle language setting ('off' → none). */
export function preferredCaption<T extends { language: string }>(captions: readonly T[], preferred: string): T | undefined {
	const code = LANGUAGE_CODES[preferred]
	if (!code) return undefined
	return captions.find((caption) => caption.language.toLowerCase().split('-')[0] === code)
}

/** The audio track index matching the preferred audio setting; -1 when none does. */
export function preferredAudioIndex(tracks: ReadonlyArray<{ lang?: string; name?: string }>, preferred: string): number {
	const code = LANGUAGE_CODES[preferred]
	if (!code) return -1
	return tracks.findIndex((track) => {
		const lang = (track.lang ?? '').toLowerCase()
		return (
			lang === code ||
			lang.startsWith(`${code}-`) ||
			lang === { en: 'eng', es: 'spa', fr: 'fra', de: 'deu', ja: 'jpn' }[code] ||
			(track.name ?? '').toLowerCase() === preferred
		)
	})
}

/** The player's breadcrumb-free label for Media Session and the dialog. */
export function playerTitle(media: {
	type: 'movie' | 'tv'
	title: string
	season?: number
	episode?: number
	episodeTitle?: string
}): string {
	if (media.type === 'tv' && media.season !== undefined && media.episode !== undefined) {
		return `${media.title} S${media.season}E${media.episode}${media.episodeTitle ? ` - ${media.episodeTitle}` : ''}`
	}
	return media.title
}

/**
 * Media Session artwork for a poster path: through the one image helper, so
 * demo artwork ("/art/poster/…") loads from Willow's own route and TMDB paths
 * from TMDB's host. No poster, no artwork.
 */
export function mediaSessionArtwork(posterPath: string | null | undefined): MediaImage[] {
	const src = imageUrl(posterPath, 'w342')
	if (!src) return []
	return [{ src, sizes: '342x513', type: isArtPath(posterPath) ? 'image/webp' : 'image/jpeg' }]
}

/**
 * The next episode's streams found ahead, ordered for a seamless hand-over:
 * those of the current stream's binge group first (same source, same
 * bingeGroup: the add-on says they belong together), then the current
 * source's, then the rest in the order found.
 */
export function preferBingeGroup<T extends { sourceId: string; bingeGroup?: string }>(
	streams: readonly T[],
	current: { sourceId: string; bingeGroup?: string } | undefined,
): T[] {
	if (!current) return [...streams]
	const rank = (stream: T) =>
		stream.sourceId !== current.sourceId ? 2 : current.bingeGroup && stream.bingeGroup === current.bingeGroup ? 0 : 1
	return streams
		.map((stream, index) => ({ stream, index }))
		.sort((a, b) => rank(a.stream) - rank(b.stream) || a.index - b.index)
		.map(({ stream }) => stream)
}
