import type { Level } from 'hls.js'
import { useCallback, useMemo, useState } from 'react'
import { fileQualities, heightLabel, qualityLabel, sortQualityLabels } from '#app/lib/player/player-rules.ts'
import type { QualityKey, Stream } from '#app/lib/sources/contract.ts'
import { writeDevice } from '#app/stores/device-storage.ts'
import { startFileQuality } from './start-choices.ts'

// Which quality plays (product.md §9): a file stream starts at the quality
// setting when it has it, else at the best one up to the device's
// (deviceBestResolution: the quality last chosen on this device, else what the
// screen suits); the viewer's choice in the Quality menu wins until another
// stream plays, and is remembered as the device's.

export function useFileQuality(stream: Stream | undefined, setting: string) {
	const [chosen, setChosen] = useState<{ stream: Stream; key: QualityKey } | null>(null)
	const qualities = useMemo(() => (stream?.type === 'file' ? fileQualities(stream) : []), [stream])
	const initial = useMemo(() => (stream ? startFileQuality(stream, setting) : null), [stream, setting])
	const active = chosen && chosen.stream === stream && qualities.includes(chosen.key) ? chosen.key : initial
	const choose = useCallback(
		(key: QualityKey) => {
			if (stream) setChosen({ stream, key })
			// Remembered on the device: the next stream starts at the best quality up to this one.
			if (key === 'unknown') return
			try {
				writeDevice('deviceBestResolution', key)
			} catch {
				// Storage refused: the choice still applies to this stream.
			}
		},
		[stream],
	)
	return { qualities, active, choose }
}

export interface QualityOption {
	value: string
	label: string
}

/** The Quality menu: a file stream's qualities, or the HLS levels in §9 order then Auto (naming the level on screen). */
export function qualityMenu(
	stream: Stream | undefined,
	file: { qualities: QualityKey[]; active: QualityKey | null },
	hls: { levels: Level[]; level: number; playingLevel: number },
): { options: QualityOption[]; current: string } {
	if (stream?.type === 'file') {
		return { options: file.qualities.map((key) => ({ value: key, label: qualityLabel(key) })), current: file.active ?? '' }
	}
	const { levels, playingLevel } = hls
	const options = sortQualityLabels(levels.map((level) => heightLabel(level.height))).map((label) => ({
		value: String(levels.findIndex((level) => heightLabel(level.height) === label)),
		label,
	}))
	if (levels.length > 0) {
		options.push({ value: '-1', label: levels[playingLevel] ? `Auto (${heightLabel(levels[playingLevel].height)})` : 'Auto' })
	}
	return { options, current: String(hls.level) }
}
