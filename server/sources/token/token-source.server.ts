import { FOURK_TOKEN_REASON } from '#app/lib/sources/reasons.ts'
import { getEnv } from '../../env.server.ts'
import { signProxyUrl } from '../proxy/proxy.server.ts'
import type { PlaybackSource, ScrapeRequest, LookupContext, SourceResult } from '../types.ts'
import { isHeaderSafe, mapServiceStreams, type UrlSigner } from './protocol.ts'
import { listServiceStreams, REJECTED_REASON } from './service-client.server.ts'

// Source 3: the 4K token service (FOURK_SERVICE_URL). The browser sends the
// token its wizard stored in a Ui-Token header on /api/sources/lookup; it is
// passed to the service for this one listing and not kept or logged.

export const TOKEN_SOURCE_ID = 'fourk'
export const TOKEN_SOURCE_NAME = '4K service'

export interface TokenSourceOptions {
	serviceUrl: string
	/** Same-origin URL for an upstream one; the stream proxy by default. */
	sign?: UrlSigner
	timeoutMs?: number
}

/**
 * The proxy may fetch from the service's own host and the host a listed URL
 * names (a CDN). The owner configured the service, so its own host may be on
 * the LAN; other hosts must be public. The listed URLs must work without the
 * token (signed or short-lived): Willow never forwards the Ui-Token to media.
 */
export function proxySignerFor(serviceUrl: string): UrlSigner {
	const service = new URL(serviceUrl)
	return (upstream) =>
		signProxyUrl({
			url: upstream.href,
			allowedHosts: [...new Set([service.host, upstream.host])],
			allowPrivate: true,
			privateHosts: [service.hostname],
			filename: upstream.pathname.split('/').pop(),
		})
}

export function createTokenSource(options: TokenSourceOptions): PlaybackSource {
	const sign = options.sign ?? proxySignerFor(options.serviceUrl)
	return {
		id: TOKEN_SOURCE_ID,
		name: TOKEN_SOURCE_NAME,
		kind: 'token',
		async lookup(request: ScrapeRequest, context: LookupContext): Promise<SourceResult> {
			const token = context.uiToken
			// No token, or one the service refuses: the viewer's next step is the wizard on /4k.
			if (!token || !isHeaderSafe(token)) return { kind: 'none', reason: FOURK_TOKEN_REASON }
			const listing = await listServiceStreams(request, {
				serviceUrl: options.serviceUrl,
				token,
				signal: context.signal,
				timeoutMs: options.timeoutMs,
			})
			if (!listing.ok) return { kind: 'none', reason: listing.reason === REJECTED_REASON ? FOURK_TOKEN_REASON : listing.reason }
			if (listing.value.length === 0) return { kind: 'none', reason: 'nothing returned' }
			let streams
			try {
				streams = await mapServiceStreams(listing.value, {
					sourceId: TOKEN_SOURCE_ID,
					sourceName: TOKEN_SOURCE_NAME,
					serviceUrl: options.serviceUrl,
					sign,
				})
			} catch {
				// The proxy could not sign (no secret yet, or it refused the target).
				return { kind: 'none', reason: 'stream proxy unavailable' }
			}
			return streams.length > 0 ? { kind: 'found', streams } : { kind: 'none', reason: 'no playable stream URL in the answer' }
		},
	}
}

/** The token source whenever FOURK_SERVICE_URL is set (the registry asks it only when a token was sent). */
export function tokenSource(): PlaybackSource | null {
	const serviceUrl = getEnv().FOURK_SERVICE_URL
	return serviceUrl ? createTokenSource({ serviceUrl, timeoutMs: getEnv().SOURCE_TIMEOUT_MS }) : null
}
