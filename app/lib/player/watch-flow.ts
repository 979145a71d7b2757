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

// ---- Which stream plays (issue 25 item 3, decision 0037) ----

/**
 * For this long after Watch, a stream from a better-ranked source that arrives
 * takes over the one the player opened on; after it, later streams only join
 * the source list. The player never waits for a source that has not answered.
 */
export const PREFER_WINDOW_MS = 1500

/**
 * Streams best-ranked first: by their source's place in the lookup's order
 * (the server's ranking: the owner's sources, the user's add-ons, sample
 * clips), each source's own order kept. Streams of a source not in the order
 * go last, in the order they came.
 */
export function rankStreams(streams: readonly Stream[], sourceOrder: readonly string[]): Stream[] {
	const rank = (stream: Stream) => {
		const index = sourceOrder.indexOf(stream.sourceId)
		return index === -1 ? sourceOrder.length : index
	}
	return streams
		.map((stream, index) => ({ stream, index }))
		.sort((a, b) => rank(a.stream) - rank(b.stream) || a.index - b.index)
		.map(({ stream }) => stream)
}

/**
 * The player's list after more streams arrived: the lookup's streams
 * (best-ranked first), then any the player had that the lookup does not (a
 * source changed by hand). The stream playing keeps playing, unless
 * `takeOver` (within PREFER_WINDOW_MS of Watch) and the best-ranked stream
 * now comes from a better-ranked source than the one playing. The same list
 * and index come back when nothing changed, so a React state update is a no-op.
 */
export function withArrivals(
	current: readonly Stream[],
	index: number,
	incoming: readonly Stream[],
	takeOver: boolean,
): { streams: readonly Stream[]; index: number } {
	const ids = new Set(incoming.map((stream) => stream.id))
	const merged = [...incoming, ...current.filter((stream) => !ids.has(stream.id))]
	const playing = current[index]
	const best = merged[0]
	const same = merged.length === current.length && merged.every((stream, i) => stream.id === current[i]?.id)
	if (takeOver && best && playing && best.sourceId !== playing.sourceId && ids.has(playing.id))
		return { streams: same ? current : merged, index: 0 }
	if (same) return { streams: current, index }
	const kept = playing ? merged.findIndex((stream) => stream.id === playing.id) : -1
	return { streams: merged, index: Math.max(0, kept) }
}

// ---- Captions (issue 25 item 6) ----

/**
 * Adds a subtitles-only source's captions to those already known, labelled
 * with the source's name ("English · OpenSubtitles") so they are told apart
 * from a stream's own, and at most one per language from each source.
 */
export function addSourceCaptions(
	known: readonly Caption[],
	captions: readonly Caption[],
	source: { id: string; name: string },
): Caption[] {
	const out = [...known]
	const seen = new Set(out.map((caption) => `${caption.id.split(':sub:')[0]}|${caption.language}`))
	for (const caption of captions) {
		const key = `${source.id}|${caption.language}`
		if (seen.has(key)) continue
		seen.add(key)
		out.push({
			...caption,
			id: caption.id.includes(':sub:') ? caption.id : `${source.id}:sub:${caption.id}`,
			label: `${caption.label} · ${source.name}`,
		})
	}
	return out
}

/** What a stream offers: its own captions, then every subtitles-only source's (each once). */
export function captionsForStream(stream: Stream | undefined, extra: readonly Caption[]): Caption[] {
	if (!stream) return [...extra]
	const own = new Set(stream.captions.map((caption) => caption.id))
	return [...stream.captions, ...extra.filter((caption) => !own.has(caption.id))]
}

// ---- The source menu (issue 26 item 4: each stream named once) ----

function kindOf(stream: Stream): string {
	if (stream.type === 'hls') return 'HLS'
	const formats = [...new Set(Object.values(stream.qualities).map((file) => file?.type.toUpperCase()))].filter(Boolean)
	return formats.join('/') || 'File'
}

/**
 * The names the source menu gives the streams, one each: a stream's label,
 * and where two share one, its kind after it ("Sample clip (test pattern) ·
 * MP4", "… · HLS"), then a number if that is not enough.
 */
export function streamMenuLabels(streams: readonly Stream[]): string[] {
	const count = (labels: string[], label: string) => labels.filter((other) => other === label).length
	const plain = streams.map((stream) => stream.label)
	const withKind = streams.map((stream, i) => (count(plain, plain[i]!) > 1 ? `${stream.label} · ${kindOf(stream)}` : stream.label))
	const seen = new Map<string, number>()
	return withKind.map((label) => {
		if (count(withKind, label) === 1) return label
		const n = (seen.get(label) ?? 0) + 1
		seen.set(label, n)
		return `${label} ${n}`
	})
}

/**
 * The sources the menu lists besides the streams: when it lists streams (more
 * than one), only the sources none of them comes from, so no stream is named
 * twice (once by its label, once by its source).
 */
export function menuSources<T extends { id: string }>(sources: readonly T[], listedStreams: readonly Stream[]): T[] {
	if (listedStreams.length <= 1) return [...sources]
	const listed = new Set(listedStreams.map((stream) => stream.sourceId))
	return sources.filter((source) => !listed.has(source.id))
}

/**
 * The player's notice when a source chosen in its menu found nothing:
 * product.md §8's "Failed to load source: {name}", then the source's own
 * reason ("Failed to load source: Media folder. Sign in to play files from
 * this site's library"), when it gave one.
 */
export function sourceFailedNotice(name: string, sources: ReadonlyArray<{ status: string; reason?: string }>): string {
	const base = `Failed to load source: ${name}`
	const reason = sources.find((source) => source.status === 'none' && source.reason)?.reason
	if (!reason) return base
	const sentence = reason.charAt(0).toUpperCase() + reason.slice(1)
	return `${base}. ${/[.!?]$/.test(sentence) ? sentence : `${sentence}.`}`
}
