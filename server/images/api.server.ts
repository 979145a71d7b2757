import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Router, type Request, type Response } from 'express'
import { LRUCache } from 'lru-cache'
import { ART_KINDS, artPath, parseArtPath, type ArtKind } from '#app/lib/catalog/images.ts'
import { NETWORKS } from '#app/lib/catalog/networks.ts'
import { yearOf } from '#app/lib/titles/match.ts'
import { genreObjects } from '../catalog/genre-lists.ts'
import { MAX_TMDB_ID } from '../catalog/tmdb-paths.ts'
import { getDatabase } from '../db/db.server.ts'
import { getEnv } from '../env.server.ts'
import { badRequest, HttpError, notFound, parseInput } from '../http/errors.server.ts'
import { logger } from '../logger.server.ts'
import { drawArt, type ArtSubject } from './art.ts'
import { createRenderLimiter, type RenderLimiter } from './render-limit.ts'
import { applyTransform, CONTENT_TYPES, TransformError, TransformSchema, transformKey, type Transform } from './transform.server.ts'

// /api/images/art/<kind>/<ref>.webp — Willow's drawn artwork for demo titles.
// /api/images/proxy?src=<TMDB image URL or /art/... path> — the image proxy.
// Both take product.md's parameters (w, h, q, output, fit, blur, brightness,
// contrast, saturation, sharpen, rotation, background, crop), answer with an
// ETag and a long Cache-Control, and keep rendered images in memory and on disk.

const ART_MAX_AGE = 'public, max-age=31536000, immutable'
const PROXY_MAX_AGE = 'public, max-age=2592000, stale-while-revalidate=86400'
const MAX_SOURCE_BYTES = 15 * 1024 * 1024
const TMDB_SIZES = /^(w45|w92|w154|w185|w300|w342|w500|w780|w1280|h632|original)$/

interface Rendered {
	body: Buffer
	type: string
}

let limiter: RenderLimiter | undefined
function renderLimiter() {
	limiter ??= createRenderLimiter(getEnv().IMAGE_RENDER_CONCURRENCY ?? Math.max(1, os.availableParallelism()), 64)
	return limiter
}

const memory = new LRUCache<string, Rendered>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (value) => value.body.length + 100 })
const inFlight = new Map<string, Promise<Rendered>>()

function cacheDir() {
	return path.resolve(getEnv().DATA_DIR, 'image-cache')
}

