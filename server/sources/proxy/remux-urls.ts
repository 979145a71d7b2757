// The names under a remuxed stream's proxy token (remux.server.ts): its
// playlist, its segments, and its turn URL for a transcode slot. No I/O.

export const REMUX_PLAYLIST = 'remux.m3u8'
/** The last path segment of a remuxed stream's turn URL (POST to ask, DELETE to leave; decision 0046). */
export const REMUX_QUEUE = 'queue'

/** The turn URL of a remuxed stream whose playlist is at `playlist` (the same token). */
export function remuxQueueUrl(playlist: string): string {
	return `${playlist.slice(0, playlist.lastIndexOf('/') + 1)}${REMUX_QUEUE}`
}
