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
import { clearImageMemoryCache } from '#server/images/api.server.ts'
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
	const png = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#3366cc' } }).png().toBuffer()
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
			['/api/images/art/profile/person-1.webp?w=185', 185, 278],
			['/api/images/art/logo/provider-8.webp?w=92', 92, 35],
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
		const first = await image('/api/images/art/poster/movie-550.webp?w=200')
		const second = await image('/api/images/art/poster/movie-550.webp?w=200')
		expect(first.body.equals(second.body)).toBe(true)
		const etag = first.response.headers.get('etag')
		expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
		expect(first.response.headers.get('cache-control')).toContain('max-age=31536000')
		const revalidated = await fetch(`${base}/api/images/art/poster/movie-550.webp?w=200`, { headers: { 'if-none-match': etag! } })
		expect(revalidated.status).toBe(304)
		const other = await image('/api/images/art/poster/movie-551.webp?w=200')
		expect(other.response.headers.get('etag')).not.toBe(etag)
	})

	it('applies the proxy parameters', async () => {
		const png = await image('/api/images/art/poster/movie-155.webp?w=100&h=100&fit=contain&background=ff0000&output=png')
		expect(png.response.headers.get('content-type')).toBe('image/png')
		expect([png.meta?.width, png.meta?.height]).toEqual([100, 100])
		const jpeg = await image('/api/images/art/backdrop/movie-155.webp?w=320&output=jpeg&q=0.5&blur=3&brightness=1.2&contrast=1.1&saturation=0.5&sharpen=1')
		expect(jpeg.response.headers.get('content-type')).toBe('image/jpeg')
		const rotated = await image('/api/images/proxy?src=/art/poster/movie-155.webp&w=100&rotation=90&background=transparent')
		expect(rotated.response.status).toBe(200)
		// Rotation comes first, then the resize: a quarter turn makes the poster landscape.
		expect([rotated.meta?.width, rotated.meta?.height]).toEqual([100, 67])
		const cropped = await image('/api/images/art/poster/movie-155.webp?crop=0,0,500,500&w=50')
		expect([cropped.meta?.width, cropped.meta?.height]).toEqual([50, 50])
	})

	it('answers 400 JSON for invalid parameters and 404 for unknown artwork', async () => {
		for (const query of ['w=0', 'w=5000', 'h=abc', 'q=0', 'q=2', 'output=gif', 'fit=stretch', 'blur=1000', 'rotation=720', 'background=red', 'crop=1,2,3', 'crop=900,1400,500,500', 'w=1&w=2']) {
			const response = await fetch(`${base}/api/images/art/poster/movie-155.webp?${query}`)
			expect({ query, status: response.status }).toEqual({ query, status: 400 })
			expect(typeof ((await response.json()) as { error: string }).error).toBe('string')
		}
		expect((await fetch(`${base}/api/images/art/banner/movie-155.webp`)).status).toBe(404)
		expect((await fetch(`${base}/api/images/art/poster/movie-155.png`)).status).toBe(404)
	})
})

describe('image proxy', () => {
	it('fetches allow-listed TMDB images once and serves them resized', async () => {
		clearImageMemoryCache()
		const before = imageHostHits
		const src = encodeURIComponent(`${hostBase}/original/poster.png`)
		const first = await image(`/api/images/proxy?src=${src}&w=100`)
		expect(first.response.status).toBe(200)
		expect([first.meta?.width, first.meta?.height, first.meta?.format]).toEqual([100, 150, 'webp'])
		clearImageMemoryCache()
		const second = await image(`/api/images/proxy?src=${src}&w=100`)
		expect(second.body.equals(first.body)).toBe(true)
		// The second answer came from the disk cache.
		expect(imageHostHits - before).toBe(1)
		expect((await fetch(`${base}/api/images/proxy?src=${encodeURIComponent(`${hostBase}/original/missing.png`)}`)).status).toBe(404)
	})

	it('refuses sources that are not the TMDB image host or Willow artwork', async () => {
		for (const src of ['https://evil.example/t/p/original/a.jpg', `${hostBase}/original/../../secret.png`, `${hostBase}/w9999/a.jpg`, `${hostBase}/original/a.jpg?x=1`, 'file:///etc/passwd', '/art/poster/../x.webp', '']) {
			const response = await fetch(`${base}/api/images/proxy?src=${encodeURIComponent(src)}`)
			expect({ src, status: response.status }).toEqual({ src, status: 400 })
		}
	})
})
