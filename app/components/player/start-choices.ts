import { episodeKey } from '#app/lib/library/history.ts'
import { DEFAULT_VOLUME, fileQualities, resumeTime, startQuality } from '#app/lib/player/player-rules.ts'
import type { QualityKey, Stream } from '#app/lib/sources/contract.ts'
import { getHistorySnapshot } from '#app/stores/library.ts'
import { readDevice } from '#app/stores/device-storage.ts'
import { readSettings } from '#app/stores/settings.ts'
import { screenResolution, type StartChoices } from './start-defaults.ts'
import { storedChoice } from './device-choices.ts'
import type { PlayerMedia } from './player-props.ts'

// Where and how a stream starts, read from the device and the library at the moment it starts:
// the file quality (product.md §9), the saved point (§5) and the volume (§9: default 0.1).
// One place for them, since a video can start at the Watch click before the player's code has
// loaded (early-video.ts) and the player must then agree with what already plays. A device that has
// stored nothing starts with DEFAULT_START_CHOICES (start-defaults.ts), which must agree too.

/** The quality last chosen on this device, else what the screen suits. */
export function deviceResolution() {
	try {
		const stored = readDevice('deviceBestResolution')
		if (stored) return stored
	} catch {
		// Storage refused: fall back to the screen.
	}
	return screenResolution()
}

/** The quality a file stream starts at: the setting when the stream has it, else the best up to the device's. */
export function startFileQuality(stream: Stream, setting: string): QualityKey | null {
	return stream.type === 'file' ? startQuality(fileQualities(stream), setting, deviceResolution()) : null
}

/** The saved point to resume the title or episode at (0 to start from the beginning). */
export function savedStartPoint(media: Pick<PlayerMedia, 'type' | 'tmdbId' | 'season' | 'episode'>): number {
	const history = getHistorySnapshot().history[String(media.tmdbId)]
	const saved = media.type === 'tv' ? history?.episodes?.[episodeKey(media.season ?? 1, media.episode ?? 1)]?.progress : history?.progress
	return resumeTime(media.type, saved)
}

/** The volume remembered on this device. */
export function startVolume(): number {
	return storedChoice('player-volume') ?? DEFAULT_VOLUME
}

/** The choices as this device has stored them, for a stream the Watch click starts (early-video.ts). */
export function storedStartChoices(): StartChoices {
	const settings = readSettings()
	return {
		autoplay: settings.player.autoplay,
		fileQuality: (stream) => startFileQuality(stream, settings.player.quality),
		volume: startVolume,
		savedPoint: savedStartPoint,
	}
}
