import { z } from 'zod'
import { captionLabel, captionLanguage } from '../captions.ts'
import { FOURK_TEXT, isAcceptableToken, isHeaderSafe, TOKEN_MAX_LENGTH } from '#app/lib/four-k/token.ts'
import type { Caption, FileStream, QualityKey, ScrapeRequest, Stream } from '../types.ts'

// The 4K token service protocol Willow defines (product.md hides the service's
// paths; README "4K token service" documents them) and the pure mapping of
// its answers to Willow's stream contract. No I/O here.
//
//   GET  {FOURK_SERVICE_URL}/streams?type=movie&tmdbId=550[&season=1&episode=2]   (header Ui-Token)
//        → { "streams": [{ "url", "quality", "type": "hls" | "mp4", "captions"?: [{ "url", "language", "type"? }] }] }
//   POST {FOURK_SERVICE_URL}/token   (header Ui-Token, body { "uiToken" })
//        → { "token" }

export { isAcceptableToken, isHeaderSafe, TOKEN_MAX_LENGTH, TOKEN_MIN_LENGTH } from '#app/lib/four-k/token.ts'
/** product.md §5/§8: shown for a token that breaks the rule. */
export const INVALID_TOKEN_TEXT = FOURK_TEXT.invalid

/** What the browser sends to /api/fourk/test and /api/fourk/submit. */
export const TokenBodySchema = z.object({
	token: z
		.string()
		.max(TOKEN_MAX_LENGTH, INVALID_TOKEN_TEXT)
		.refine((token) => isAcceptableToken(token) && isHeaderSafe(token), INVALID_TOKEN_TEXT),
})

const ServiceCaptionSchema = z.object({
	url: z.string().min(1).max(4096),
	language: z.string().min(1).max(40),
	type: z.enum(['srt', 'vtt']).optional(),
})

const ServiceStreamSchema = z.object({
	url: z.string().min(1).max(4096),
	quality: z.string().max(40).optional().default('unknown'),
	type: z.enum(['hls', 'mp4']),
	captions: z.array(ServiceCaptionSchema).max(100).optional().default([]),
})

/** The listing's answer; more than 50 streams is not a listing anyone can choose from. */
export const StreamsAnswerSchema = z.object({ streams: z.array(ServiceStreamSchema).max(50) })
export type ServiceStream = z.infer<typeof ServiceStreamSchema>
export type ServiceCaption = z.infer<typeof ServiceCaptionSchema>

export const TokenAnswerSchema = z.object({ token: z.string().min(1).max(TOKEN_MAX_LENGTH) })

/** The query string of the listing for a scrape request (shows add season and episode). */
export function streamsQuery(request: Pick<ScrapeRequest, 'type' | 'tmdbId' | 'season' | 'episode'>): URLSearchParams {
	const query = new URLSearchParams({ type: request.type === 'show' ? 'tv' : 'movie', tmdbId: String(request.tmdbId) })
	if (request.type === 'show' && request.season && request.episode) {
		query.set('season', String(request.season.number))
		query.set('episode', String(request.episode.number))
	}
	return query
}

/** "4k", "2160p", "UHD" → 4k; "1080p"/"FHD" → 1080; "720p" → 720; …; anything else → unknown. */
export function qualityKey(quality: string | undefined): QualityKey {
	const text = (quality ?? '').trim().toLowerCase()
	if (/\b(4k|uhd)\b/.test(text)) return '4k'
	if (/\bfhd\b/.test(text)) return '1080'
	const lines = /(\d{3,4})\s*p?\b/.exec(text)
	if (!lines) return 'unknown'
	const height = Number(lines[1])
	if (height >= 2160) return '4k'
	if (height >= 1080) return '1080'
	if (height >= 720) return '720'
	if (height >= 480) return '480'
	if (height >= 240) return '360'
	return 'unknown'
}

const QUALITY_LABELS: Record<QualityKey, string> = {
	'360': '360p',
	'480': '480p',
	'720': '720p',
	'1080': '1080p',
	'4k': '4K',
	unknown: 'Original',
}

/**
 * Resolves a URL from the service's answer against the service's base and
 * keeps only http(s) (a `file:` or `data:` URL in an answer is refused).
 */
export function resolveServiceUrl(value: string, serviceUrl: string): URL | null {
	let url: URL
	try {
		url = new URL(value, serviceUrl.endsWith('/') ? serviceUrl : `${serviceUrl}/`)
	} catch {
		return null
	}
	return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
}

/** Turns an upstream URL into a same-origin one (the stream proxy); the token source passes signProxyUrl. */
export type UrlSigner = (upstream: URL) => Promise<string>

export interface MapContext {
	sourceId: string
	sourceName: string
	serviceUrl: string
	sign: UrlSigner
}

async function mapCaptions(captions: ServiceCaption[], streamId: string, context: MapContext): Promise<Caption[]> {
	const mapped: Caption[] = []
	for (const [index, caption] of captions.entries()) {
		const url = resolveServiceUrl(caption.url, context.serviceUrl)
		const language = captionLanguage(caption.language)
		if (!url || !language) continue
		const type = caption.type ?? (url.pathname.toLowerCase().endsWith('.srt') ? 'srt' : 'vtt')
		mapped.push({ id: `${streamId}-c${index}`, language, label: captionLabel(language), url: await context.sign(url), type })
	}
	return mapped
}

/**
 * Maps the listing to streams: each HLS entry is one stream; MP4 entries are
 * gathered into file streams with one URL per quality (a second entry of a
 * quality already taken starts another stream). Entries with an unusable URL
 * are dropped; every URL goes through the signer.
 */
export async function mapServiceStreams(entries: ServiceStream[], context: MapContext): Promise<Stream[]> {
	const streams: Stream[] = []
	const files: Array<{ stream: FileStream; entries: ServiceStream[] }> = []
	for (const entry of entries) {
		const url = resolveServiceUrl(entry.url, context.serviceUrl)
		if (!url) continue
		const key = qualityKey(entry.quality)
		if (entry.type === 'hls') {
			const id = `${context.sourceId}-${streams.length + files.length}`
			const label = key === 'unknown' ? context.sourceName : `${context.sourceName} · ${QUALITY_LABELS[key]}`
			streams.push({
				id,
				sourceId: context.sourceId,
				label,
				type: 'hls',
				playlist: await context.sign(url),
				captions: await mapCaptions(entry.captions, id, context),
			})
			continue
		}
		let group = files.find((candidate) => !candidate.stream.qualities[key])
		if (!group) {
			const id = `${context.sourceId}-${streams.length + files.length}`
			group = {
				stream: { id, sourceId: context.sourceId, label: context.sourceName, type: 'file', qualities: {}, captions: [] },
				entries: [],
			}
			files.push(group)
			streams.push(group.stream)
		}
		group.stream.qualities[key] = { type: 'mp4', url: await context.sign(url) }
		group.entries.push(entry)
	}
	for (const { stream, entries: members } of files) {
		// One caption per URL, whichever quality listed it.
		const seen = new Set<string>()
		const unique = members.flatMap((member) => member.captions).filter((caption) => !seen.has(caption.url) && seen.add(caption.url))
		stream.captions = await mapCaptions(unique, stream.id, context)
	}
	return streams
}
