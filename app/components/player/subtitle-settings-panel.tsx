import type { MediaPlaylist } from 'hls.js'
import { Select } from '#app/components/ui/select.tsx'
import { Stepper } from '#app/components/ui/stepper.tsx'
import { languageName } from '#app/lib/catalog/languages.ts'
import { formatDelay, formatSpeed, stepSpeed, stepSubtitleDelay, stepSubtitleSize } from '#app/lib/player/player-rules.ts'
import { SUBTITLE_BACKGROUNDS, SUBTITLE_COLOURS } from '#app/lib/sync/settings-options.ts'
import { useSettings } from '#app/stores/settings.ts'

/**
 * The Settings menu: subtitle size, colour, background and delay (account
 * settings, §5), then the playback speed and the stream's audio tracks
 * (remembered on the device).
 */
export function SubtitleSettingsPanel({
	audioTracks,
	audioTrack,
	onAudio,
	speed,
	onSpeed,
}: {
	audioTracks: MediaPlaylist[]
	audioTrack: number
	onAudio: (index: number) => void
	speed: number
	onSpeed: (speed: number) => void
}) {
	const { settings, update } = useSettings()
	const appearance = settings.appearance
	return (
		<div className="flex flex-col gap-3">
			<Stepper
				tone="overlay"
				label="Size"
				value={`${appearance.subtitleSize}%`}
				valueTestId="player-subtitle-size"
				decreaseLabel="Smaller subtitles"
				increaseLabel="Larger subtitles"
				onDecrease={() => update('appearance.subtitleSize', stepSubtitleSize(appearance.subtitleSize, -1))}
				onIncrease={() => update('appearance.subtitleSize', stepSubtitleSize(appearance.subtitleSize, 1))}
			/>
			<label className="flex items-center justify-between gap-2">
				Colour
				<Select
					size="xs"
					tone="overlay"
					value={appearance.subtitleColor}
					onChange={(event) => update('appearance.subtitleColor', event.target.value)}
				>
					{SUBTITLE_COLOURS.map((colour) => (
						<option key={colour} value={colour}>
							{colour}
						</option>
					))}
				</Select>
			</label>
			<label className="flex items-center justify-between gap-2">
				Background
				<Select
					size="xs"
					tone="overlay"
					value={appearance.subtitleBackground}
					onChange={(event) => update('appearance.subtitleBackground', event.target.value)}
				>
					{SUBTITLE_BACKGROUNDS.map((background) => (
						<option key={background} value={background}>
							{background}
						</option>
					))}
				</Select>
			</label>
			<Stepper
				tone="overlay"
				label="Delay"
				value={formatDelay(appearance.subtitleDelay)}
				valueTestId="player-subtitle-delay"
				decreaseLabel="Subtitles earlier"
				increaseLabel="Subtitles later"
				onDecrease={() => update('appearance.subtitleDelay', stepSubtitleDelay(appearance.subtitleDelay, -1))}
				onIncrease={() => update('appearance.subtitleDelay', stepSubtitleDelay(appearance.subtitleDelay, 1))}
			/>
			<Stepper
				tone="overlay"
				label="Speed"
				value={formatSpeed(speed)}
				valueTestId="player-speed"
				decreaseLabel="Slower"
				increaseLabel="Faster"
				onDecrease={() => onSpeed(stepSpeed(speed, -1))}
				onIncrease={() => onSpeed(stepSpeed(speed, 1))}
			/>
			{audioTracks.length > 1 ? (
				<label className="flex items-center justify-between gap-2">
					Audio
					<Select size="xs" tone="overlay" value={audioTrack} onChange={(event) => onAudio(Number(event.target.value))}>
						{audioTracks.map((track, index) => (
							<option key={`${track.id}-${index}`} value={index}>
								{track.name || languageName(track.lang) || track.lang || `Track ${index + 1}`}
							</option>
						))}
					</Select>
				</label>
			) : null}
		</div>
	)
}
