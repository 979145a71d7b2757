import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import {
	hostKeyOf,
	ipLiteralOf,
	isHostAllowed,
	isPublicAddress,
	mayBePrivate,
	parseHttpUrl,
	type OutboundPolicy,
} from './address-policy.ts'

// The only way playback sources talk to add-ons and their stream hosts.
// Every request (and every redirect hop, followed by hand) must go to an
// allowed host:port over http(s); the address a name resolves to is checked
// in the socket's own DNS lookup, so a name cannot pass the check and then
// rebind to a private address when connecting. Only the owner's add-on hosts
// may be private (they often live on the LAN).

/** A request refused by policy (not an upstream failure): callers answer 4xx and log it. */
export class OutboundRefusedError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'OutboundRefusedError'
	}
}

/** The upstream answered, but not usefully (bad status, too large, not JSON…). */
export class UpstreamError extends Error {
	constructor(
		message: string,
		readonly status?: number,
	) {
		super(message)
		this.name = 'UpstreamError'
	}
}

let addressIsPublic: (address: string) => boolean = isPublicAddress

/** Tests that need a "user" add-on on 127.0.0.1 widen the public check; undefined restores it. */
export function setPublicAddressCheckForTests(check: ((address: string) => boolean) | undefined) {
	addressIsPublic = check ?? isPublicAddress
}

function addressAllowed(policy: OutboundPolicy, hostname: string, address: string) {
	return mayBePrivate(policy, hostname) || addressIsPublic(address)
}

function checkedLookup(policy: OutboundPolicy, hostname: string): LookupFunction {
	return (name, options, callback) => {
		dns.lookup(name, { ...options, all: true }, (error, addresses) => {
			if (error) return callback(error, '', 4)
			const refused = addresses.find((entry) => !addressAllowed(policy, hostname, entry.address))
			if (refused || addresses.length === 0) {
				const refusal = new OutboundRefusedError(`${hostname} resolves to a private address`)
				return callback(refusal as NodeJS.ErrnoException, '', 4)
			}
			if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses)
			const first = addresses[0]!
			callback(null, first.address, first.family)
		})
	}
}

export interface SafeRequestOptions {
	policy: OutboundPolicy
	method?: 'GET' | 'HEAD'
	headers?: Record<string, string>
	signal?: AbortSignal
	/** Time to the response headers. */
	timeoutMs?: number
	maxRedirects?: number
}

export interface SafeResponse {
	status: number
	headers: http.IncomingHttpHeaders
	body: http.IncomingMessage
	/** The URL that answered (after redirects). */
	url: URL
}

/** Throws OutboundRefusedError unless `url` may be requested under `policy` (before any DNS). */
export function assertRequestable(policy: OutboundPolicy, input: string | URL): URL {
	const url = typeof input === 'string' ? parseHttpUrl(input) : parseHttpUrl(input.href)
	if (!url) throw new OutboundRefusedError('only http and https URLs may be requested')
	if (!isHostAllowed(policy, url)) throw new OutboundRefusedError(`${hostKeyOf(url)} is not an allowed host`)
	const literal = ipLiteralOf(url.hostname)
	if (literal && !addressAllowed(policy, url.hostname.toLowerCase(), literal))
		throw new OutboundRefusedError(`${url.hostname} is a private address`)
	return url
}

// Headers a source may not set: they would change where or how the request goes, not what it asks.
const DROPPED_HEADERS = new Set([
	'host',
	'connection',
	'content-length',
	'transfer-encoding',
	'upgrade',
	'proxy-authorization',
	'te',
	'trailer',
	'keep-alive',
	'expect',
])

/** A source's request headers, minus the ones that steer the connection and any with malformed names or values. */
export function outboundHeaders(headers: Record<string, string> | undefined): Record<string, string> {
	const out: Record<string, string> = {}
	for (const [name, value] of Object.entries(headers ?? {})) {
		if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/.test(name) || DROPPED_HEADERS.has(name.toLowerCase())) continue
		if (typeof value !== 'string' || /[\r\n\0]/.test(value) || value.length > 8000) continue
		out[name] = value
	}
	return out
}

