// Signed and sealed links are bearer credentials: whoever holds one plays the
// stream until it expires. They must never reach a log, so the request log
// and every log line (logger.server.ts) pass through these rules. Pure, so
// they are unit-tested on their own.

const SECRET_QUERY_KEYS = /^(sig|signature|token|access_token|refresh_token|api_?key|key|password|secret|code|auth|ticket)$/i
/** A path segment this long in base64url is a sealed token or a signature, never a name worth logging. */
const OPAQUE_SEGMENT = /^[A-Za-z0-9_-]{32,}$/
const STREAM_PREFIX = '/api/stream/'

function redactPath(path: string): string {
	if (!path.startsWith(STREAM_PREFIX)) return path
	return path
		.split('/')
		.map((segment) => (OPAQUE_SEGMENT.test(segment) ? ':redacted' : segment))
		.join('/')
}

/**
 * A request URL (path and query) fit for a log: under /api/stream/ every
 * query value and every opaque path segment (sealed proxy tokens, segment
 * signatures) is replaced; elsewhere the values of credential-like keys.
 */
export function redactUrl(url: string): string {
	const queryAt = url.indexOf('?')
	const path = queryAt === -1 ? url : url.slice(0, queryAt)
	const query = queryAt === -1 ? null : url.slice(queryAt + 1)
	const stream = path.startsWith(STREAM_PREFIX)
	const safePath = redactPath(path)
	if (query === null) return safePath
	const pairs = query.split('&').map((pair) => {
		const equals = pair.indexOf('=')
		const key = equals === -1 ? pair : pair.slice(0, equals)
		if (equals === -1) return pair
		return stream || SECRET_QUERY_KEYS.test(decodeKey(key)) ? `${key}=:redacted` : pair
	})
	return `${safePath}?${pairs.join('&')}`
}

function decodeKey(key: string): string {
	try {
		return decodeURIComponent(key)
	} catch {
		return key
	}
}

const SIGNED_QUERY = /\b(sig|signature|token|access_token|api_?key)=[^&\s"'<>]+/gi
const STREAM_PATH = /\/api\/stream\/[^\s"'?#<>]*/g
// The remux relay (proxy/relay.server.ts) takes the sealed token as its whole path.
const LOOPBACK_TOKEN = /(https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+\/)[A-Za-z0-9_-]{32,}/g

/** Free text (an error message, ffmpeg's stderr) with signed query values and sealed paths replaced. */
export function redactSecrets(text: string): string {
	return text
		.replace(SIGNED_QUERY, (_match, key: string) => `${key}=:redacted`)
		.replace(STREAM_PATH, (path) => redactPath(path))
		.replace(LOOPBACK_TOKEN, '$1:redacted')
}

/** A value about to be logged, with every string in it (at any depth) passed through redactSecrets. */
export function redactDeep(value: unknown, depth = 0): unknown {
	if (typeof value === 'string') return redactSecrets(value)
	if (depth > 6 || value === null || typeof value !== 'object') return value
	if (value instanceof Error) {
		const copy: Record<string, unknown> = { type: value.name, message: redactSecrets(value.message) }
		if (value.stack) copy.stack = redactSecrets(value.stack)
		for (const [key, inner] of Object.entries(value)) copy[key] = redactDeep(inner, depth + 1)
		return copy
	}
	if (Array.isArray(value)) return value.map((inner) => redactDeep(inner, depth + 1))
	const copy: Record<string, unknown> = {}
	for (const [key, inner] of Object.entries(value as Record<string, unknown>)) copy[key] = redactDeep(inner, depth + 1)
	return copy
}
