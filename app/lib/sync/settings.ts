import { z } from 'zod'
import { WATCH_REGION_SETTING } from '../catalog/watch-providers.ts'
import { THEME_PREFERENCES } from '../theme/themes.ts'
import { compareText } from './canonical.ts'
import {
	AUDIO_LANGUAGES,
	CONTENT_FILTERS,
	DEFAULT_PLAYER_SETTINGS,
	DEFAULT_WATCH_REGION,
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

export const SettingsValuesSchema = z.object({
	player: z.object({
		autoplay: z.boolean().default(DEFAULT_PLAYER_SETTINGS.autoplay),
		autoNext: z.boolean().default(DEFAULT_PLAYER_SETTINGS.autoNext),
		preview: z.boolean().default(DEFAULT_PLAYER_SETTINGS.preview),
		quality: z.enum(QUALITY_OPTIONS).default(DEFAULT_PLAYER_SETTINGS.quality),
	}),
	appearance: z.object({
		theme: z.enum(THEME_PREFERENCES).default('system'),
		subtitleSize: z
			.number()
			.int()
			.min(SUBTITLE_SIZE_MIN)
			.max(SUBTITLE_SIZE_MAX)
			.refine((size) => size % SUBTITLE_SIZE_STEP === 0, 'Subtitle size moves in steps of 10%')
			.default(100),
		subtitleColor: z.enum(SUBTITLE_COLOURS).default('white'),
		// Added after the first release: defaults keep older stored and synced documents valid.
		subtitleBackground: z.enum(SUBTITLE_BACKGROUNDS).default('translucent'),
		subtitleDelay: z.number().min(-SUBTITLE_DELAY_LIMIT).max(SUBTITLE_DELAY_LIMIT).default(0),
		thumbnailSize: z.enum(THUMBNAIL_SIZES).default('medium'),
	}),
	content: z.object({
		contentFiltering: z.enum(CONTENT_FILTERS).default('unrestricted'),
		preferredAudio: z.enum(AUDIO_LANGUAGES).default('english'),
		preferredSubtitles: z.enum(SUBTITLE_LANGUAGES).default('english'),
		// Where to watch: 'auto' follows the browser's languages (US on the server), else a region code.
		watchRegion: z.string().regex(WATCH_REGION_SETTING).default(DEFAULT_WATCH_REGION),
	}),
	account: z.object({
		emailUpdates: z.boolean().default(false),
	}),
	notifications: z.object({
		pushNotifications: z.boolean().default(true),
	}),
})

export type SettingsValues = z.infer<typeof SettingsValuesSchema>
export type SettingsSection = keyof SettingsValues

export const DEFAULT_SETTINGS: SettingsValues = SettingsValuesSchema.parse({
	player: {},
	appearance: {},
	content: {},
	account: {},
	notifications: {},
})

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

const time = z.number().int().min(0).max(7_258_118_400_000)

/** Lenient reader: unknown or invalid fields fall back to defaults instead of failing. */
export const SettingsDocumentSchema = z.object({
	values: z.object({
		player: SettingsValuesSchema.shape.player.catch(DEFAULT_SETTINGS.player),
		appearance: SettingsValuesSchema.shape.appearance.catch(DEFAULT_SETTINGS.appearance),
		content: SettingsValuesSchema.shape.content.catch(DEFAULT_SETTINGS.content),
		account: SettingsValuesSchema.shape.account.catch(DEFAULT_SETTINGS.account),
		notifications: SettingsValuesSchema.shape.notifications.catch(DEFAULT_SETTINGS.notifications),
	}),
	changedAt: z.record(z.string().max(64), time).refine((record) => Object.keys(record).length <= 64, 'Too many settings'),
})

/** Strict request shape for POST /api/sync/settings. */
export const SettingsSyncRequestSchema = z.object({
	settings: z.object({ values: SettingsValuesSchema, changedAt: z.record(z.string().max(64), time) }),
})

export function emptySettingsDocument(): SettingsDocument {
	return { values: structuredClone(DEFAULT_SETTINGS), changedAt: {} }
}

export function settingsFieldPaths(): SettingsFieldPath[] {
	const paths: string[] = []
	for (const [section, fields] of Object.entries(DEFAULT_SETTINGS)) {
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
