import { DEFAULT_VOLUME, fileQualities, recommendResolution, startQuality } from '#app/lib/player/player-rules.ts'
import type { QualityKey, Stream } from '#app/lib/sources/contract.ts'
import { DEFAULT_PLAYER_SETTINGS } from '#app/lib/sync/settings-options.ts'
import type { PlayerMedia } from './player-props.ts'

// What a stream starts with, and the answer for a device that has stored nothing
// (decision 0064). No storage and no zod here: the Watch click reads these on
// pages that load no library; start-choices.ts gives the stored answers.

/** What a stream starts with: the quality, volume and saved point the player would choose. */
export interface StartChoices {
	autoplay: boolean
	fileQuality(stream: Stream): QualityKey | null
	volume(): number
	savedPoint(media: Pick<PlayerMedia, 'type' | 'tmdbId' | 'season' | 'episode'>): number
}

/** The resolution this screen suits, for a device that has remembered none. */
export function screenResolution() {
	const ratio = window.devicePixelRatio || 1
	return recommendResolution(window.screen.width * ratio, window.screen.height * ratio)
}

/** The choices of a device that has stored nothing: the settings' defaults, no saved point. */
export const DEFAULT_START_CHOICES: StartChoices = {
	autoplay: DEFAULT_PLAYER_SETTINGS.autoplay,
	fileQuality: (stream) =>
		stream.type === 'file' ? startQuality(fileQualities(stream), DEFAULT_PLAYER_SETTINGS.quality, screenResolution()) : null,
	volume: () => DEFAULT_VOLUME,
	savedPoint: () => 0,
}
