import fs from 'node:fs'
import http, { type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from '#server/catalog/demo.server.ts'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { clearImageMemoryCache, sweepImageCache } from '#server/images/api.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { startTestApp, type RunningApp } from '#tests/support/servers.ts'

let testDb: TestDatabase
let server: RunningApp
let imageHost: Server
let base: string
let hostBase: string
let imageHostHits = 0
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-images-'))

beforeAll(async () => {
	// A stand-in for TMDB's image host on 127.0.0.1: one 300x450 PNG.
	const png = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#3366cc' } })
		.png()
		.toBuffer()
	imageHost = http.createServer((req, res) => {
		imageHostHits++
		if (req.url === '/t/p/original/poster.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png)
		else res.writeHead(404).end()
	})
	imageHost.listen(0, '127.0.0.1')
	await new Promise((r) => imageHost.once('listening', r))
	hostBase = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}/t/p`

	testDb = await createTestDatabase('sqlite')
	setDatabaseForTests(testDb.handle)
	await seedDemo(testDb.handle)
	process.env.CANONICAL_HOST = ''
	process.env.DATA_DIR = dataDir
	process.env.TMDB_IMAGE_BASE = hostBase
	resetEnvForTests()
	server = await startTestApp()
	base = server.baseUrl
})

afterAll(async () => {
	await server?.close()
	await new Promise((r) => imageHost?.close(r))
	setDatabaseForTests(undefined)
	await testDb?.destroy()
	delete process.env.TMDB_IMAGE_BASE
	resetEnvForTests()
	fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A person of the demo catalogue (people ids come from their names): the first of a film's cast. */
async function demoPersonRef() {
	const movie = (await (await fetch(`${base}/api/catalog/movie/155?append_to_response=credits`)).json()) as {
		credits: { cast: Array<{ profile_path: string }> }
	}
	return /person-\d+/.exec(movie.credits.cast[0]!.profile_path)![0]
}

async function image(url: string) {
	const response = await fetch(`${base}${url}`)
	const body = Buffer.from(await response.arrayBuffer())
	return { response, body, meta: response.ok ? await sharp(body).metadata() : undefined }
}

describe('demo artwork', () => {
	it('draws every kind at the asked width in its aspect ratio, as webp by default', async () => {
		const cases: Array<[string, number, number]> = [
			['/api/images/art/poster/movie-155.webp?w=342', 342, 513],
			['/api/images/art/backdrop/movie-155.webp?w=780', 780, 439],
			['/api/images/art/logo/tv-1399.webp?w=500', 500, 188],
			['/api/images/art/still/episode-1399-1-1.webp?w=300', 300, 169],
			[`/api/images/art/profile/${await demoPersonRef()}.webp?w=185`, 185, 278],
			// Watch providers are square tiles: Netflix is a network Willow knows, Google Play Movies a store of the demo data.
			['/api/images/art/logo/provider-8.webp?w=92', 92, 92],
			['/api/images/art/logo/provider-3.webp?w=92', 92, 92],
		]
		for (const [url, width, height] of cases) {
			const { response, meta } = await image(url)
			expect({ url, status: response.status }).toEqual({ url, status: 200 })
			expect(response.headers.get('content-type')).toBe('image/webp')
			expect({ url, width: meta?.width, height: meta?.height }).toEqual({ url, width, height })
		}
	})

	it('is deterministic, with an ETag, a long Cache-Control and 304 on a match', async () => {
		clearImageMemoryCache()
		const first = await image('/api/images/art/poster/movie-550.webp?w=185')
		const second = await image('/api/images/art/poster/movie-550.webp?w=185')
		expect(first.body.equals(second.body)).toBe(true)
		const etag = first.response.headers.get('etag')
		expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
		expect(first.response.headers.get('cache-control')).toContain('max-age=31536000')
		const revalidated = await fetch(`${base}/api/images/art/poster/movie-550.webp?w=185`, { headers: { 'if-none-match': etag! } })
		expect(revalidated.status).toBe(304)
		const other = await image('/api/images/art/poster/movie-551.webp?w=185')
		expect(other.response.headers.get('etag')).not.toBe(etag)
	})

	it('applies the proxy parameters', async () => {
		const png = await image('/api/images/art/poster/movie-155.webp?w=92&h=92&fit=contain&background=ff0000&output=png')
		expect(png.response.headers.get('content-type')).toBe('image/png')
		expect([png.meta?.width, png.meta?.height]).toEqual([92, 92])
		const jpeg = await image(
			'/api/images/art/backdrop/movie-155.webp?w=300&output=jpeg&q=0.5&blur=3&brightness=1.2&contrast=1.1&saturation=0.5&sharpen=1',
		)
		expect(jpeg.response.headers.get('content-type')).toBe('image/jpeg')
		const rotated = await image('/api/images/proxy?src=/art/poster/movie-155.webp&w=92&rotation=90&background=transparent')
		expect(rotated.response.status).toBe(200)
		// Rotation comes first, then the resize: a quarter turn makes the poster landscape.
		expect([rotated.meta?.width, rotated.meta?.height]).toEqual([92, 61])
		const cropped = await image('/api/images/art/poster/movie-155.webp?crop=0,0,500,500&w=45')
		expect([cropped.meta?.width, cropped.meta?.height]).toEqual([45, 45])
	})

	it('answers 400 JSON for invalid parameters and 404 for unknown artwork', async () => {
		for (const query of [
			'w=0',
			'w=5000',
			'h=abc',
			'q=0',
			'q=2',
			'output=gif',
			'fit=stretch',
			'w=300&blur=1000',
			'rotation=720',
			'background=red',
			'crop=1,2,3',
			'crop=900,1400,500,500',
			'w=1&w=2',
		]) {
			const response = await fetch(`${base}/api/images/art/poster/movie-155.webp?${query}`)
			expect({ query, status: response.status }).toEqual({ query, status: 400 })
			expect(typeof ((await response.json()) as { error: string }).error).toBe('string')
		}
		expect((await fetch(`${base}/api/images/art/banner/movie-155.webp`)).status).toBe(404)
		// Artwork is drawn only for titles the catalogue has.
		for (const ref of ['movie-999999', 'tv-999999', 'season-999999-1', 'episode-999999-1-1', 'person-999999999', 'provider-999999']) {
			expect({ ref, status: (await fetch(`${base}/api/images/art/poster/${ref}.webp?w=185`)).status }).toEqual({ ref, status: 404 })
		}
		expect((await fetch(`${base}/api/images/art/poster/movie-155.png`)).status).toBe(404)
		// A provider's drawn logo is a logo, and only for providers the catalogue's provider data has.
		expect((await fetch(`${base}/api/images/art/poster/provider-3.webp?w=185`)).status).toBe(404)
		expect((await fetch(`${base}/api/images/art/logo/provider-999999.webp?w=92`)).status).toBe(404)
	})
})

describe('bounded rendering', () => {
	it('takes only the fixed widths and quality steps, and blur only with a resize', async () => {
		for (const query of [
			'w=343',
			'w=199',
			'h=101',
			'q=0.33',
			'q=0.51',
			'blur=3',
			'w=300&blur=2.5',
			'w=300&brightness=1.234',
			'w=300&rotation=12.5',
		]) {
			const response = await fetch(`${base}/api/images/art/poster/movie-155.webp?${query}`)
			expect({ query, status: response.status }).toEqual({ query, status: 400 })
		}
		for (const query of ['w=342', 'w=92&h=92', 'w=300&q=0.75', 'w=300&blur=3', 'h=421']) {
			const response = await fetch(`${base}/api/images/art/poster/movie-155.webp?${query}`)
			expect({ query, status: response.status }).toEqual({ query, status: 200 })
		}
	})

	it('keeps the disk cache under its size bound, dropping the least recently used first', async () => {
		const cacheDir = path.join(dataDir, 'image-cache')
		const files = () =>
			fs.existsSync(cacheDir)
				? fs.readdirSync(cacheDir).flatMap((sub) => fs.readdirSync(path.join(cacheDir, sub)).map((file) => path.join(cacheDir, sub, file)))
				: []
		const sizeOnDisk = () => files().reduce((total, file) => total + fs.statSync(file).size, 0)
		await sweepImageCache(0)
		expect(sizeOnDisk()).toBe(0)
		for (const id of [155, 550, 603, 27205, 129, 13, 278, 120])
			expect((await fetch(`${base}/api/images/art/backdrop/movie-${id}.webp?w=1280`)).status).toBe(200)
		const full = sizeOnDisk()
		expect(full).toBeGreaterThan(0)
		// The first image is read again from disk: it becomes the most recently used.
		await new Promise((resolve) => setTimeout(resolve, 30))
		clearImageMemoryCache()
		const again = await fetch(`${base}/api/images/art/backdrop/movie-155.webp?w=1280`)
		expect(again.status).toBe(200)
		const key = again.headers.get('etag')!.slice(1, 33)
		const bound = Math.floor(full / 3)
		await sweepImageCache(bound)
		expect(sizeOnDisk()).toBeLessThanOrEqual(bound)
		expect(files().some((file) => path.basename(file).startsWith(key))).toBe(true)
	})
})

describe('image proxy', () => {
	it('fetches allow-listed TMDB images once and serves them resized', async () => {
		clearImageMemoryCache()
		const before = imageHostHits
		const src = encodeURIComponent(`${hostBase}/original/poster.png`)
		const first = await image(`/api/images/proxy?src=${src}&w=92`)
		expect(first.response.status).toBe(200)
		expect([first.meta?.width, first.meta?.height, first.meta?.format]).toEqual([92, 138, 'webp'])
		clearImageMemoryCache()
		const second = await image(`/api/images/proxy?src=${src}&w=92`)
		expect(second.body.equals(first.body)).toBe(true)
		// The second answer came from the disk cache.
		expect(imageHostHits - before).toBe(1)
		expect((await fetch(`${base}/api/images/proxy?src=${encodeURIComponent(`${hostBase}/original/missing.png`)}`)).status).toBe(404)
	})

	it('refuses sources that are not the TMDB image host or Willow artwork', async () => {
		for (const src of [
			'https://evil.example/t/p/original/a.jpg',
			`${hostBase}/original/../../secret.png`,
			`${hostBase}/w9999/a.jpg`,
			`${hostBase}/original/a.jpg?x=1`,
			'file:///etc/passwd',
			'/art/poster/../x.webp',
			'',
		]) {
			const response = await fetch(`${base}/api/images/proxy?src=${encodeURIComponent(src)}`)
			expect({ src, status: response.status }).toEqual({ src, status: 400 })
		}
	})
})
