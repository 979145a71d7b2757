import type { Migration } from './types.ts'

/** Catalogue tables. */
export const catalog: Migration = {
	async up() {},
}
