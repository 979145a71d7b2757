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

/** One indexed media-folder video (migration 0008). */
export interface MediaFilesTable {
	id: string
	folder_index: number
	relative_path: string
	size: number
	mtime_ms: number
	match_status: 'matched' | 'unmatched' | 'ambiguous'
	match_reason: string | null
	media_type: 'movie' | 'show' | null
	tmdb_id: number | null
	season: number | null
	episode: number | null
	probe: string | null
	subtitles: string
	trickplay: string | null
	seen_at: number
}

/** Who runs the media folder's scan, watch and background jobs (migration 0008). */
export interface MediaLeasesTable {
	name: string
	holder: string
	expires_at: number
}

/** Intro and credits markers of media-folder episodes (migration 0019; server/sources/markers/). */
export interface MediaMarkersTable {
	file_id: string
	kind: 'intro' | 'credits'
	origin: 'auto' | 'manual'
	/** Null start and end: there is none (searched and not found, or cleared by hand). */
	start_s: number | null
	end_s: number | null
	season_signature: string | null
	updated_at: number
}

export interface SourcesTables {
	app_secrets: AppSecretsTable
	user_addons: UserAddonsTable
	media_files: MediaFilesTable
	media_leases: MediaLeasesTable
	media_markers: MediaMarkersTable
}
