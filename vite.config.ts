import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { eagerCompileHint } from './scripts/eager-compile-hint.ts'

const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx$/
const BROWSE_ROUTE =
	/[\\/]app[\\/]routes[\\/](home|movies|series|movie-detail|series-detail|episode|search|categories|category|networks|network|discover)\.tsx$/
const ANY_ROUTE = /[\\/]app[\\/]routes[\\/]/
/** The title pages among the browse routes: what only they share goes in its own chunk, which list pages do not load. */
const TITLE_ROUTE = /[\\/]app[\\/]routes[\\/](movie-detail|series-detail|episode)\.tsx$/

type ModuleInfoOf = (id: string) => { importers: readonly string[]; dynamicImporters: readonly string[] } | null

/**
 * The shell's parts that every page loads after its first load without the visitor asking (the
 * header's menu, the floating widget, the info modals, the device boot's service worker and
 * analytics, the popular titles): one file instead of a dozen requests of 0.1 to 3 KB after every
 * load (issue 27; decision 0069). The menus' hover rule stays apart: it waits for an idle moment.
 */
const AFTER_LOAD_PARTS =
	/[\\/]app[\\/](components[\\/](layout[\\/](nav-menu|floating-widget)|info-modals[\\/]info-modal-host|library[\\/]service-worker-boot)\.tsx|stores[\\/](analytics|popular-titles)\.ts)$/

/**
 * A part of AFTER_LOAD_PARTS, or a module only those parts import. A part some other module imports
 * statically stays out, as does what it imports: the chunk would join that module's first load.
 */
function afterLoadPart(id: string, getModuleInfo: ModuleInfoOf, visiting = new Set<string>()): boolean {
	const info = getModuleInfo(id)
	if (!info) return false
	if (!AFTER_LOAD_PARTS.test(id) && (info.importers.length === 0 || info.dynamicImporters.length > 0)) return false
	// An import cycle that never reaches a part.
	if (visiting.has(id)) return false
	visiting.add(id)
	const only = info.importers.every((importer) => afterLoadPart(importer, getModuleInfo, visiting))
	visiting.delete(id)
	return only
}

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
							if (afterLoadPart(id, getModuleInfo)) return 'after-load'
							// Read by the client entry before hydration and by the form primitives every page has.
							if (/[\\/]app[\\/]utils[\\/]early-input\.ts$/.test(id)) return 'shell'
							if (routesReaching(ROOT_ROUTE, id, getModuleInfo).size > 0) return 'shell'
							const routes = [...routesReaching(ANY_ROUTE, id, getModuleInfo)]
							// Icons only code loaded later uses (menus, dialogs, the player): one small file, not a
							// request of 150 bytes each (nine of them after a home page's load).
							if (routes.length === 0 && /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id)) return 'icons'
							const browse = routes.filter((route) => BROWSE_ROUTE.test(route))
							if (browse.length < 2) {
								// Shared by a route and an after-load part: a file of its own, or Rollup would put it in the
								// parts' file (it follows a chunk's static imports) and that file in the route's first load.
								const withParts =
									routes.length > 0 && getModuleInfo(id)?.importers.some((importer) => afterLoadPart(importer, getModuleInfo))
								return withParts ? path.basename(id).replace(/\.[^.]+$/, '') : undefined
							}
							// Three groups instead of one, so a list page does not load the title pages' code and
							// a title page not the lists' (decision 0043); what other pages use too goes in the common one.
							const titles = browse.filter((route) => TITLE_ROUTE.test(route)).length
							if (routes.length > browse.length) return 'browse'
							if (titles === browse.length) return 'browse-titles'
							if (titles === 0) return 'browse-lists'
							return 'browse'
						},
					},
				},
		// Keep the client bundle honest: assets are hashed and cached forever.
		assetsInlineLimit: 0,
	},
	ssr: {
		// Native or CommonJS-heavy packages stay external in the server bundle.
		external: ['better-sqlite3', 'pg', 'sharp', '@node-rs/argon2', 'ioredis', 'pino'],
		// Bundled, so the server draws icons with the same component as the browser (lucideIconImports).
		noExternal: ['lucide-react'],
	},
	plugins: [lucideIconImports(), tailwindcss(), reactRouter(), eagerCompileHint('framework')],
}))

/**
 * Rewrites `import { Sun } from 'lucide-react'` to `import Sun from 'lucide-react/icons/sun'`.
 * Through the package's index every icon the site uses anywhere was a dependency
 * of the first module importing the index, the shell, so icons of lazy code
 * (the sync dialogs, the library import) were in every page's first load.
 * Each icon file's `createLucideIcon` is ours (app/components/ui/lucide-icon.ts): the
 * same SVG without lucide's runtime for options the site does not use (issue 27).
 */
function lucideIconImports(): Plugin {
	let files: Map<string, string> | undefined
	/** Export name to file name, from the index: `export { default as Sun, default as SunIcon, … } from './icons/sun.mjs'`. */
	function iconFiles() {
		const index = createRequire(import.meta.url)
			.resolve('lucide-react')
			.replace(/[\\/]cjs[\\/][^\\/]+$/, '/esm/lucide-react.mjs')
		const map = new Map<string, string>()
		for (const match of fs.readFileSync(index, 'utf8').matchAll(/export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
			for (const name of match[1]!.matchAll(/default as (\w+)/g)) map.set(name[1]!, match[2]!)
		}
		return map
	}
	return {
		name: 'willow:lucide-icon-imports',
		enforce: 'pre',
		resolveId(source, importer) {
			if (source === '../createLucideIcon.mjs' && importer && /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer))
				return fileURLToPath(new URL('app/components/ui/lucide-icon.ts', import.meta.url))
			return undefined
		},
		transform(code, id) {
			if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes("from 'lucide-react'")) return undefined
			files ??= iconFiles()
			const known = files
			return code.replace(/import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g, (statement, names: string) => {
				const direct: string[] = []
				const rest: string[] = []
				for (const spec of names.split(',').map((part) => part.trim())) {
					const match = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(spec)
					const file = match ? known.get(match[1]!) : undefined
					if (!spec) continue
					if (match && file) direct.push(`import ${match[2] ?? match[1]} from 'lucide-react/icons/${file}'`)
					else rest.push(spec)
				}
				if (rest.length > 0) direct.push(`import { ${rest.join(', ')} } from 'lucide-react'`)
				return direct.join(';')
			})
		},
	}
}
