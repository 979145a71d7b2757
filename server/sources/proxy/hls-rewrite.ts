import { parseHttpUrl } from '../net/address-policy.ts'

// Rewrites an HLS playlist so every URI in it (variant playlists, segments,
// keys, init sections, renditions, subtitles) points back at the stream
// proxy. Pure: the signing of each child URL is passed in.

/** True when a response is an HLS playlist (by type, else by the URL's extension). */
export function isHlsPlaylist(contentType: string | undefined, url: URL): boolean {
	const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
	if (
		type === 'application/vnd.apple.mpegurl' ||
		type === 'application/x-mpegurl' ||
		type === 'audio/mpegurl' ||
		type === 'audio/x-mpegurl'
	)
		return true
	return /\.m3u8?$/i.test(url.pathname)
}

/** The last path segment of a URL when it is a plain file name, for the proxy URL's tail. */
export function childFilename(url: URL): string {
	const last = decodeURIComponentSafe(url.pathname.split('/').pop() ?? '')
	return /^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/.test(last) ? last : 'media'
}

function decodeURIComponentSafe(value: string) {
	try {
		return decodeURIComponent(value)
	} catch {
		return value
	}
}

const URI_ATTRIBUTE = /URI="([^"]*)"/g

/**
 * Rewrites `playlist` (fetched from `base`). `sign` gets each child's absolute
 * URL; URIs that are not http(s) after resolving (data:, skd:…) stay as they
 * are: the browser handles those itself and the server never fetches them.
 */
export async function rewritePlaylist(playlist: string, base: URL, sign: (child: URL) => Promise<string>): Promise<string> {
	const lines = playlist.split(/\r?\n/)
	const out: string[] = []
	const rewrite = async (uri: string) => {
		const child = parseHttpUrl(uri.trim(), base)
		return child ? sign(child) : uri
	}
	for (const line of lines) {
		const trimmed = line.trim()
		if (trimmed === '') {
			out.push(line)
		} else if (trimmed.startsWith('#')) {
			if (!trimmed.includes('URI="')) {
				out.push(line)
				continue
			}
			let result = ''
			let last = 0
			for (const match of line.matchAll(URI_ATTRIBUTE)) {
				result += line.slice(last, match.index) + `URI="${await rewrite(match[1]!)}"`
				last = match.index + match[0].length
			}
			out.push(result + line.slice(last))
		} else {
			out.push(await rewrite(trimmed))
		}
	}
	return out.join('\n')
}
