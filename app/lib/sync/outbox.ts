import { z } from 'zod'
import { lazyObject } from '#app/lib/validation/lazy-object.ts'

/**
 * The device's sync outbox (device key sync-outbox). The unsent changes
 * themselves are the persisted library (each record carries its change
 * time); the outbox keeps, per kind, the latest change time the account has
 * acknowledged. Anything newer on the device is still to send, so pending
 * work survives a reload or a crash between a change and its upload.
 */
export const SyncOutboxSchema = lazyObject(() =>
	z.object({
		/** Whose acknowledgements these are; another account on the device starts over. */
		username: z.string().optional(),
		bookmarksAckedAt: z.number().default(0),
		historyAckedAt: z.number().default(0),
		settingsAckedAt: z.number().default(0),
		/** The account revisions this device last merged (see GET /api/users/me/sync-state). */
		bookmarksRev: z.number().int().default(-1),
		historyRev: z.number().int().default(-1),
		settingsRev: z.number().int().default(-1),
		/** When that account signed out on this device: later changes are the visitor's, earlier ones were that account's. */
		loggedOutAt: z.number().optional(),
		/** The last failed attempt, to back off between retries. */
		lastFailureAt: z.number().optional(),
		failures: z.number().int().nonnegative().default(0),
	}),
)

export type SyncOutbox = z.infer<typeof SyncOutboxSchema>

export function emptyOutbox(username?: string): SyncOutbox {
	return {
		username,
		bookmarksAckedAt: 0,
		historyAckedAt: 0,
		settingsAckedAt: 0,
		bookmarksRev: -1,
		historyRev: -1,
		settingsRev: -1,
		failures: 0,
	}
}

/** Retry delay after n consecutive failures: 5 s, 10 s, 20 s ... capped at 5 minutes. */
export function retryDelayMs(failures: number) {
	if (failures <= 0) return 0
	return Math.min(5 * 60_000, 5000 * 2 ** (failures - 1))
}
