import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { pipeline } from 'node:stream/promises'
import { logger } from '../../logger.server.ts'
import { originForLog } from '../net/address-policy.ts'
import { safeRequest } from '../net/safe-fetch.server.ts'
import { openProxyToken, policyOf } from './proxy.server.ts'

// ffmpeg opens URLs with its own DNS and follows redirects on its own, which
// would step around the outbound rules. So when a proxied stream is remuxed,
// ffmpeg reads it from this relay instead: a server on 127.0.0.1 (one per
// process, started on first use) that takes the same sealed tokens as the
// stream proxy and fetches through safeRequest, Range included. Without a
// valid token it serves nothing, so it is no open proxy even to local users.

let relay: Promise<{ server: http.Server; base: string }> | undefined

const COPIED = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'] as const

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
	const token = /^\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1]
	const opened = token && (req.method === 'GET' || req.method === 'HEAD') ? await openProxyToken(token) : null
	if (!opened?.ok) {
		res.writeHead(403).end()
		return
	}
	const abort = new AbortController()
	res.on('close', () => abort.abort())
	const headers: Record<string, string> = { ...opened.target.headers }
	if (typeof req.headers.range === 'string') headers.range = req.headers.range
	try {
		const upstream = await safeRequest(opened.target.url, {
			policy: policyOf(opened.target),
			method: req.method === 'HEAD' ? 'HEAD' : 'GET',
			headers,
			signal: abort.signal,
			timeoutMs: 15_000,
		})
		const out: Record<string, string> = {}
		for (const name of COPIED) {
			const value = upstream.headers[name]
			if (typeof value === 'string') out[name] = value
		}
		const fromStart = upstream.status === 200 || /^bytes 0-/.test(out['content-range'] ?? '')
		res.writeHead(upstream.status >= 200 && upstream.status < 300 ? upstream.status : 502, out)
		await pipeline(upstream.body, fromStart ? refuseTextFormats : passThrough, res)
	} catch (error) {
		if (abort.signal.aborted) return
		logger.warn({ err: error, upstream: originForLog(opened.target.url) }, 'remux relay: upstream refused or failed')
		if (!res.headersSent) res.writeHead(502).end()
		else res.destroy()
	}
}

async function* passThrough(source: AsyncIterable<Buffer>) {
	yield* source
}

// ffmpeg picks a demuxer by content. A playlist (HLS, DASH, ffconcat) would
// make it fetch the URLs inside on its own, past every rule here, so a body
// that starts like text (a playlist or markup) is cut off: media containers
// are binary.
const TEXT_START = /^(\uFEFF)?\s*(#EXTM3U|ffconcat|<)/i

async function* refuseTextFormats(source: AsyncIterable<Buffer>) {
	let checked = false
	for await (const chunk of source) {
		if (!checked) {
			checked = true
			if (TEXT_START.test(chunk.subarray(0, 64).toString('utf8'))) throw new Error('the upstream sent a playlist or markup, not media')
		}
		yield chunk
	}
}

/** The relay's base URL (`http://127.0.0.1:<port>`), starting it on first use. */
export function relayBase(): Promise<string> {
	relay ??= new Promise((resolve, reject) => {
		const server = http.createServer((req, res) => {
			handle(req, res).catch((error: unknown) => {
				logger.warn({ err: error }, 'remux relay failed')
				res.destroy()
			})
		})
		server.on('error', reject)
		server.listen(0, '127.0.0.1', () => {
			server.unref()
			resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
		})
	}).catch((error: unknown) => {
		relay = undefined
		throw error
	}) as Promise<{ server: http.Server; base: string }>
	return relay.then((running) => running.base)
}

/** Stops the relay (tests, shutdown). */
export async function closeRelay() {
	const running = await relay?.catch(() => undefined)
	relay = undefined
	if (running) await new Promise<void>((resolve) => running.server.close(() => resolve()))
}
