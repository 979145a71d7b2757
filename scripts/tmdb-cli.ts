// What the scripts that talk to live TMDB share: reading `--name value`
// options, and a live catalogue built from the environment's credential.
import type { Cache } from '../server/cache/cache.server.ts'
import { createLiveCatalog, type LiveCatalog } from '../server/catalog/live.server.ts'
import { getEnv } from '../server/env.server.ts'

/** The value after `--name` on the command line, if given. */
export function cliOption(name: string): string | undefined {
	const args = process.argv.slice(2)
	const index = args.indexOf(name)
	return index >= 0 ? args[index + 1] : undefined
}

/** The live TMDB back end, or exit 2 with a clear message when no credential is set. */
export function liveCatalogFromEnv(command: string, cache: Cache): LiveCatalog {
	const env = getEnv()
	if (!env.TMDB_API_KEY && !env.TMDB_READ_TOKEN) {
		console.error(`${command} needs TMDB_API_KEY or TMDB_READ_TOKEN in the environment.`)
		process.exit(2)
	}
	return createLiveCatalog({ apiBase: env.TMDB_API_BASE, apiKey: env.TMDB_API_KEY, readToken: env.TMDB_READ_TOKEN, cache })
}
