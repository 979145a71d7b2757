// How every bench starts Willow: the production server on a build of its own, one worker, a fresh
// data folder, the embedded demo catalogue (no TMDB key) and no PostgreSQL or Redis unless asked.

export function willowServerEnv(options: { buildDir: string; port: number; dataDir: string; databaseUrl?: string; redisUrl?: string }) {
	return {
		...process.env,
		NODE_ENV: 'production',
		WILLOW_BUILD_DIR: options.buildDir,
		PORT: String(options.port),
		HOST: '127.0.0.1',
		DATA_DIR: options.dataDir,
		WEB_CONCURRENCY: '1',
		LOG_LEVEL: 'error',
		TMDB_API_KEY: '',
		TMDB_READ_TOKEN: '',
		DATABASE_URL: options.databaseUrl ?? '',
		REDIS_URL: options.redisUrl ?? '',
	}
}
