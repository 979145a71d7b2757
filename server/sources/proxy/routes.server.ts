import type { IncomingMessage } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { Router, type Request, type Response } from 'express'
import { HttpError } from '../../http/errors.server.ts'
import { logger } from '../../logger.server.ts'
import { clientKeyOf, consumeClientLimit } from '../limits.server.ts'
import { originForLog } from '../net/address-policy.ts'
import { OutboundRefusedError, UpstreamError, readLimited, safeRequest } from '../net/safe-fetch.server.ts'
import { decodeCaptionBytes } from './caption-text.ts'
import { childFilename, isHlsPlaylist, rewritePlaylist } from './hls-rewrite.ts'
import { leaveRemuxLine, serveRemux, serveRemuxTurn } from './remux.server.ts'
import { REMUX_QUEUE } from './remux-urls.ts'
import { openProxyToken, policyOf, signProxyUrl, type ProxyTarget } from './proxy.server.ts'

// /api/stream/proxy/<token>/<name>: streams an upstream named by a sealed
// token (proxy.server.ts) to the browser on Willow's own origin. Range
// requests pass through; only media-safe response headers are copied; HLS
// playlists are rewritten so their children come back through here, under
// the same host rules. Bytes sent count against the client's limit.

export const BAD_PROXY_LINK = 'This link is invalid or has expired'
export const PROXY_LIMITED = 'Too much streamed through this server. Try again later.'

const MAX_PLAYLIST_BYTES = 2 * 1024 * 1024
const MAX_CAPTION_BYTES = 2 * 1024 * 1024
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024 * 1024
/** Bytes counted against the client limit at once (fewer writes to the counter). */
const LIMIT_CHUNK_BYTES = 1024 * 1024
const CACHE_CONTROL = 'private, max-age=300'

// Content types served as they come; anything else (text/html, SVG, scripts…)
// is sent as an opaque download type so it can never run on Willow's origin.
const SAFE_TYPE =
	/^(video\/[\w.+-]+|audio\/[\w.+-]+|text\/vtt|text\/plain|application\/x-subrip|application\/(vnd\.apple\.mpegurl|x-mpegurl|mp4|dash\+xml|octet-stream)|image\/(jpeg|png|webp))$/i

function safeContentType(value: string | undefined): string {
	const type = (value ?? '').split(';')[0]!.trim()
	if (!SAFE_TYPE.test(type)) return 'application/octet-stream'
	const charset = /charset=([\w-]{1,40})/i.exec(value ?? '')?.[1]
	return charset && type.startsWith('text/') ? `${type}; charset=${charset}` : type
}

const COPIED_HEADERS = ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'] as const
const FORWARDED_REQUEST_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since'] as const

function refuse(req: Request, status: number, message: string, detail: Record<string, unknown> = {}): never {
	const log = req.res?.locals.log ?? logger
	log.warn({ ...detail, path: req.baseUrl }, `stream proxy refused: ${message}`)
	throw new HttpError(status, message)
}

async function countBytes(clientKey: string, bytes: number) {
	try {
		return await consumeClientLimit('proxy-bytes', clientKey, bytes)
	} catch (error) {
		// A counter outage must not stop playback; it is logged and the bytes go through.
		logger.warn({ err: error }, 'proxy byte limit not counted')
		return true
	}
}

