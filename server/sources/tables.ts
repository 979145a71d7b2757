// Tables owned by playback sources (migration 0007 and later).

export interface AppSecretsTable {
	name: string
	value: string
	created_at: number
}

/** A signed-in user's own Stremio add-ons (migration 0009). */
export interface UserAddonsTable {
	user_id: string
	manifest_url: string
	/** 0-based order of the user's add-ons in lookups. */
	position: number
	name: string
	added_at: number
}

export interface SourcesTables {
	app_secrets: AppSecretsTable
	user_addons: UserAddonsTable
}
