import type { z } from 'zod'
import { StreamsAnswerSchema, TokenAnswerSchema, streamsQuery, type ServiceStream } from './protocol.ts'
import type { ScrapeRequest } from '../types.ts'

// Willow's server is the only one that talks to the 4K token service, and
// only to FOURK_SERVICE_URL's origin: no redirects are followed, answers are
// capped in size and validated, and every call has a timeout. The token goes
// in the Ui-Token header and nowhere else (never in a URL, a log or an error).

export const SERVICE_TIMEOUT_MS = 8000
/** A listing or token answer is a few kilobytes; anything this large is not one. */
export const SERVICE_MAX_ANSWER_BYTES = 256 * 1024

export type ServiceFailure = { ok: false; reason: string; status?: number }
export type ServiceResult<T> = { ok: true; value: T } | ServiceFailure

export const REJECTED_REASON = 'token rejected'

/** `{base}/{path}` keeping any path prefix of the configured URL (…/api → …/api/streams). */
export function serviceEndpoint(serviceUrl: string, path: string, query?: URLSearchParams): URL {
	const url = new URL(`${serviceUrl.replace(/\/+$/, '')}/${path}`)
	if (query) url.search = query.toString()
	return url
}

async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
	const declared = Number(response.headers.get('content-length'))
	if (Number.isFinite(declared) && declared > maxBytes) {
		await response.body?.cancel().catch(() => {})
		return null
	}
	if (!response.body) return ''
	const reader = response.body.getReader()
	const chunks: Uint8Array[] = []
	let total = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		total += value.byteLength
		if (total > maxBytes) {
			await reader.cancel().catch(() => {})
			return null
		}
		chunks.push(value)
	}
	return Buffer.concat(chunks).toString('utf8')
}

interface CallOptions {
	serviceUrl: string
	token: string
	signal?: AbortSignal
	timeoutMs?: number
}

async function callService<S extends z.ZodType>(
	url: URL,
	init: RequestInit,
	schema: S,
	options: CallOptions,
): Promise<ServiceResult<z.infer<S>>> {
	const signals = [AbortSignal.timeout(options.timeoutMs ?? SERVICE_TIMEOUT_MS)]
	if (options.signal) signals.push(options.signal)
	const signal = AbortSignal.any(signals)
	let response: Response
	try {
		response = await fetch(url, {
			...init,
			headers: { accept: 'application/json', 'ui-token': options.token, ...(init.headers as Record<string, string> | undefined) },
			// A redirect could lead anywhere; the service must answer at its own address.
			redirect: 'manual',
			signal,
		})
	} catch {
		return { ok: false, reason: signal.aborted ? 'timed out' : 'service unreachable' }
	}
	try {
		if (response.status === 401 || response.status === 403) {
			await response.body?.cancel().catch(() => {})
			return { ok: false, reason: REJECTED_REASON, status: response.status }
		}
		if (response.status >= 300 && response.status < 400) {
			await response.body?.cancel().catch(() => {})
			return { ok: false, reason: 'service redirected elsewhere (refused)', status: response.status }
		}
		if (!response.ok) {
			await response.body?.cancel().catch(() => {})
			return { ok: false, reason: `service error (HTTP ${response.status})`, status: response.status }
		}
		const text = await readCapped(response, SERVICE_MAX_ANSWER_BYTES)
		if (text === null) return { ok: false, reason: 'answer too large' }
		let json: unknown
		try {
			json = JSON.parse(text)
		} catch {
			return { ok: false, reason: 'malformed answer (not JSON)' }
		}
		const parsed = schema.safeParse(json)
		if (!parsed.success) {
			const issue = parsed.error.issues[0]
			const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''
			return { ok: false, reason: `malformed answer${where}` }
		}
		return { ok: true, value: parsed.data }
	} catch {
		return { ok: false, reason: signal.aborted ? 'timed out' : 'service unreachable' }
	}
}

/** GET {service}/streams for one title, with the token in Ui-Token. */
export async function listServiceStreams(
	request: Pick<ScrapeRequest, 'type' | 'tmdbId' | 'season' | 'episode'>,
	options: CallOptions,
): Promise<ServiceResult<ServiceStream[]>> {
	const result = await callService(
		serviceEndpoint(options.serviceUrl, 'streams', streamsQuery(request)),
		{ method: 'GET' },
		StreamsAnswerSchema,
		options,
	)
	return result.ok ? { ok: true, value: result.value.streams } : result
}

/** POST {service}/token with Ui-Token and { uiToken }; the service answers the token Willow keeps. */
export async function submitServiceToken(options: CallOptions): Promise<ServiceResult<string>> {
	const result = await callService(
		serviceEndpoint(options.serviceUrl, 'token'),
		{ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uiToken: options.token }) },
		TokenAnswerSchema,
		options,
	)
	return result.ok ? { ok: true, value: result.value.token } : result
}