export function proxyStreamRouter(): Router {
	const router = Router()

	// A remuxed stream's turn at a transcode slot (decision 0046): POST asks, DELETE leaves the line.
	const remuxTarget = async (req: Request) => {
		const opened = await openProxyToken(String(req.params.token))
		if (!opened.ok) refuse(req, 403, BAD_PROXY_LINK, { reason: opened.reason })
		if (!opened.target.remux) throw new HttpError(404, 'Not found')
		return opened.target
	}
	router.post(`/:token/${REMUX_QUEUE}`, async (req, res) => {
		const target = await remuxTarget(req)
		await serveRemuxTurn(req, res, String(req.params.token), target, clientKeyOf(req))
	})
	router.delete(`/:token/${REMUX_QUEUE}`, async (req, res) => {
		await remuxTarget(req)
		leaveRemuxLine(req, res)
	})

	router.get('/:token/:name', async (req, res) => {
		const opened = await openProxyToken(req.params.token)
		if (!opened.ok) refuse(req, 403, BAD_PROXY_LINK, { reason: opened.reason })
		const target = opened.target
		const clientKey = clientKeyOf(req)
		if (!(await countBytes(clientKey, 0))) throw new HttpError(429, PROXY_LIMITED, { 'Retry-After': '600' })
		if (target.remux) {
			await serveRemux(req, res, req.params.token, req.params.name, target, clientKey)
			return
		}

		const headers: Record<string, string> = { ...target.headers }
		// A caption is re-encoded whole, so ranges and validators of the original do not apply.
		if (!target.caption)
			for (const name of FORWARDED_REQUEST_HEADERS) {
				const value = req.get(name)
				if (value && value.length < 500) headers[name] = value
			}
		const abort = new AbortController()
		res.on('close', () => abort.abort())
		const method = req.method === 'HEAD' ? 'HEAD' : 'GET'
		let upstream
		try {
			upstream = await safeRequest(target.url, { policy: policyOf(target), method, headers, signal: abort.signal, timeoutMs: 15_000 })
		} catch (error) {
			if (error instanceof OutboundRefusedError) refuse(req, 403, error.message, { upstream: originForLog(target.url) })
			if (abort.signal.aborted) return
			const log = res.locals.log ?? logger
			log.warn({ err: error, upstream: originForLog(target.url) }, 'stream proxy upstream failed')
			throw new HttpError(502, error instanceof UpstreamError ? error.message : 'The stream host did not answer')
		}

		const { status, body } = upstream
		if (status >= 400 || status < 200) {
			body.resume()
			throw new HttpError(
				status === 404 || status === 416 ? status : 502,
				status === 416 ? 'Range not satisfiable' : `The stream host answered HTTP ${status}`,
			)
		}

		res.set({
			'Cache-Control': CACHE_CONTROL,
			'X-Content-Type-Options': 'nosniff',
			'Content-Security-Policy': "default-src 'none'; sandbox",
		})
		if (status === 200 && method === 'GET' && target.caption) {
			await sendCaption(req, res, target, body, clientKey)
			return
		}
		if (status === 200 && method === 'GET' && isHlsPlaylist(upstream.headers['content-type'], upstream.url)) {
			await sendPlaylist(req, res, target, upstream.url, body, clientKey)
			return
		}
		res.status(status)
		res.set('Content-Type', safeContentType(upstream.headers['content-type']))
		for (const name of COPIED_HEADERS) {
			const value = upstream.headers[name]
			if (typeof value === 'string' && value.length < 500) res.set(name, value)
		}
		if (status === 304 || method === 'HEAD') {
			body.resume()
			res.end()
			return
		}
		await streamBody(res, body, clientKey, abort)
	})
	return router
}

async function sendPlaylist(req: Request, res: Response, target: ProxyTarget, base: URL, body: IncomingMessage, clientKey: string) {
	let text: string
	try {
		text = (await readLimited(body, MAX_PLAYLIST_BYTES)).toString('utf8')
	} catch (error) {
		refuse(req, 502, error instanceof Error ? error.message : 'playlist unreadable', { upstream: originForLog(target.url) })
	}
	if (!text.trimStart().startsWith('#EXTM3U'))
		refuse(req, 502, 'The stream host sent a playlist that is not HLS', { upstream: originForLog(target.url) })
	// Children keep the parent's headers and host rules; a child on a host outside them is refused when fetched.
	const rewritten = await rewritePlaylist(text, base, (child) =>
		signProxyUrl({ ...target, url: child.href, filename: childFilename(child) }),
	)
	await countBytes(clientKey, Buffer.byteLength(text))
	res.status(200).set('Content-Type', 'application/vnd.apple.mpegurl').send(rewritten)
}

const CAPTION_TYPES = { srt: 'application/x-subrip; charset=utf-8', vtt: 'text/vtt; charset=utf-8' } as const

async function sendCaption(req: Request, res: Response, target: ProxyTarget, body: IncomingMessage, clientKey: string) {
	let bytes: Buffer
	try {
		bytes = await readLimited(body, MAX_CAPTION_BYTES)
	} catch (error) {
		refuse(req, 502, error instanceof Error ? error.message : 'caption unreadable', { upstream: originForLog(target.url) })
	}
	await countBytes(clientKey, bytes.length)
	res
		.status(200)
		.set('Content-Type', CAPTION_TYPES[target.caption ?? 'srt'])
		.send(decodeCaptionBytes(bytes))
}

async function streamBody(res: Response, body: IncomingMessage, clientKey: string, abort: AbortController) {
	let sent = 0
	let uncounted = 0
	const counted = async function* (source: AsyncIterable<Buffer>) {
		for await (const chunk of source) {
			sent += chunk.length
			uncounted += chunk.length
			if (sent > MAX_RESPONSE_BYTES) throw new UpstreamError('answer too large')
			if (uncounted >= LIMIT_CHUNK_BYTES) {
				const within = await countBytes(clientKey, uncounted)
				uncounted = 0
				if (!within) throw new UpstreamError('client byte limit reached')
			}
			yield chunk
		}
	}
	try {
		await pipeline(body, counted, res)
	} catch (error) {
		abort.abort()
		if (!res.headersSent) throw new HttpError(502, 'The stream was interrupted')
		// Headers are gone: the only thing left to do is to cut the connection.
		res.destroy(error instanceof Error ? error : undefined)
	} finally {
		if (uncounted > 0) await countBytes(clientKey, uncounted)
	}
}
