// Builds the service worker (app/service-worker/sw.ts) into the client build as
// /sw.js, with the list of files it installs (docs/decisions/0030). Runs at the
// end of `react-router build` (react-router.config.ts, buildEnd), after the
// client files exist.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'vite'
import { isPrecachedBuildFile } from '#app/lib/pwa/cache-rules.ts'

export interface BuildFile {
	/** Path inside the client build, with forward slashes. */
	path: string
	bytes: number
	/** A digest of the content. */
	hash: string
}

export interface PrecacheEntry {
	url: string
	/** Null for hashed build files (the name changes with the content); else a digest of the content. */
	revision: string | null
}

/** The files the worker installs with itself, and the build's id (changes whenever one of them does). */
export function precacheManifest(files: BuildFile[]): { entries: PrecacheEntry[]; buildId: string } {
	const entries = files
		.filter((file) => isPrecachedBuildFile(file.path, file.bytes))
		.map((file) => ({ url: `/${file.path}`, revision: file.path.startsWith('assets/') ? null : file.hash.slice(0, 16) }))
		.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
	const buildId = crypto
		.createHash('sha256')
		.update(JSON.stringify(entries.map((entry) => [entry.url, entry.revision])))
		.digest('hex')
		.slice(0, 12)
	return { entries, buildId }
}

function listFiles(dir: string): BuildFile[] {
	return fs
		.readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => {
			const full = path.join(entry.parentPath, entry.name)
			const content = fs.readFileSync(full)
			return {
				path: path.relative(dir, full).split(path.sep).join('/'),
				bytes: content.length,
				hash: crypto.createHash('sha256').update(content).digest('hex'),
			}
		})
}

export async function buildServiceWorker({ root, clientDir }: { root: string; clientDir: string }) {
	const { entries, buildId } = precacheManifest(listFiles(clientDir))
	await build({
		configFile: false,
		root,
		logLevel: 'warn',
		publicDir: false,
		define: {
			__WILLOW_PRECACHE__: JSON.stringify(entries),
			__WILLOW_BUILD__: JSON.stringify(buildId),
			// Workbox logs only in development builds.
			'process.env.NODE_ENV': JSON.stringify('production'),
		},
		build: {
			outDir: clientDir,
			emptyOutDir: false,
			copyPublicDir: false,
			target: 'es2022',
			minify: true,
			sourcemap: false,
			rollupOptions: {
				input: path.join(root, 'app/service-worker/sw.ts'),
				// A classic script: every browser with service workers runs it.
				output: { format: 'iife', entryFileNames: 'sw.js', inlineDynamicImports: true },
			},
		},
	})
	return { entries: entries.length, buildId }
}
