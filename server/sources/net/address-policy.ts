import ipaddr from 'ipaddr.js'

// Which hosts and addresses outbound requests may reach. Pure: no I/O.

/**
 * True for a globally routable unicast address. Loopback, private (RFC 1918,
 * unique-local), link-local, carrier-grade NAT, multicast, reserved and
 * documentation ranges, and IPv6 forms that embed an IPv4 address (mapped,
 * NAT64, 6to4, Teredo) are not public: any of them could lead back into the
 * server's own network.
 */
export function isPublicAddress(address: string): boolean {
	if (!ipaddr.isValid(address)) return false
	// process() turns ::ffff:10.0.0.1 into 10.0.0.1, so a mapped address is judged as IPv4.
	return ipaddr.process(address).range() === 'unicast'
}

/** True when `hostname` (as in URL.hostname, IPv6 in brackets) is an IP literal rather than a name. */
export function ipLiteralOf(hostname: string): string | null {
	const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
	return ipaddr.isValid(bare) ? bare : null
}

/** `host:port` of an http(s) URL, the port spelled out (80/443 when implied), host lower-cased. */
export function hostKeyOf(url: URL): string {
	const port = url.port || (url.protocol === 'https:' ? '443' : '80')
	return `${url.hostname.toLowerCase()}:${port}`
}

/** Parses an absolute http(s) URL; anything else (file:, data:, javascript:, relative, credentials) is null. */
export function parseHttpUrl(input: string, base?: string | URL): URL | null {
	let url: URL
	try {
		url = base === undefined ? new URL(input) : new URL(input, base)
	} catch {
		return null
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
	// user:pass@host would be sent upstream as Authorization; add-ons have no business doing that.
	if (url.username || url.password) return null
	if (!url.hostname) return null
	return url
}

export interface OutboundPolicy {
	/** `host:port` keys a request (and every redirect) may go to. */
	allowedHosts: readonly string[]
	/**
	 * Host names (no port) that may resolve to private, loopback or link-local
	 * addresses: the owner's own add-on hosts. Every other host must resolve to
	 * a public address.
	 */
	privateHosts: readonly string[]
}

export function isHostAllowed(policy: OutboundPolicy, url: URL): boolean {
	return policy.allowedHosts.includes(hostKeyOf(url))
}

export function mayBePrivate(policy: OutboundPolicy, hostname: string): boolean {
	return policy.privateHosts.includes(hostname.toLowerCase())
}

/**
 * What logs may say about an outbound URL: its origin only. Add-on and
 * stream URLs often carry keys in their paths or queries (debrid tokens,
 * add-on configuration).
 */
export function originForLog(url: string): string {
	try {
		return new URL(url).origin
	} catch {
		return '(not a URL)'
	}
}
