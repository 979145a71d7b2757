import type { PlaybackSource } from '../types.ts'

// Placeholder until the sample-clips source lands (owned by the sources core work).
export function sampleSource(): PlaybackSource | null {
	return null
}
