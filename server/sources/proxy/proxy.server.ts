// Placeholder until the stream proxy lands. Signature is the contract other sources use.

export interface ProxyTarget {
	/** Absolute http(s) URL of the upstream stream, playlist, segment or caption. */
	url: string
	/** Request headers to send upstream (an add-on's proxyHeaders.request, the token service's auth). */
	headers?: Record<string, string>
	/** Hosts (host:port) this upstream may lead to (playlist children, redirects). */
	allowedHosts: string[]
	/** The owner's own add-ons may live on the LAN; users' may not. */
	allowPrivate: boolean
}

/** A signed same-origin URL (/api/stream/proxy/…) that streams `target` through Willow. */
export async function signProxyUrl(_target: ProxyTarget): Promise<string> {
	throw new Error('stream proxy not available yet')
}
