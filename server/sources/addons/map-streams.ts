import crypto from 'node:crypto'
import { captionLabel, captionLanguage } from '../captions.ts'
import { hostKeyOf, parseHttpUrl } from '../net/address-policy.ts'
import type { ProxyTarget } from '../proxy/proxy.server.ts'
import { REMUX_PLAYLIST, remuxQueueUrl } from '../proxy/remux-urls.ts'
import type { Caption, QualityKey, SourceResult, Stream } from '../types.ts'
import { AddonStream, AddonSubtitleSchema, type AddonSubtitle } from './protocol.ts'

// Turns an add-on's stream and subtitle lists into Willow streams. No I/O of
// its own: signing proxy URLs is passed in, so the rules are unit-tested.

export const NOT_PLAYABLE = 'not playable in the browser'
export const TRAILER_ONLY = 'only a trailer link'

/** Quality key from the words an add-on uses in a stream's name and description. */
export function qualityOf(text: string): QualityKey {
	if (/\b(2160p?|4k|uhd)\b/i.test(text)) return '4k'
	if (/\b1080[pi]?\b/i.test(text)) return '1080'
	if (/\b720p?\b/i.test(text)) return '720'
	if (/\b480p?\b/i.test(text)) return '480'
	if (/\b360p?\b/i.test(text)) return '360'
	return 'unknown'
}

function shortHash(value: string) {
	return crypto.createHash('sha256').update(value).digest('base64url').slice(0, 12)
}

function oneLine(text: string | undefined) {
	return (text ?? '').replace(/\s+/g, ' ').trim()
}

function labelOf(stream: AddonStream, fallback: string) {
	const parts = [oneLine(stream.name), oneLine(stream.title ?? stream.description)].filter(Boolean)
	const label = parts.join(' · ') || fallback
	return label.length > 200 ? `${label.slice(0, 199)}…` : label
}

export interface AddonAnswer {
	sourceId: string
	/** The add-on's name, the label of a stream that has none. */
	sourceName: string
	manifestUrl: string
	/** The owner's add-ons may keep their streams on their own (private) host. */
	owner: boolean
	/** `streams` of the stream answer (undefined when the add-on offers no streams for this title). */
	streams: unknown[] | undefined
	/** `subtitles` of the subtitles answer. */
	subtitles: unknown[] | undefined
	signProxyUrl(target: ProxyTarget): Promise<string>
	/** ffmpeg is usable: files a browser cannot play are offered as HLS made from them. */
	remuxAvailable?: boolean
}

// Containers browsers do not play as files; with ffmpeg they become HLS.
const NOT_WEB_CONTAINER = /\.(mkv|avi|wmv|flv|m2ts|mts|ts|mpe?g|vob|divx|ogm|3gp|mov)$/i

interface PlayableCandidate {
	stream: AddonStream
	url: URL
}

