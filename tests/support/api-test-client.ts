import type { DatabaseHandle } from '#server/db/db.server.ts'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { startTestApp, type RunningApp } from './servers.ts'

// Test and benchmark helper: the API on an ephemeral port, and clients that
// keep their own session cookie like separate browsers do.

export type RunningApi = RunningApp

/** The app on the database given (servers.ts starts it, as it starts every test server). */
export async function startApi(handle: DatabaseHandle): Promise<RunningApi> {
	setDatabaseForTests(handle)
	return startTestApp()
}

export interface ApiResponse<T = unknown> {
	status: number
	headers: Headers
	body: T
}

/** A client with a cookie jar of one session cookie (what a browser keeps for the site). */
export class ApiClient {
	cookie: string | undefined
	/** The long-lived device cookie a successful login leaves (kept across logouts, like a browser does). */
	deviceCookie: string | undefined
	constructor(
		readonly baseUrl: string,
		readonly defaultHeaders: Record<string, string> = {},
	) {}

	async request<T = Record<string, unknown>>(
		method: string,
		path: string,
		body?: unknown,
		headers: Record<string, string> = {},
	): Promise<ApiResponse<T>> {
		const init: RequestInit = {
			method,
			headers: {
				...this.defaultHeaders,
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
				...(this.cookie || this.deviceCookie ? { cookie: [this.cookie, this.deviceCookie].filter(Boolean).join('; ') } : {}),
				...headers,
			},
			body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
		}
		const response = await fetch(`${this.baseUrl}${path}`, init)
		for (const setCookie of response.headers.getSetCookie()) {
			const [pair] = setCookie.split(';')
			if (!pair) continue
			const [name, value] = pair.split('=')
			if (name?.includes('willow_device')) {
				this.deviceCookie = value ? `${name}=${value}` : undefined
				continue
			}
			if (!name?.includes('willow_session')) continue
			this.cookie = value ? `${name}=${value}` : undefined
		}
		const text = await response.text()
		let parsed: unknown = text
		try {
			parsed = JSON.parse(text)
		} catch {
			// Non-JSON bodies stay text.
		}
		return { status: response.status, headers: response.headers, body: parsed as T }
	}

	get<T = Record<string, unknown>>(path: string) {
		return this.request<T>('GET', path)
	}

	post<T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) {
		return this.request<T>('POST', path, body ?? {}, headers)
	}
}
