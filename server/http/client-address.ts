import ipaddr from 'ipaddr.js'
import type { Request } from 'express'

// The one way per-client limits name a client: its address (the forwarded one
// behind TRUST_PROXY), with IPv6 clients grouped by their /64, since one
// household or server usually holds a whole /64 and could rotate through it.

export function clientAddressKey(address: string | undefined): string {
	if (!address || !ipaddr.isValid(address)) return 'unknown'
	const parsed = ipaddr.process(address)
	if (parsed.kind() === 'ipv4') return parsed.toString()
	const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4)
	return `${ipaddr.fromByteArray([...parts.flatMap((part) => [part >> 8, part & 0xff]), ...new Array(8).fill(0)]).toString()}/64`
}

/** The client of a request, for rate limits and logs. */
export function clientAddress(req: Request): string {
	return clientAddressKey(req.ip ?? req.socket.remoteAddress)
}
