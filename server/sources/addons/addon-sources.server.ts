import type { PlaybackSource } from '../types.ts'

// Placeholder until the Stremio add-on sources land.
export async function addonSources(_user: { id: string; username: string } | null): Promise<PlaybackSource[]> {
	return []
}
