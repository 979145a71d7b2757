import type { PlaybackSource } from '../types.ts'

// Placeholder until the 4K token source lands.
export function tokenSource(): PlaybackSource | null {
	return null
}
