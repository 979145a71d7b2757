import crypto from 'node:crypto'
import zlib from 'node:zlib'
import { z } from 'zod'
import { SIGNED_URL_TTL_MS, getSigningSecret } from '../signing.server.ts'

// Proxy URLs: /api/stream/proxy/<token>/<filename>. The token is the target
// (URL, request headers, allowed hosts, private-address rule, expiry)
// compressed and sealed with AES-256-GCM under a key derived from the stream
// signing secret: the browser can neither read the headers (an add-on's
// proxyHeaders, the 4K service's Ui-Token) nor change a byte without the
// token failing. Any worker sharing the secret can serve it.

export interface ProxyTarget {
	/** Absolute http(s) URL of the upstream stream, playlist, segment or caption. */
	url: string
	/** Request headers to send upstream (an add-on's proxyHeaders.request, the token service's auth). */
	headers?: Record<string, string>
	/** Hosts (host:port) this upstream may lead to (playlist children, redirects). */
	allowedHosts: string[]
	/** The owner's own add-ons may live on the LAN; users' may not. */
	allowPrivate: boolean
	/**
	 * With allowPrivate: the host names (no port) that may resolve to private
	 * addresses (an owner add-on's own host). Absent means every allowed host may.
	 */
	privateHosts?: string[]
	/**
	 * Serve the upstream file as HLS made by ffmpeg (copy video, AAC audio;
	 * transcode when the video needs it): `remux.m3u8` and `seg-<n>.ts` under the token.
	 */
	remux?: boolean
	/** A subtitle file: sent whole, re-encoded as UTF-8, with its type. */
	caption?: 'srt' | 'vtt'
	/** Last path segment of the proxy URL (`index.m3u8`, `video.mp4`…), for players that look at extensions. */
	filename?: string
}

const Payload = z.object({
	u: z.string(),
	h: z.record(z.string(), z.string()).optional(),
	a: z.array(z.string()),
	p: z.boolean(),
	ph: z.array(z.string()).optional(),
	r: z.literal(1).optional(),
	c: z.enum(['srt', 'vtt']).optional(),
	e: z.number().int(),
})

let keyPromise: Promise<Buffer> | undefined
let keySecret: Buffer | undefined

async function proxyKey(): Promise<Buffer> {
	const secret = await getSigningSecret()
	// Re-derive when the secret changes (tests reset it between databases).
	if (!keyPromise || keySecret !== secret) {
		keySecret = secret
		keyPromise = Promise.resolve(Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'willow stream proxy v1', 32)))
	}
	return keyPromise
}

export const PROXY_BASE = '/api/stream/proxy'

function safeFilename(name: string | undefined) {
	return name && /^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/.test(name) ? name : 'media'
}

/** A sealed same-origin URL (/api/stream/proxy/…) that streams `target` through Willow. */
export async function signProxyUrl(target: ProxyTarget, ttlMs = SIGNED_URL_TTL_MS, now = Date.now()): Promise<string> {
	const payload: z.infer<typeof Payload> = {
		u: target.url,
		a: target.allowedHosts,
		p: target.allowPrivate,
		e: Math.floor((now + ttlMs) / 1000),
		...(target.headers && Object.keys(target.headers).length > 0 ? { h: target.headers } : {}),
		...(target.privateHosts ? { ph: target.privateHosts } : {}),
		...(target.remux ? { r: 1 as const } : {}),
		...(target.caption ? { c: target.caption } : {}),
	}
	const key = await proxyKey()
	const iv = crypto.randomBytes(12)
	const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
	const sealed = Buffer.concat([cipher.update(zlib.deflateRawSync(JSON.stringify(payload))), cipher.final()])
	const token = Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url')
	return `${PROXY_BASE}/${token}/${safeFilename(target.filename)}`
}

export type OpenedProxyToken = { ok: true; target: ProxyTarget } | { ok: false; reason: 'invalid' | 'expired' }

const MAX_TOKEN_CHARS = 64 * 1024

/** Opens a token from a proxy URL; tampered, foreign or expired tokens are refused. */
export async function openProxyToken(token: string, now = Date.now()): Promise<OpenedProxyToken> {
	if (token.length > MAX_TOKEN_CHARS || !/^[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'invalid' }
	const bytes = Buffer.from(token, 'base64url')
	if (bytes.length < 12 + 16 + 1) return { ok: false, reason: 'invalid' }
	let json: unknown
	try {
		const decipher = crypto.createDecipheriv('aes-256-gcm', await proxyKey(), bytes.subarray(0, 12))
		decipher.setAuthTag(bytes.subarray(bytes.length - 16))
		const plain = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()])
		json = JSON.parse(zlib.inflateRawSync(plain, { maxOutputLength: 1024 * 1024 }).toString('utf8'))
	} catch {
		return { ok: false, reason: 'invalid' }
	}
	const parsed = Payload.safeParse(json)
	if (!parsed.success) return { ok: false, reason: 'invalid' }
	const payload = parsed.data
	if (payload.e * 1000 < now) return { ok: false, reason: 'expired' }
	return {
		ok: true,
		target: {
			url: payload.u,
			allowedHosts: payload.a,
			allowPrivate: payload.p,
			...(payload.h ? { headers: payload.h } : {}),
			...(payload.ph ? { privateHosts: payload.ph } : {}),
			...(payload.r ? { remux: true } : {}),
			...(payload.c ? { caption: payload.c } : {}),
		},
	}
}

/** The outbound policy a target allows: its hosts, and which of them may be private. */
export function policyOf(target: ProxyTarget) {
	const hostnames = target.allowedHosts.map((key) => key.replace(/:\d+$/, ''))
	return { allowedHosts: target.allowedHosts, privateHosts: target.allowPrivate ? (target.privateHosts ?? hostnames) : [] }
}
