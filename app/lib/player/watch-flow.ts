import { QUALITY_KEYS, type Caption, type QualityKey, type Stream } from '#app/lib/sources/contract.ts'

/**
 * Pure rules of the watch flow (product.md §4 Playback sources, §8 texts): how long
 * each "Checking {server name}..." message stays, how often a failed lookup
 * is retried, the failure texts, and what the download panel lists. No I/O.
 */

/** Each server name stays at least this long, so the messages can be read. */
export const CHECKING_MIN_MS = 1500
/** Pause between a failed lookup and its retry. */
export const LOOKUP_RETRY_DELAY_MS = 400

export const MOVIE_NOT_FOUND_TEXT = "We can't find this movie right now, try again?"
export const MOVIE_NOT_FOUND_TOAST_MS = 7000
export const EPISODE_NOT_FOUND_TEXT = 'Failed to load video sources. Please try again later.'
export const EPISODE_RETRY_BUTTON_TEXT = 'Not found: Click to try again'

/** Retries after the first lookup fails: 3 for a movie, 4 for an episode. */
export function lookupRetries(type: 'movie' | 'tv'): number {
	return type === 'movie' ? 3 : 4
}

export function checkingText(name: string): string {
	return `Checking ${name}...`
}

export interface CheckedSource {
	id: string
	name: string
	status: 'checking' | 'found' | 'none' | 'subtitles'
}

/** Share of the sources that have answered, 0 to 1 (the progress bar). */
export function lookupProgress(sources: readonly CheckedSource[]): number {
	if (sources.length === 0) return 0
	return sources.filter((s) => s.status !== 'checking').length / sources.length
}

export interface CheckingPace {
	/** The source whose name is shown; null before the first `checking` event. */
	shownId: string | null
	/** When it started to show. */
	shownSince: number
}

/**
 * Which name "Checking {name}..." shows at `now`: the first source as soon as
 * it is checked; after CHECKING_MIN_MS the next source (in lookup order,
 * wrapping) still being checked. A name whose source has answered is passed
 * over, and the current one stays when no other is still checking.
 * `nextChangeAt` is when to ask again (null: nothing can change by waiting).
 */
export function paceChecking(
	sources: readonly CheckedSource[],
	pace: CheckingPace,
	now: number,
): CheckingPace & { nextChangeAt: number | null } {
	if (sources.length === 0) return { shownId: null, shownSince: now, nextChangeAt: null }
	const currentIndex = sources.findIndex((s) => s.id === pace.shownId)
	if (currentIndex === -1) {
		const first = sources.find((s) => s.status === 'checking') ?? sources[0]!
		return withNext(sources, { shownId: first.id, shownSince: now })
	}
	if (now - pace.shownSince < CHECKING_MIN_MS) return withNext(sources, pace)
	for (let step = 1; step < sources.length; step++) {
		const candidate = sources[(currentIndex + step) % sources.length]!
		if (candidate.status === 'checking') return withNext(sources, { shownId: candidate.id, shownSince: now })
	}
	return { ...pace, nextChangeAt: null }
}

function withNext(sources: readonly CheckedSource[], pace: CheckingPace): CheckingPace & { nextChangeAt: number | null } {
	const others = sources.some((s) => s.id !== pace.shownId && s.status === 'checking')
	return { ...pace, nextChangeAt: others ? pace.shownSince + CHECKING_MIN_MS : null }
}

/** §9's quality names: "360p" … "4K", and "Original" for a file of unknown quality. */
export function qualityLabel(key: QualityKey): string {
	if (key === '4k') return '4K'
	if (key === 'unknown') return 'Original'
	return `${key}p`
}

export interface DownloadLink {
	label: string
	url: string
	/** File extension-like kind shown next to the label (mp4, webm, m3u8, vtt, srt). */
	format: string
}

export interface DownloadGroup {
	id: string
	/** The stream's label, as in the source list. */
	title: string
	files: DownloadLink[]
	captions: DownloadLink[]
}

function captionLinks(captions: readonly Caption[]): DownloadLink[] {
	return captions.map((c) => ({ label: c.label || c.language, url: c.url, format: c.type }))
}

/**
 * What the download panel lists for each stream: its files from the highest
 * quality down ("Original" first), the HLS playlist, and its caption files;
 * add-on subtitles follow as their own group.
 */
export function downloadGroups(streams: readonly Stream[], extraCaptions: readonly Caption[] = []): DownloadGroup[] {
	const groups: DownloadGroup[] = streams.map((stream) => {
		const files: DownloadLink[] = []
		if (stream.type === 'file') {
			for (const key of [...QUALITY_KEYS].reverse()) {
				const file = stream.qualities[key]
				if (file) files.push({ label: qualityLabel(key), url: file.url, format: file.type })
			}
		} else {
			files.push({ label: 'HLS playlist', url: stream.playlist, format: 'm3u8' })
		}
		return { id: stream.id, title: stream.label, files, captions: captionLinks(stream.captions) }
	})
	if (extraCaptions.length > 0) groups.push({ id: 'subtitles', title: 'Subtitles', files: [], captions: captionLinks(extraCaptions) })
	return groups
}
