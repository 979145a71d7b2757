import { z } from 'zod'
import { lazyObject } from '#app/lib/validation/lazy-object.ts'
import { WATCH_REGION_SETTING } from '../catalog/watch-providers.ts'
import { THEME_PREFERENCES } from '../theme/themes.ts'
import { compareText } from './canonical.ts'
import {
	AUDIO_LANGUAGES,
	CONTENT_FILTERS,
	DEFAULT_SETTINGS,
	QUALITY_OPTIONS,
	SUBTITLE_BACKGROUNDS,
	SUBTITLE_COLOURS,
	SUBTITLE_DELAY_LIMIT,
	SUBTITLE_LANGUAGES,
	SUBTITLE_SIZE_MAX,
	SUBTITLE_SIZE_MIN,
	SUBTITLE_SIZE_STEP,
	THUMBNAIL_SIZES,
} from './settings-options.ts'

// Settings definitions of product.md §3 with the option lists of §9. Saved on the
// device and synced to the account; each field carries its own change time,
// so edits to different settings on two devices both survive.

export const SettingsValuesSchema = lazyObject(() =>
	z.object({
		player: z.object({
			autoplay: z.boolean().default(DEFAULT_SETTINGS.player.autoplay),
			autoNext: z.boolean().default(DEFAULT_SETTINGS.player.autoNext),
			preview: z.boolean().default(DEFAULT_SETTINGS.player.preview),
			quality: z.enum(QUALITY_OPTIONS).default(DEFAULT_SETTINGS.player.quality),
		}),
		appearance: z.object({
			theme: z.enum(THEME_PREFERENCES).default(DEFAULT_SETTINGS.appearance.theme),
			subtitleSize: z
				.number()
				.int()
				.min(SUBTITLE_SIZE_MIN)
				.max(SUBTITLE_SIZE_MAX)
				.refine((size) => size % SUBTITLE_SIZE_STEP === 0, 'Subtitle size moves in steps of 10%')
				.default(DEFAULT_SETTINGS.appearance.subtitleSize),
			subtitleColor: z.enum(SUBTITLE_COLOURS).default(DEFAULT_SETTINGS.appearance.subtitleColor),
			// Added after the first release: defaults keep older stored and synced documents valid.
			subtitleBackground: z.enum(SUBTITLE_BACKGROUNDS).default(DEFAULT_SETTINGS.appearance.subtitleBackground),
			subtitleDelay: z.number().min(-SUBTITLE_DELAY_LIMIT).max(SUBTITLE_DELAY_LIMIT).default(DEFAULT_SETTINGS.appearance.subtitleDelay),
			thumbnailSize: z.enum(THUMBNAIL_SIZES).default(DEFAULT_SETTINGS.appearance.thumbnailSize),
		}),
		content: z.object({
			contentFiltering: z.enum(CONTENT_FILTERS).default(DEFAULT_SETTINGS.content.contentFiltering),
			preferredAudio: z.enum(AUDIO_LANGUAGES).default(DEFAULT_SETTINGS.content.preferredAudio),
			preferredSubtitles: z.enum(SUBTITLE_LANGUAGES).default(DEFAULT_SETTINGS.content.preferredSubtitles),
			// Where to watch: 'auto' follows the browser's languages (US on the server), else a region code.
			watchRegion: z.string().regex(WATCH_REGION_SETTING).default(DEFAULT_SETTINGS.content.watchRegion),
		}),
		account: z.object({
			emailUpdates: z.boolean().default(DEFAULT_SETTINGS.account.emailUpdates),
		}),
		notifications: z.object({
			pushNotifications: z.boolean().default(DEFAULT_SETTINGS.notifications.pushNotifications),
		}),
	}),
)

export type SettingsValues = z.infer<typeof SettingsValuesSchema>
export type SettingsSection = keyof SettingsValues

/** Every setting at its default (settings-options.ts, which the schema's defaults are). Do not change it: clone it. */
export function defaultSettings(): SettingsValues {
	return DEFAULT_SETTINGS
}

/** Field path like 'player.autoplay'. */
export type SettingsFieldPath = {
	[S in SettingsSection]: `${S}.${Extract<keyof SettingsValues[S], string>}`
}[SettingsSection]

/** Settings as stored and synced: values plus, per field, when it was last changed. */
export interface SettingsDocument {
	values: SettingsValues
	/** Keyed by SettingsFieldPath; absent = never changed (the default). */
	changedAt: Record<string, number>
}

const time = lazyObject(() => z.number().int().min(0).max(7_258_118_400_000))

/** Lenient reader: unknown or invalid fields fall back to defaults instead of failing. */
export const SettingsDocumentSchema = lazyObject(() =>
	z.object({
		values: z.object({
			player: SettingsValuesSchema.shape.player.catch(defaultSettings().player),
			appearance: SettingsValuesSchema.shape.appearance.catch(defaultSettings().appearance),
			content: SettingsValuesSchema.shape.content.catch(defaultSettings().content),
			account: SettingsValuesSchema.shape.account.catch(defaultSettings().account),
			notifications: SettingsValuesSchema.shape.notifications.catch(defaultSettings().notifications),
		}),
		changedAt: z.record(z.string().max(64), time).refine((record) => Object.keys(record).length <= 64, 'Too many settings'),
	}),
)

/** Strict request shape for POST /api/sync/settings. */
export const SettingsSyncRequestSchema = lazyObject(() =>
	z.object({
		settings: z.object({ values: SettingsValuesSchema, changedAt: z.record(z.string().max(64), time) }),
	}),
)

export function emptySettingsDocument(): SettingsDocument {
	return { values: structuredClone(defaultSettings()), changedAt: {} }
}

export function settingsFieldPaths(): SettingsFieldPath[] {
	const paths: string[] = []
	for (const [section, fields] of Object.entries(defaultSettings())) {
		for (const field of Object.keys(fields)) paths.push(`${section}.${field}`)
	}
	return paths as SettingsFieldPath[]
}

function readField(values: SettingsValues, path: SettingsFieldPath): unknown {
	const [section, field] = path.split('.') as [SettingsSection, string]
	return (values[section] as Record<string, unknown>)[field]
}

function writeField(values: SettingsValues, path: SettingsFieldPath, value: unknown) {
	const [section, field] = path.split('.') as [SettingsSection, string]
	;(values[section] as Record<string, unknown>)[field] = value
}

/** Sets one field and stamps it. */
export function setSetting(document: SettingsDocument, path: SettingsFieldPath, value: unknown, now = Date.now()): SettingsDocument {
	const next: SettingsDocument = { values: structuredClone(document.values), changedAt: { ...document.changedAt } }
	writeField(next.values, path, value)
	next.changedAt[path] = Math.max(now, (document.changedAt[path] ?? 0) + 1)
	return next
}

/** Per-field last-writer-wins merge; ties go to the larger JSON of the value. Order-independent. */
export function mergeSettings(...documents: SettingsDocument[]): SettingsDocument {
	const merged = emptySettingsDocument()
	for (const path of settingsFieldPaths()) {
		let best: { at: number; value: unknown } | undefined
		for (const document of documents) {
			const at = document.changedAt[path]
			if (at === undefined) continue
			const value = readField(document.values, path)
			if (!best || at > best.at || (at === best.at && compareText(JSON.stringify(value), JSON.stringify(best.value)) > 0)) {
				best = { at, value }
			}
		}
		if (best) {
			writeField(merged.values, path, best.value)
			merged.changedAt[path] = best.at
		}
	}
	return merged
}
