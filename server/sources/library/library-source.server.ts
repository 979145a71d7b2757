import type { PlaybackSource } from '../types.ts'

// Placeholder until the media-folder source lands.
export function librarySource(): PlaybackSource | null {
	return null
}
