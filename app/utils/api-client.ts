/**
 * The browser's one HTTP client: every call to Willow's JSON API (accounts,
 * sync, catalogue, error reports) and the analytics beacon goes through here,
 * so every failure has one shape. A non-OK answer throws ApiError carrying the
 * status and the server's `{ "error": "…" }` text; a 401 from an account route
 * throws UnauthorizedError (the session is gone, so the device logs out, product.md
 * §8). Network failures and aborts reject as fetch rejects them (TypeError,
 * AbortError).
 */

/** A non-OK answer from the API. */
export class ApiError extends Error {
	constructor(
		/** The server's `error` text; empty when the answer carried none (then pages show their own words). */
		readonly serverMessage: string,
		readonly status: number,
		readonly retryAfterSeconds?: number,
		statusText = '',
	) {
		super(serverMessage || statusText || `HTTP ${status}`)
		this.name = 'ApiError'
	}
}

/** 401 from an account route: the session is gone, so the device logs out (product.md §8). */
export class UnauthorizedError extends ApiError {
	constructor() {
		// No server text: a page never shows it, it signs the device out instead.
		super('', 401, undefined, 'Unauthorized')
		this.name = 'UnauthorizedError'
	}
}

export type QueryValues = Record<string, string | number | undefined>

export interface ApiRequest {
	/** Defaults to POST with a body, GET without. */
	method?: string
	/** Sent as JSON. */
	body?: unknown
	/** Added to the address; undefined and empty values are left out. */
	query?: QueryValues
	signal?: AbortSignal
	/** Lets the request finish after the page unloads. */
	keepalive?: boolean
}

function withQuery(path: string, query: QueryValues | undefined): string {
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries(query ?? {})) {
		if (value !== undefined && value !== '') params.set(key, String(value))
	}
	const qs = params.toString()
	return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path
}

/** JSON call to the same-origin API with the session cookie; resolves to the answer's JSON (null when the answer is empty or not JSON). */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
	const hasBody = request.body !== undefined
	const response = await fetch(withQuery(path, request.query), {
		method: request.method ?? (hasBody ? 'POST' : 'GET'),
		credentials: 'same-origin',
		headers: hasBody ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
		body: hasBody ? JSON.stringify(request.body) : undefined,
		signal: request.signal,
		keepalive: request.keepalive,
	})
	let data: unknown = null
	try {
		data = await response.json()
	} catch {
		data = null
	}
	if (response.status === 401 && !path.startsWith('/api/auth/')) throw new UnauthorizedError()
	if (!response.ok) {
		const message = data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : ''
		const retryAfter = Number(response.headers.get('retry-after'))
		throw new ApiError(
			message,
			response.status,
			Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
			response.statusText,
		)
	}
	return data as T
}

/** The catalogue: /api/catalog/<TMDB v3 path>, same shapes as TMDB. */
export function catalogRequest<T>(path: string, query: QueryValues = {}, signal?: AbortSignal): Promise<T> {
	return apiRequest<T>(`/api/catalog${path}`, { query, signal })
}

/**
 * Posts JSON without waiting for or reading the answer (analytics events):
 * sendBeacon when the browser has it, else a keepalive fetch. Never throws.
 */
export function sendInBackground(url: string, payload: unknown) {
	try {
		const body = JSON.stringify(payload)
		if (navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return
		void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => {})
	} catch {
		// Best effort by design.
	}
}

export interface ApiStreamRequest {
	/** Added to the address; undefined and empty values are left out. */
	query?: QueryValues
	/** Extra request headers (e.g. `Ui-Token`). */
	headers?: Record<string, string>
	signal?: AbortSignal
}

/**
 * GET whose answer is read as it arrives (NDJSON lookups): resolves to the
 * answer's body once the status is known. A non-OK answer throws ApiError as
 * apiRequest does, so errors sent before a stream starts keep their text.
 */
export async function apiStream(path: string, request: ApiStreamRequest = {}): Promise<ReadableStream<Uint8Array>> {
	const response = await fetch(withQuery(path, request.query), {
		method: 'GET',
		credentials: 'same-origin',
		headers: { accept: 'application/x-ndjson, application/json', ...request.headers },
		signal: request.signal,
	})
	if (!response.ok) {
		let message = ''
		try {
			const data: unknown = await response.json()
			if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string') message = data.error
		} catch {
			// No JSON error text: the status line speaks instead.
		}
		if (response.status === 401) throw new UnauthorizedError()
		const retryAfter = Number(response.headers.get('retry-after'))
		throw new ApiError(
			message,
			response.status,
			Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
			response.statusText,
		)
	}
	if (!response.body) throw new ApiError('', response.status, undefined, 'Empty answer')
	return response.body
}
