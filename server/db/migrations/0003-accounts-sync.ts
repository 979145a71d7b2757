import type { Migration } from './types.ts'

/** Account data: synced bookmarks, tombstones, watch history, settings, rate limits. */
export const accountsSync: Migration = {
	async up() {},
}