function requestOnce(url: URL, options: SafeRequestOptions): Promise<http.IncomingMessage> {
	return new Promise((resolve, reject) => {
		const client = url.protocol === 'https:' ? https : http
		const hostname = url.hostname.toLowerCase()
		const request = client.request(
			url,
			{
				method: options.method ?? 'GET',
				headers: { 'user-agent': 'Willow', ...outboundHeaders(options.headers) },
				// A fresh connection per request: a pooled socket could have been checked under another policy.
				agent: false,
				lookup: checkedLookup(options.policy, hostname),
				signal: options.signal,
				timeout: options.timeoutMs ?? 10_000,
			},
			(response) => {
				// The timeout guards the wait for headers; a proxied body may rightly pause while the viewer's buffer is full.
				request.setTimeout(0)
				resolve(response)
			},
		)
		request.on('timeout', () => request.destroy(new UpstreamError('the upstream did not answer in time')))
		request.on('error', (error: Error & { cause?: unknown }) => {
			reject(error instanceof OutboundRefusedError ? error : error.cause instanceof OutboundRefusedError ? error.cause : error)
		})
		request.end()
	})
}

/**
 * One request under `policy`, redirects followed by hand (at most 3, each to
 * an allowed host). The caller reads or destroys `body`.
 */
export async function safeRequest(input: string | URL, options: SafeRequestOptions): Promise<SafeResponse> {
	let url = assertRequestable(options.policy, input)
	const maxRedirects = options.maxRedirects ?? 3
	for (let hop = 0; ; hop++) {
		const response = await requestOnce(url, options)
		const status = response.statusCode ?? 0
		const location = response.headers.location
		if (status < 300 || status >= 400 || status === 304 || !location) return { status, headers: response.headers, body: response, url }
		response.resume()
		if (hop >= maxRedirects) throw new OutboundRefusedError('too many redirects')
		const next = parseHttpUrl(location, url)
		if (!next) throw new OutboundRefusedError('redirect to a URL that is not http(s)')
		url = assertRequestable(options.policy, next)
	}
}

/** Reads a body up to `maxBytes`; more is an UpstreamError ("answer too large"). */
export async function readLimited(body: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
	const declared = Number(body.headers['content-length'])
	if (Number.isFinite(declared) && declared > maxBytes) {
		body.destroy()
		throw new UpstreamError('answer too large')
	}
	const chunks: Buffer[] = []
	let size = 0
	for await (const chunk of body as AsyncIterable<Buffer>) {
		size += chunk.length
		if (size > maxBytes) {
			body.destroy()
			throw new UpstreamError('answer too large')
		}
		chunks.push(chunk)
	}
	return Buffer.concat(chunks)
}

export const MAX_JSON_BYTES = 2 * 1024 * 1024

/** GET a JSON document under `policy`: 2xx only, at most 2 MB, parsed (not validated). */
export async function safeFetchJson(url: string | URL, options: SafeRequestOptions & { maxBytes?: number }): Promise<unknown> {
	// The whole exchange, body included, ends at the timeout.
	const deadline = AbortSignal.timeout(options.timeoutMs ?? 10_000)
	const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
	const response = await safeRequest(url, { ...options, signal, headers: { accept: 'application/json', ...options.headers } })
	if (response.status < 200 || response.status >= 300) {
		response.body.resume()
		throw new UpstreamError(`the add-on answered HTTP ${response.status}`, response.status)
	}
	const bytes = await readLimited(response.body, options.maxBytes ?? MAX_JSON_BYTES)
	try {
		return JSON.parse(bytes.toString('utf8')) as unknown
	} catch {
		throw new UpstreamError('the add-on answered something that is not JSON')
	}
}
