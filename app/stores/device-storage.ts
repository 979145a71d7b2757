import { z } from 'zod'
import { SyncOutboxSchema } from '#app/lib/sync/outbox.ts'
import { SettingsDocumentSchema } from '#app/lib/sync/settings.ts'
import { bookmarkListSchema, customCategoriesSchema, tombstoneListSchema, watchHistorySchema } from '#app/lib/library/schemas.ts'
import { THEMES } from '#app/lib/theme/themes.ts'
import { lazyObject } from '#app/lib/validation/lazy-object.ts'
import { decodeStored, readDeviceRaw } from './device-storage-core.ts'

export * from './device-storage-core.ts'

/**
 * The one owner of every device (localStorage) key (product.md §3). Each key has a
 * zod schema; reads are validated, so a corrupt value reads as "absent"
 * instead of crashing a page. Features register their keys in DEVICE_KEYS, whose
 * schemas are built by the first read of a stored value (an empty device builds none).
 * Raw access, writes and storage failures live in device-storage-core.ts
 * (re-exported here), which pages can load without zod.
 */
export const DEVICE_KEYS = lazyObject(() => ({
	theme: z.enum(THEMES),
	/** Sync lock record: whether local data is trustworthy and when bookmarks last changed. */
	'local-lock': z.looseObject({ valid: z.boolean(), lastBookmarkUpdateTime: z.number().optional() }),
	bookmarks: bookmarkListSchema,
	/** Legacy bookmarks (object keyed by item); only read once, for migration. */
	'media-bookmarks': z.record(z.string(), z.unknown()),
	'bookmark-tombstones': tombstoneListSchema,
	'bookmark-categories': customCategoriesSchema,
	'media-tracking': watchHistorySchema,
	'user-info': z.looseObject({ username: z.string() }),
	'ui-token': z.string(),
	/** Info modals closed on this device and when (app/lib/info-modals/queue.ts: repeat never, weekly, monthly). */
	dismissedInfoModals: z.array(z.object({ id: z.string(), timestamp: z.number() })),
	dismissedInfoBoxes: z.array(z.string()),
	/** Ad id → the day (YYYY-MM-DD) it was dismissed. */
	dismissedAds: z.record(z.string(), z.string()),
	lastBookmarkUpdateTime: z.number(),
	lastWatchHistoryUpdateTime: z.number(),
	'4kToken': z.string(),
	'4kTokenSynced': z.boolean(),
	loginLockoutUntil: z.number(),
	loginAttempts: z.number().int().nonnegative(),
	deviceBestResolution: z.enum(['4k', '1080', '720', '480', '360']),
	/** The player's last volume (product.md §9: default 0.1, remembered). */
	'player-volume': z.number().min(0).max(1),
	/** The player's playback speed chosen on this device (0.5–2). */
	'player-speed': z.number().min(0.5).max(2),
	/** The audio language (or track name) last chosen in the player on this device. */
	'player-audio': z.string().min(1).max(64),
	/** Account settings of product.md §3 with per-field change times (app/lib/sync/settings.ts). */
	settings: SettingsDocumentSchema,
	/** What the account has acknowledged (app/lib/sync/outbox.ts). */
	'sync-outbox': SyncOutboxSchema,
	/** Version of the stored data layout; load-time migrations raise it. */
	'device-storage-version': z.number().int().nonnegative(),
})) satisfies Record<string, z.ZodType>

export type DeviceKey = keyof typeof DEVICE_KEYS
export type DeviceValue<K extends DeviceKey> = z.output<(typeof DEVICE_KEYS)[K]>

/** The current layout version (see app/stores/library-migrations.ts for the steps). */
export const DEVICE_STORAGE_VERSION = 1

/** Reads and validates a key; absent or invalid → undefined. Throws DeviceStorageError if storage itself fails. */
export function readDevice<K extends DeviceKey>(key: K): DeviceValue<K> | undefined {
	const raw = readDeviceRaw(key)
	if (raw === null) return undefined
	const schema = DEVICE_KEYS[key] as unknown as z.ZodType<DeviceValue<K>>
	const result = schema.safeParse(decodeStored(raw))
	if (result.success) return result.data
	// A bare string that happens to look like JSON ("123") is still a string.
	const asText = schema.safeParse(raw)
	return asText.success ? asText.data : undefined
}
