// How every bench builds and starts Willow: the production server on a build of its own, one worker, a fresh
// data folder, the embedded demo catalogue (no TMDB key) and no PostgreSQL or Redis unless asked.
import { spawnSync } from 'node:child_process'

/** Builds Willow into `buildDir` (never the build the tests run against); `args` go to `react-router build`. */
export function buildWillow(buildDir: string, args: readonly string[] = []) {
	const built = spawnSync('npx', ['react-router', 'build', ...args], {
		stdio: ['ignore', 'ignore', 'inherit'],
		env: { ...process.env, WILLOW_BUILD_DIR: buildDir },
	})
	if (built.status !== 0) throw new Error('the build failed')
}

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