async function readDisk(key: string): Promise<Rendered | undefined> {
	try {
		const file = path.join(cacheDir(), key.slice(0, 2), key)
		const [body, type] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.type`, 'utf8')])
		// A read makes the entry recent for the size bound's least-recently-used order.
		const now = new Date()
		await fs.utimes(file, now, now).catch(() => {})
		return { body, type }
	} catch {
		return undefined
	}
}

let writtenSinceSweep = 0
let lastSweep = 0
let sweeping: Promise<void> | undefined

async function writeDisk(key: string, value: Rendered) {
	try {
		const dir = path.join(cacheDir(), key.slice(0, 2))
		await fs.mkdir(dir, { recursive: true })
		const temporary = path.join(dir, `${key}.${process.pid}.tmp`)
		await fs.writeFile(temporary, value.body)
		await fs.writeFile(path.join(dir, `${key}.type`), value.type)
		await fs.rename(temporary, path.join(dir, key))
	} catch (error) {
		// A full disk (ENOSPC) or a read-only folder: the image is still answered from memory.
		logger.warn({ err: error }, 'image disk cache write failed')
		return
	}
	writtenSinceSweep += value.body.length
	const bound = getEnv().IMAGE_CACHE_MAX_BYTES
	// Swept after a tenth of the bound was written, or a minute after the last sweep.
	if (!sweeping && (writtenSinceSweep > bound / 10 || Date.now() - lastSweep > 60_000)) {
		sweeping = sweepImageCache(bound)
			.catch((error: unknown) => logger.warn({ err: error }, 'image cache sweep failed'))
			.finally(() => (sweeping = undefined))
	}
}

/**
 * Keeps the disk cache at most `maxBytes`: when over, the least recently used
 * entries (by modification time, which reads refresh) go until it is under 90 %
 * of the bound (or 0 for a bound of 0). Any process may sweep; a file another
 * one removed first is simply skipped.
 */
export async function sweepImageCache(maxBytes: number = getEnv().IMAGE_CACHE_MAX_BYTES): Promise<void> {
	writtenSinceSweep = 0
	lastSweep = Date.now()
	const root = cacheDir()
	const entries: Array<{ file: string; size: number; used: number }> = []
	let total = 0
	for (const sub of await fs.readdir(root).catch(() => [] as string[])) {
		const dir = path.join(root, sub)
		for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
			if (name.endsWith('.type') || name.endsWith('.tmp')) continue
			const file = path.join(dir, name)
			const stat = await fs.stat(file).catch(() => undefined)
			if (!stat) continue
			entries.push({ file, size: stat.size, used: stat.mtimeMs })
			total += stat.size + 64
		}
	}
	if (total <= maxBytes) return
	const target = maxBytes * 0.9
	entries.sort((a, b) => a.used - b.used)
	for (const entry of entries) {
		if (total <= target) break
		await Promise.all([fs.rm(entry.file, { force: true }), fs.rm(`${entry.file}.type`, { force: true })])
		total -= entry.size + 64
	}
}

/** Serves one image: 304 when the ETag matches, otherwise memory → disk → render. */
async function serve(req: Request, res: Response, identity: string, maxAge: string, render: () => Promise<Rendered>) {
	const key = crypto.createHash('sha256').update(identity).digest('hex')
	const etag = `"${key.slice(0, 32)}"`
	res.set({ 'Cache-Control': maxAge, ETag: etag, 'X-Content-Type-Options': 'nosniff' })
	if (req.headers['if-none-match'] === etag) {
		res.status(304).end()
		return
	}
	let rendered = memory.get(key)
	if (!rendered) {
		let pending = inFlight.get(key)
		if (!pending) {
			pending = (async () => {
				const fromDisk = await readDisk(key)
				if (fromDisk) return fromDisk
				const fresh = await renderLimiter().run(render)
				await writeDisk(key, fresh)
				return fresh
			})().finally(() => inFlight.delete(key))
			inFlight.set(key, pending)
		}
		rendered = await pending
		memory.set(key, rendered)
	}
	res.type(rendered.type).send(rendered.body)
}

function parseTransform(query: Request['query']): Transform {
	const { src: _src, ...rest } = query
	for (const [key, value] of Object.entries(rest)) if (Array.isArray(value)) throw badRequest(`${key}: give this parameter once`)
	return parseInput(TransformSchema, rest)
}

async function render(source: Buffer, transform: Transform, density?: number): Promise<Rendered> {
	try {
		return { body: await applyTransform(source, transform, { density }), type: CONTENT_TYPES[transform.output] }
	} catch (error) {
		if (error instanceof TransformError) throw badRequest(error.message)
		throw error
	}
}

// ---- artwork ---------------------------------------------------------------

/** What to draw for an art reference: the title, with a small label; undefined for what the catalogue does not have. */
export async function artSubject(kind: ArtKind, ref: string): Promise<ArtSubject | undefined> {
	const [type, ...numbers] = ref.split('-')
	const ids = numbers.map(Number)
	const fallback: ArtSubject = { seed: ref, title: 'Willow' }
	if (!ids[0] || ids.some((id) => id > MAX_TMDB_ID)) return undefined
	try {
		const { db } = getDatabase()
		if ((type === 'movie' || type === 'tv' || type === 'season' || type === 'episode') && ids[0]) {
			const media = type === 'movie' ? 'movie' : 'tv'
			const row = await db
				.selectFrom('catalog_titles')
				.select(['title', 'release_date', 'genre_ids'])
				.where('key', '=', ids[0] * 2 + (media === 'tv' ? 1 : 0))
				.executeTakeFirst()
			if (!row) return undefined
			const genre = genreObjects(media, JSON.parse(row.genre_ids) as number[])[0]?.name
			// The show's colours carry through its seasons and episodes.
			const seed = `${media}-${ids[0]}`
			if (type === 'season') return { seed, title: row.title, label: `Season ${ids[1] ?? 1}` }
			if (type === 'episode') {
				const episode = await db
					.selectFrom('catalog_episodes')
					.select('name')
					.where('show_id', '=', ids[0])
					.where('season_number', '=', ids[1] ?? 0)
					.where('episode_number', '=', ids[2] ?? 0)
					.executeTakeFirst()
				if (!episode) return undefined
				return { seed: `${seed}-${ids[1]}-${ids[2]}`, title: episode.name || row.title, label: `S${ids[1]} · E${ids[2]}` }
			}
			return { seed, title: row.title, label: [String(yearOf(row.release_date) ?? ''), genre].filter(Boolean).join(' · ') }
		}
		if (type === 'person' && ids[0]) {
			const person = await db.selectFrom('catalog_people').select('name').where('id', '=', ids[0]).executeTakeFirst()
			return person ? { seed: ref, title: person.name } : undefined
		}
		if (type === 'provider' && ids[0] && ids.length === 1 && kind === 'logo') {
			// A provider's logo is drawn when the catalogue's provider data gives this very path as its logo
			// (or none: the drawn one stands in), or for the streaming networks Willow knows.
			const provider = await db
				.selectFrom('catalog_watch_providers')
				.select(['provider_name', 'logo_path'])
				.where('provider_id', '=', ids[0])
				.executeTakeFirst()
			if (provider && (provider.logo_path === null || provider.logo_path === artPath('logo', ref)))
				return { seed: ref, title: provider.provider_name, tile: true }
			const network = NETWORKS.find((n) => n.providerId === ids[0])
			return network ? { seed: ref, title: network.name, tile: true } : undefined
		}
	} catch (error) {
		// The database is away: a generic image rather than none.
		logger.warn({ err: error, ref }, 'artwork lookup failed; drawing a generic image')
		return fallback
	}
	return undefined
}

async function serveArt(req: Request, res: Response, kind: ArtKind, ref: string) {
	const transform = parseTransform(req.query)
	const subject = await artSubject(kind, ref)
	// Nothing is drawn (or cached) for titles that do not exist.
	if (!subject) throw notFound('Unknown artwork')
	const svg = drawArt(kind, subject)
	// The drawing itself is part of the identity: a new design gets new ETags and cache entries.
	await serve(req, res, `art:${kind}:${svg}:${transformKey(transform)}`, ART_MAX_AGE, () => render(Buffer.from(svg), transform))
}

// ---- proxy -------------------------------------------------------------------

/** Only the configured TMDB image host (any size, one file name) is an allowed remote source. */
export function allowedRemoteSource(src: string, imageBase: string): URL | undefined {
	let url: URL
	let base: URL
	try {
		url = new URL(src)
		base = new URL(imageBase.endsWith('/') ? imageBase : `${imageBase}/`)
	} catch {
		return undefined
	}
	if (url.origin !== base.origin || url.search || url.username || url.password) return undefined
	if (!url.pathname.startsWith(base.pathname)) return undefined
	const rest = url.pathname.slice(base.pathname.length).split('/')
	if (rest.length !== 2 || !TMDB_SIZES.test(rest[0]!) || !/^[A-Za-z0-9_-]{1,64}\.(jpg|jpeg|png|webp|svg)$/.test(rest[1]!)) return undefined
	return url
}

async function fetchSource(url: URL): Promise<Buffer> {
	let response: globalThis.Response
	try {
		response = await fetch(url, { signal: AbortSignal.timeout(8000), redirect: 'error' })
	} catch (error) {
		throw new HttpError(502, `Image source unreachable: ${error instanceof Error ? error.message : 'error'}`)
	}
	if (response.status === 404) throw notFound('Image not found')
	if (!response.ok) throw new HttpError(502, `Image source answered ${response.status} ${response.statusText}`)
	const length = Number(response.headers.get('content-length') ?? 0)
	if (length > MAX_SOURCE_BYTES) throw new HttpError(502, 'Image source is too large')
	const body = Buffer.from(await response.arrayBuffer())
	if (body.length > MAX_SOURCE_BYTES) throw new HttpError(502, 'Image source is too large')
	return body
}

export function imagesApiRouter() {
	const router = Router()

	router.get('/art/:kind/:file', async (req, res) => {
		const art = parseArtPath(`/art/${req.params.kind}/${req.params.file}`)
		if (!art || !ART_KINDS.includes(art.kind)) throw notFound('Unknown artwork')
		await serveArt(req, res, art.kind, art.ref)
	})

	router.get('/proxy', async (req, res) => {
		const src = typeof req.query.src === 'string' ? req.query.src : undefined
		if (!src) throw badRequest('src is required: a TMDB image URL or a Willow /art/ path')
		if (src.startsWith('/art/')) {
			const art = parseArtPath(src)
			if (!art) throw badRequest('src is not a Willow artwork path')
			await serveArt(req, res, art.kind, art.ref)
			return
		}
		const url = allowedRemoteSource(src, getEnv().TMDB_IMAGE_BASE)
		if (!url) throw badRequest('src must be an image on the TMDB image host or a Willow /art/ path')
		const transform = parseTransform(req.query)
		await serve(req, res, `proxy:v1:${url.href}:${transformKey(transform)}`, PROXY_MAX_AGE, async () =>
			render(await fetchSource(url), transform, url.pathname.endsWith('.svg') ? 72 : undefined),
		)
	})

	return router
}

/** Tests start each case with empty caches. */
export function clearImageMemoryCache() {
	memory.clear()
}
