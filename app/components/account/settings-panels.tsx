import { THEME_PREFERENCES } from '#app/lib/theme/themes.ts'
import {
	AUDIO_LANGUAGES,
	CONTENT_FILTERS,
	QUALITY_OPTIONS,
	SUBTITLE_BACKGROUNDS,
	SUBTITLE_COLOURS,
	SUBTITLE_DELAY_LIMIT,
	SUBTITLE_LANGUAGES,
	SUBTITLE_SIZE_MAX,
	SUBTITLE_SIZE_MIN,
	SUBTITLE_SIZE_STEP,
	THUMBNAIL_SIZES,
} from '#app/lib/sync/settings-options.ts'
import { formatDelay, SUBTITLE_DELAY_STEP_S } from '#app/lib/player/player-rules.ts'
import { regionOptions } from '#app/lib/catalog/watch-providers.ts'
import { useSettings } from '#app/stores/settings.ts'
import { RangeRow, SelectRow, SettingsSection, SwitchRow } from './settings-controls.tsx'

const WATCH_REGION_CHOICES = [{ value: 'auto', label: 'Automatic (from your browser)' }, ...regionOptions()]

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
const optionsOf = <T extends string>(values: readonly T[], label: (value: T) => string = capitalise) =>
	values.map((value) => ({ value, label: label(value) }))

function SavedNote({ signedIn }: { signedIn: boolean }) {
	return (
		<>{signedIn ? 'Saved on this device and synced to your account.' : 'Saved on this device. Sign in to sync them to your account.'}</>
	)
}

export function PlayerSettings({ signedIn }: { signedIn: boolean }) {
	const { settings, update } = useSettings()
	const player = settings.player
	return (
		<SettingsSection title="Player" note={<SavedNote signedIn={signedIn} />}>
			<SwitchRow
				label="Autoplay"
				description="Start playing as soon as the video is ready."
				checked={player.autoplay}
				onChange={(value) => update('player.autoplay', value)}
			/>
			<SwitchRow
				label="Auto next episode"
				description="Go to the next episode when one ends."
				checked={player.autoNext}
				onChange={(value) => update('player.autoNext', value)}
			/>
			<SwitchRow
				label="Seek preview"
				description="Show thumbnails while seeking."
				checked={player.preview}
				onChange={(value) => update('player.preview', value)}
			/>
			<SelectRow
				label="Preferred quality"
				value={player.quality}
				options={optionsOf(QUALITY_OPTIONS, (value) => (value === 'auto' ? 'Auto' : value))}
				onChange={(value) => update('player.quality', value)}
			/>
		</SettingsSection>
	)
}

export function AppearanceSettings({ signedIn }: { signedIn: boolean }) {
	const { settings, update } = useSettings()
	const appearance = settings.appearance
	return (
		<SettingsSection title="Appearance" note={<SavedNote signedIn={signedIn} />}>
			<SelectRow
				label="Theme"
				value={appearance.theme}
				options={optionsOf(THEME_PREFERENCES)}
				onChange={(value) => update('appearance.theme', value)}
			/>
			<RangeRow
				label="Subtitle size"
				value={appearance.subtitleSize}
				min={SUBTITLE_SIZE_MIN}
				max={SUBTITLE_SIZE_MAX}
				step={SUBTITLE_SIZE_STEP}
				format={(value) => `${value}%`}
				onChange={(value) => update('appearance.subtitleSize', value)}
			/>
			<SelectRow
				label="Subtitle colour"
				value={appearance.subtitleColor}
				options={optionsOf(SUBTITLE_COLOURS)}
				onChange={(value) => update('appearance.subtitleColor', value)}
			/>
			<SelectRow
				label="Subtitle background"
				value={appearance.subtitleBackground}
				options={optionsOf(SUBTITLE_BACKGROUNDS)}
				onChange={(value) => update('appearance.subtitleBackground', value)}
			/>
			<RangeRow
				label="Subtitle delay"
				value={appearance.subtitleDelay}
				min={-SUBTITLE_DELAY_LIMIT}
				max={SUBTITLE_DELAY_LIMIT}
				step={SUBTITLE_DELAY_STEP_S}
				format={formatDelay}
				onChange={(value) => update('appearance.subtitleDelay', Math.round(value * 10) / 10)}
			/>
			<SelectRow
				label="Thumbnail size"
				value={appearance.thumbnailSize}
				options={optionsOf(THUMBNAIL_SIZES)}
				onChange={(value) => update('appearance.thumbnailSize', value)}
			/>
		</SettingsSection>
	)
}

export function ContentSettings({ signedIn }: { signedIn: boolean }) {
	const { settings, update } = useSettings()
	const content = settings.content
	return (
		<SettingsSection title="Content" note={<SavedNote signedIn={signedIn} />}>
			<SelectRow
				label="Content filtering"
				value={content.contentFiltering}
				options={optionsOf(CONTENT_FILTERS)}
				onChange={(value) => update('content.contentFiltering', value)}
			/>
			<SelectRow
				label="Preferred audio"
				value={content.preferredAudio}
				options={optionsOf(AUDIO_LANGUAGES)}
				onChange={(value) => update('content.preferredAudio', value)}
			/>
			<SelectRow
				label="Preferred subtitles"
				value={content.preferredSubtitles}
				options={optionsOf(SUBTITLE_LANGUAGES)}
				onChange={(value) => update('content.preferredSubtitles', value)}
			/>
			<SelectRow
				label="Where to watch region"
				description="Whose streaming, rent and buy offers the movie and series pages show."
				value={content.watchRegion}
				options={WATCH_REGION_CHOICES}
				onChange={(value) => update('content.watchRegion', value)}
			/>
		</SettingsSection>
	)
}

export function NotificationSettings({ signedIn }: { signedIn: boolean }) {
	const { settings, update } = useSettings()
	return (
		<SettingsSection title="Notifications" note={<SavedNote signedIn={signedIn} />}>
			<SwitchRow
				label="Push notifications"
				description="New episodes of shows you follow."
				checked={settings.notifications.pushNotifications}
				onChange={(value) => update('notifications.pushNotifications', value)}
			/>
		</SettingsSection>
	)
}

export function EmailUpdatesSetting() {
	const { settings, update } = useSettings()
	return (
		<SwitchRow
			label="Email updates"
			description="Occasional news about Willow."
			checked={settings.account.emailUpdates}
			onChange={(value) => update('account.emailUpdates', value)}
		/>
	)
}
