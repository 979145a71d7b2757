import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx$/
const BROWSE_ROUTE =
	/[\\/]app[\\/]routes[\\/](home|movies|series|movie-detail|series-detail|episode|search|categories|category|networks|network|discover)\.tsx$/

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null

/** The routes matching `route` that import a module, directly or not, through static imports. */
function routesReaching(
	route: RegExp,
	id: string,
	getModuleInfo: ModuleInfoOf,
	seen = new Set<string>(),
	found = new Set<string>(),
): Set<string> {
	if (seen.has(id)) return found
	seen.add(id)
	for (const importer of getModuleInfo(id)?.importers ?? []) {
		if (route.test(importer)) found.add(importer)
		else routesReaching(route, importer, getModuleInfo, seen, found)
	}
	return found
}

export default defineConfig(({ isSsrBuild }) => ({
	build: {
		rollupOptions: isSsrBuild
			? { input: './server/app.ts' }
			: {
					output: {
						// Every page needs React and React Router, and the root route's modules: one
						// file each instead of dozens of small ones, plus the code browse routes share (docs/decisions/0009).
						manualChunks(id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoOf }) {
							if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/.test(id))
								return 'framework'
							if (id.startsWith('\0') || /[\\/]app[\\/]routes[\\/]/.test(id)) return undefined
							if (routesReaching(ROOT_ROUTE, id, getModuleInfo).size > 0) return 'shell'
							if (routesReaching(BROWSE_ROUTE, id, getModuleInfo).size >= 2) return 'browse'
							return undefined
						},
					},
				},
		// Keep the client bundle honest: assets are hashed and cached forever.
		assetsInlineLimit: 0,
	},
	ssr: {
		// Native or CommonJS-heavy packages stay external in the server bundle.
		external: ['better-sqlite3', 'pg', 'sharp', '@node-rs/argon2', 'ioredis', 'pino'],
	},
	plugins: [tailwindcss(), reactRouter()],
}))