/** Maps one add-on's answers to the source's result (found, subtitles only, or none with the reason). */
export async function mapAddonAnswer(answer: AddonAnswer): Promise<SourceResult> {
	const manifestUrl = new URL(answer.manifestUrl)
	const candidates: PlayableCandidate[] = []
	const skipped = new Set<string>()
	let malformed = 0
	for (const raw of answer.streams ?? []) {
		const parsed = AddonStream.safeParse(raw)
		if (!parsed.success) {
			malformed++
			continue
		}
		const stream = parsed.data
		if (stream.url !== undefined) {
			const url = parseHttpUrl(stream.url)
			if (url) candidates.push({ stream, url })
			else skipped.add(NOT_PLAYABLE)
		} else if (stream.ytId) skipped.add(TRAILER_ONLY)
		else skipped.add(NOT_PLAYABLE)
	}

	const subtitleLists: Array<{ list: AddonSubtitle[]; owner: 'addon' | PlayableCandidate }> = []
	const addonSubtitles = (answer.subtitles ?? []).flatMap((raw) => {
		const parsed = AddonSubtitleSchema.safeParse(raw)
		return parsed.success ? [parsed.data] : []
	})
	subtitleLists.push({ list: addonSubtitles, owner: 'addon' })
	for (const candidate of candidates)
		if (candidate.stream.subtitles) subtitleLists.push({ list: candidate.stream.subtitles, owner: candidate })

	// Every host the add-on's answers name, plus its own: the proxy may go to these and nowhere else.
	const hosts = new Set<string>([hostKeyOf(manifestUrl)])
	for (const candidate of candidates) hosts.add(hostKeyOf(candidate.url))
	for (const { list } of subtitleLists)
		for (const subtitle of list) {
			const url = parseHttpUrl(subtitle.url)
			if (url) hosts.add(hostKeyOf(url))
		}
	const policy = {
		allowedHosts: [...hosts],
		allowPrivate: answer.owner,
		...(answer.owner ? { privateHosts: [manifestUrl.hostname.toLowerCase()] } : {}),
	}

	const captionsOf = async (list: AddonSubtitle[]): Promise<Caption[]> => {
		const captions: Caption[] = []
		for (const [index, subtitle] of list.entries()) {
			const url = parseHttpUrl(subtitle.url)
			if (!url) continue
			const language = captionLanguage(subtitle.lang) ?? 'und'
			const type = /\.vtt$/i.test(url.pathname) ? 'vtt' : 'srt'
			captions.push({
				id: `${answer.sourceId}:sub:${shortHash(`${subtitle.id ?? index}|${url.href}`)}`,
				language,
				label: language === 'und' ? oneLine(subtitle.lang) || 'Unknown' : captionLabel(language),
				url: await answer.signProxyUrl({ ...policy, url: url.href, caption: type, filename: `caption.${type}` }),
				type,
			})
		}
		return captions
	}

	const sharedCaptions = await captionsOf(addonSubtitles)
	const streams: Stream[] = []
	const seen = new Set<string>()
	for (const candidate of candidates) {
		const { stream, url } = candidate
		const id = `${answer.sourceId}:${shortHash(url.href)}`
		if (seen.has(id)) continue
		seen.add(id)
		const requestHeaders = stream.behaviorHints?.proxyHeaders?.request ?? {}
		const needsHeaders = Object.keys(requestHeaders).length > 0
		const captions = [...(await captionsOf(stream.subtitles ?? [])), ...sharedCaptions]
		const base = {
			id,
			sourceId: answer.sourceId,
			label: labelOf(stream, answer.sourceName),
			captions,
			...(stream.behaviorHints?.bingeGroup ? { bingeGroup: stream.behaviorHints.bingeGroup } : {}),
		}
		const target: ProxyTarget = { ...policy, url: url.href, ...(needsHeaders ? { headers: requestHeaders } : {}) }
		if (/\.m3u8$/i.test(url.pathname)) {
			streams.push({ ...base, type: 'hls', playlist: await answer.signProxyUrl({ ...target, filename: 'index.m3u8' }) })
			continue
		}
		if (answer.remuxAvailable && (stream.behaviorHints?.notWebReady || NOT_WEB_CONTAINER.test(url.pathname))) {
			const playlist = await answer.signProxyUrl({ ...target, remux: true, filename: REMUX_PLAYLIST })
			// When it is re-encoded it waits for a transcode slot in line, like the media folder's files (decision 0046).
			streams.push({ ...base, type: 'hls', playlist, queue: remuxQueueUrl(playlist) })
			continue
		}
		const webm = /\.webm$/i.test(url.pathname)
		const direct =
			url.protocol === 'https:' && !needsHeaders && !stream.behaviorHints?.notWebReady && (webm || /\.mp4$/i.test(url.pathname))
		const quality = qualityOf([stream.name, stream.title, stream.description, stream.behaviorHints?.filename].join(' '))
		const fileUrl = direct ? url.href : await answer.signProxyUrl({ ...target, filename: webm ? 'video.webm' : 'video.mp4' })
		streams.push({ ...base, type: 'file', qualities: { [quality]: { type: webm ? 'webm' : 'mp4', url: fileUrl } } })
	}

	if (streams.length > 0) return { kind: 'found', streams }
	if (sharedCaptions.length > 0) return { kind: 'subtitles', captions: sharedCaptions }
	if (skipped.has(NOT_PLAYABLE)) return { kind: 'none', reason: NOT_PLAYABLE }
	if (skipped.has(TRAILER_ONLY)) return { kind: 'none', reason: TRAILER_ONLY }
	if (malformed > 0) return { kind: 'none', reason: 'malformed stream list' }
	return { kind: 'none', reason: 'nothing returned' }
}
