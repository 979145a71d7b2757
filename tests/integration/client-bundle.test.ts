import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { EAGER_COMPILE_HINT } from '../../scripts/eager-compile-hint.ts'

// Reads the production client build (scripts/test.sh builds before the tests).
const assetsDir = path.resolve(process.env.WILLOW_BUILD_DIR ?? 'build', 'client', 'assets')

/** Issues 6 and 27: the JavaScript a first visit downloads, gzip-compressed (React and React Router alone are about 103 KB). */
const FIRST_LOAD_LIMIT_BYTES = 125 * 1024

interface RouteManifest {
	entry: { module: string; imports?: string[] }
	routes: Record<string, { parentId?: string; module: string; imports?: string[] }>
}

/** React Router's browser manifest (window.__reactRouterManifest), which every page loads. */
function readManifest(files: string[]): { file: string; manifest: RouteManifest } {
	const file = files.find((f) => /^manifest-[\w-]+\.js$/.test(f))
	if (!file) throw new Error(`no route manifest in ${assetsDir}`)
	const text = fs.readFileSync(path.join(assetsDir, file), 'utf8')
	const json = text.replace(/^window\.__reactRouterManifest=/, '').replace(/;?\s*$/, '')
	return { file, manifest: JSON.parse(json) as RouteManifest }
}

/**
 * What the server-rendered page preloads for a route: the manifest, the entry
 * and every route module from the root down with their static imports (the
 * same files as the page's modulepreload links). Lazy chunks are not counted.
 */
function firstLoadFiles(files: string[], routeId: string): string[] {
	const { file, manifest } = readManifest(files)
	const urls = new Set([`/assets/${file}`, manifest.entry.module, ...(manifest.entry.imports ?? [])])
	for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
		const route = manifest.routes[id]
		if (!route) throw new Error(`route ${id} is not in the manifest`)
		urls.add(route.module)
		for (const url of route.imports ?? []) urls.add(url)
	}
	return [...urls].map((url) => path.basename(url))
}

const gzipBytes = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(assetsDir, file)), { level: 9 }).length

describe('the browser bundle', () => {
	const files = fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir).filter((f) => f.endsWith('.js')) : []

	it('exists', () => {
		expect(files.length).toBeGreaterThan(0)
	})

	it('carries no server configuration, credentials or server-only code', () => {
		const forbidden = [
			'TMDB_API_KEY',
			'TMDB_READ_TOKEN',
			'DATABASE_URL',
			'REDIS_URL',
			'password_hash',
			'better-sqlite3',
			'ioredis',
			'argon2',
			'four_k_token',
		]
		for (const file of files) {
			const text = fs.readFileSync(path.join(assetsDir, file), 'utf8')
			for (const word of forbidden) expect(text.includes(word), `${word} found in ${file}`).toBe(false)
		}
	})

	// Every browse page of issue 27 (search and bookmarks were at 149 and 198 KB before their zod and library code left the first load).
	it.each([
		['/', 'routes/home'],
		['/movies', 'routes/movies'],
		['/series', 'routes/series'],
		['a movie detail', 'routes/movie-detail'],
		['a series detail', 'routes/series-detail'],
		['an episode', 'routes/episode'],
		['/search', 'routes/search'],
		['/bookmarks', 'routes/bookmarks'],
		['/stats (hand-drawn charts, no chart library)', 'routes/stats'],
	])('keeps the first-load JavaScript of %s within 125 KB gzip', (_label, routeId) => {
		const chunks = firstLoadFiles(files, routeId)
		const sizes = chunks.map((file) => [file, gzipBytes(file)] as const).sort((a, b) => b[1] - a[1])
		const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0)
		const largest = sizes
			.slice(0, 5)
			.map(([file, bytes]) => `${file} ${(bytes / 1024).toFixed(1)} KB`)
			.join(', ')
		expect(total, `${(total / 1024).toFixed(1)} KB gzip in ${chunks.length} files; largest: ${largest}`).toBeLessThanOrEqual(
			FIRST_LOAD_LIMIT_BYTES,
		)
		// Sanity check of the measurement: React DOM and React Router alone weigh about 100 KB.
		expect(total).toBeGreaterThan(90 * 1024)
	})

	it.each(['routes/home', 'routes/movie-detail', 'routes/series-detail', 'routes/episode'])(
		'loads %s in a handful of files, not dozens',
		(routeId) => {
			// On HTTP/1.1 a browser fetches six files at a time; each extra round trip delays the first paint on a slow phone network.
			const chunks = firstLoadFiles(files, routeId)
			expect(chunks.length, chunks.join(', ')).toBeLessThanOrEqual(8)
		},
	)

	it.each(['routes/home', 'routes/movies', 'routes/series', 'routes/movie-detail', 'routes/series-detail', 'routes/episode'])(
		'makes no Intl formatter in the first load of %s',
		(routeId) => {
			// A page's first Intl formatter loads the browser's locale data: 10-15 ms of main thread at module evaluation or
			// in a hydration task on a 2-CPU machine (issue 27). Browse pages format on the server or by hand (formatLongDate).
			const uses = firstLoadFiles(files, routeId).filter((file) => /\bIntl\./.test(fs.readFileSync(path.join(assetsDir, file), 'utf8')))
			expect(uses).toEqual([])
		},
	)

	it('knows an Intl formatter when it sees one (the check above can fail)', () => {
		expect(files.some((file) => /\bIntl\./.test(fs.readFileSync(path.join(assetsDir, file), 'utf8')))).toBe(true)
	})

	it('loads zod, the library boot and the sync engine after the first load', () => {
		// Markers of code that must stay in lazy chunks: zod's error class, the device library schemas, the sync toasts.
		const lazyOnly = ['ZodError', 'Cleared Bad Bookmark Data', 'Bookmarks synced successfully.']
		for (const routeId of ['routes/home', 'routes/movie-detail']) {
			const text = firstLoadFiles(files, routeId)
				.map((file) => fs.readFileSync(path.join(assetsDir, file), 'utf8'))
				.join('\n')
			for (const marker of lazyOnly) expect(text.includes(marker), `${marker} in the first load of ${routeId}`).toBe(false)
			// ...while they are in the build at all, so the check above can fail.
			const all = files.map((file) => fs.readFileSync(path.join(assetsDir, file), 'utf8')).join('\n')
			for (const marker of lazyOnly) expect(all.includes(marker), `${marker} missing from the build`).toBe(true)
		}
	})
	it('marks the framework chunk, and only it, for eager compilation with its hint as the first line (decision 0071)', () => {
		const hinted = files.filter((file) => fs.readFileSync(path.join(assetsDir, file), 'utf8').startsWith(`${EAGER_COMPILE_HINT}\n`))
		expect(hinted).toHaveLength(1)
		expect(hinted[0]).toMatch(/^framework-[\w-]+\.js$/)
		// The copies the server sends say the same.
		const framework = path.join(assetsDir, hinted[0]!)
		expect(
			zlib
				.brotliDecompressSync(fs.readFileSync(`${framework}.br`))
				.toString('utf8')
				.startsWith(EAGER_COMPILE_HINT),
		).toBe(true)
	})
})
