// Tables owned by playback sources (migration 0007 and later).

export interface AppSecretsTable {
	name: string
	value: string
	created_at: number
}

export interface SourcesTables {
	app_secrets: AppSecretsTable
}
