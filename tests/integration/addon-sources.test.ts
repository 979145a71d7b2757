import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryCache, setCacheForTests } from '#server/cache/cache.server.ts'
import { seedDemo } from '#server/catalog/demo.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { logger } from '#server/logger.server.ts'
import { addonSources, lookupAddon, warmOwnerAddonManifests } from '#server/sources/addons/addon-sources.server.ts'
import { setClientLimitsForTests } from '#server/sources/limits.server.ts'
import { setPublicAddressCheckForTests } from '#server/sources/net/safe-fetch.server.ts'
import { signProxyUrl, type ProxyTarget } from '#server/sources/proxy/proxy.server.ts'
import { closeRelay, relayBase } from '#server/sources/proxy/relay.server.ts'
import { remuxAvailable } from '#server/sources/proxy/remux.server.ts'
import { stopAllHlsJobs } from '#server/sources/media/hls.server.ts'
import { resetSigningSecretForTests } from '#server/sources/signing.server.ts'
import type { FileStream, HlsStream, LookupContext, PlaybackSource, ScrapeRequest, SourceResult } from '#server/sources/types.ts'
import { useApiOnTestDatabase } from '#tests/support/api.ts'
import {
	ADDON_NAME,
	EPISODE_ID,
	MOVIE_IMDB,
	PROXY_HEADER,
	SRT_TEXT,
	TORRENT_ONLY_IMDB,
	VTT_TEXT,
	mediaBytes,
	startBrokenAddons,
	startMediaHost,
	startTestAddon,
	type MediaHost,
} from '#tests/support/stremio-addon.ts'

// The owner's add-ons (STREMIO_ADDONS) on 127.0.0.1: a real stremio-addon-sdk
// add-on and broken ones; lookups, the stream proxy and its SSRF rules.

let media: MediaHost
let addon: { url: string; close(): Promise<void> }
let broken: { url: string; close(): Promise<void> }
let dataDir: string

/** Every log line written while `run` runs, at every level. */
async function captureLogs(run: () => Promise<void>): Promise<string> {
	const stream = (logger as unknown as Record<symbol, { write(line: string): boolean }>)[pino.symbols.streamSym]!
	const lines: string[] = []
	const write = stream.write
	const level = logger.level
	stream.write = (line: string) => {
		lines.push(line)
		return true
	}
	logger.level = 'trace'
	try {
		await run()
	} finally {
		stream.write = write
		logger.level = level
	}
	return lines.join('')
}

const movie: ScrapeRequest = { type: 'movie', title: 'Fight Club', releaseYear: 1999, tmdbId: 550, imdbId: MOVIE_IMDB }
const context = (): LookupContext => ({ signal: AbortSignal.timeout(10_000), user: null, clientKey: 'test' })

beforeAll(async () => {
	media = await startMediaHost()
	addon = await startTestAddon(media.url)
	broken = await startBrokenAddons()
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'willow-addon-data-'))
	process.env.DATA_DIR = dataDir
	process.env.STREAM_SIGNING_SECRET = 'addon-tests-signing-secret-0123456789abcdef'
	process.env.STREMIO_ADDONS = [
		`${addon.url}/manifest.json`,
		`${broken.url}/malformed/manifest.json`,
		`${broken.url}/huge/manifest.json`,
		`${broken.url}/badstreams/manifest.json`,
		'file:///etc/passwd',
	].join(', ')
	resetEnvForTests()
	resetSigningSecretForTests()
	setCacheForTests(createMemoryCache())
})

afterAll(async () => {
	stopAllHlsJobs()
	await closeRelay()
	delete process.env.DATA_DIR
	delete process.env.STREAM_SIGNING_SECRET
	delete process.env.STREMIO_ADDONS
	resetEnvForTests()
	resetSigningSecretForTests()
	setCacheForTests(undefined)
	setClientLimitsForTests(undefined)
	await Promise.all([media?.close(), addon?.close(), broken?.close()])
	if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

async function sources(): Promise<PlaybackSource[]> {
	return addonSources(null)
}

function found(result: SourceResult) {
	if (result.kind !== 'found') throw new Error(`expected streams, got ${JSON.stringify(result)}`)
	return result.streams
}

describe('owner add-ons as sources', () => {
	it('lists the configured add-ons in order, named by their manifests, leaving out URLs that are not http(s)', async () => {
		// As each app server does at start: the names come from the manifests held then.
		await warmOwnerAddonManifests()
		const list = await sources()
		expect(list.map((s) => s.kind)).toEqual(['addon', 'addon', 'addon', 'addon'])
		expect(list[0]!.name).toBe(ADDON_NAME)
		expect(list[0]!.id).toMatch(/^addon:[0-9a-f]{16}$/)
		// A malformed or oversized manifest gives no name: the host stands in.
		expect(list[1]!.name).toBe(new URL(broken.url).host)
		expect(list[3]!.name).toBe('Broken Streams')
		expect(new Set(list.map((s) => s.id)).size).toBe(4)
	})

	it('maps the real add-on’s streams: MP4 and HLS through the proxy, the header-needing MKV remuxed to HLS, torrents and trailers skipped, subtitles attached', async () => {
		expect(remuxAvailable()).toBe(true)
		const [source] = await sources()
		const streams = found(await source!.lookup(movie, context()))
		expect(streams).toHaveLength(3)
		const [mp4, hls, mkv] = streams as [FileStream, HlsStream, HlsStream]
		expect(mp4).toMatchObject({ type: 'file', sourceId: source!.id, label: 'Willow Test · Fight Club 1080p MP4' })
		// Plain http is never handed to the browser directly.
		expect(mp4.qualities['1080']!.url).toMatch(/^\/api\/stream\/proxy\/[\w-]+\/video\.mp4$/)
		expect(hls).toMatchObject({ type: 'hls', label: 'Willow Test HLS · 720p adaptive' })
		expect(hls.playlist).toMatch(/^\/api\/stream\/proxy\/[\w-]+\/index\.m3u8$/)
		expect(mkv).toMatchObject({ type: 'hls', bingeGroup: 'willow-test-4k', label: 'Willow Test 4K · Fight Club 2160p HDR MKV' })
		expect(mkv.playlist).toMatch(/^\/api\/stream\/proxy\/[\w-]+\/remux\.m3u8$/)
		for (const stream of streams) {
			expect(stream.captions.map((c) => [c.language, c.label, c.type])).toEqual([
				['en', 'English', 'srt'],
				['es', 'Spanish', 'vtt'],
			])
			for (const caption of stream.captions) expect(caption.url).toMatch(/^\/api\/stream\/proxy\//)
		}
		// The proxy URL does not show the upstream or its secret header.
		expect(mkv.playlist).not.toContain(PROXY_HEADER.value)
		expect(Buffer.from(mkv.playlist.split('/')[4]!, 'base64url').toString('latin1')).not.toContain(PROXY_HEADER.value)
	})

	it('answers subtitles only when an episode has subtitles but no stream', async () => {
		const [source] = await sources()
		const [imdbId, season, episode] = EPISODE_ID.split(':')
		const result = await source!.lookup(
			{
				type: 'show',
				title: 'Game of Thrones',
				releaseYear: 2011,
				tmdbId: 1399,
				imdbId: imdbId!,
				season: { number: Number(season), tmdbId: 1 },
				episode: { number: Number(episode), tmdbId: 2 },
			},
			context(),
		)
		expect(result.kind).toBe('subtitles')
		expect(result.kind === 'subtitles' && result.captions.map((c) => c.language)).toEqual(['en', 'es'])
	})

	it('says why when nothing is playable, when there is no IMDb id, and when an add-on is broken, while the others answer', async () => {
		const list = await sources()
		const results = await Promise.all(list.map((source) => source.lookup(movie, context())))
		expect(results[0]!.kind).toBe('found')
		expect(results[1]).toEqual({ kind: 'none', reason: expect.stringMatching(/^malformed manifest/) })
		expect(results[2]).toEqual({ kind: 'none', reason: 'answer too large' })
		expect(results[3]).toEqual({ kind: 'none', reason: 'malformed stream list' })
		expect(await list[0]!.lookup({ ...movie, imdbId: TORRENT_ONLY_IMDB }, context())).toEqual({
			kind: 'none',
			reason: 'not playable in the browser',
		})
		expect(await list[0]!.lookup({ ...movie, imdbId: null }, context())).toEqual({ kind: 'none', reason: 'no IMDb id' })
	})

	it('lists without waiting for an add-on: one that never answers is named by its host, its manifest asked in the background', async () => {
		let reached = () => {}
		const asked = new Promise<'asked'>((resolve) => (reached = () => resolve('asked')))
		const hung = http.createServer(() => reached()) // Never answers.
		await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve))
		const host = `127.0.0.1:${(hung.address() as AddressInfo).port}`
		try {
			const listing = addonSources(null, { extraOwnerUrls: [`http://${host}/manifest.json`] })
			// Listed before the add-on is even reached (the listing used to wait up to 1 s for its manifest, the lookup 100 ms).
			expect(await Promise.race([listing.then(() => 'listed'), asked])).toBe('listed')
			expect((await listing).at(-1)).toMatchObject({ kind: 'addon', name: host })
			expect((await listing)[0]!.name).toBe(ADDON_NAME)
			expect(await asked).toBe('asked')
		} finally {
			hung.closeAllConnections()
			await new Promise((resolve) => hung.close(resolve))
		}
	})

	it('ends a hung add-on’s lookup at the caller’s signal', async () => {
		const ref = { manifestUrl: `${broken.url}/hang/manifest.json`, owner: true }
		const started = Date.now()
		const result = await lookupAddon(ref, { id: 'addon:hang', name: 'hang' }, movie, {
			signal: AbortSignal.timeout(300),
			user: null,
			clientKey: 'test',
		})
		expect(result).toEqual({ kind: 'none', reason: 'timed out' })
		expect(Date.now() - started).toBeLessThan(2000)
	})

	it('logs one warn line per failed add-on with its reason, and never the manifest URL’s key', async () => {
		const failing = [
			['hang', 'manifest', 'timed out'],
			['notjson', 'manifest', 'the add-on answered something that is not JSON'],
			['down', 'manifest', 'the add-on answered HTTP 503'],
			['hangstreams', 'stream', 'timed out'],
			['badstreams', 'stream', 'malformed stream list'],
		] as const
		const text = await captureLogs(async () => {
			for (const [name] of failing) {
				const ref = { manifestUrl: `${broken.url}/${name}/manifest.json?key=owner-secret-key-${name}`, owner: true }
				const result = await lookupAddon(ref, { id: `addon:${name}`, name }, movie, {
					signal: AbortSignal.timeout(400),
					user: null,
					clientKey: 'test',
				})
				expect(result.kind, name).toBe('none')
			}
			// An add-on with nothing for the title, and a viewer who left, are no failures.
			const left = new AbortController()
			const pending = lookupAddon(
				{ manifestUrl: `${broken.url}/hang/manifest.json?left`, owner: true },
				{ id: 'addon:left', name: 'left' },
				movie,
				{
					signal: left.signal,
					user: null,
					clientKey: 'test',
				},
			)
			left.abort(new Error('client went away'))
			await pending
			await lookupAddon(
				{ manifestUrl: `${addon.url}/manifest.json`, owner: true },
				{ id: 'addon:ok', name: 'ok' },
				{ ...movie, imdbId: 'tt9999999' },
				context(),
			)
		})
		const warns = text
			.split('\n')
			.filter(Boolean)
			.map((line) => JSON.parse(line) as { level: number; msg: string; source?: string; request?: string; reason?: string; addon?: string })
			.filter((entry) => entry.msg === 'add-on failed')
		expect(warns.map(({ level, source, request, reason }) => [level, source, request, reason])).toEqual(
			failing.map(([name, request, reason]) => [40, `addon:${name}`, request, reason]),
		)
		expect(warns.every((entry) => entry.addon === new URL(broken.url).origin)).toBe(true)
		expect(text).not.toContain('owner-secret-key')
	})

	it('refuses an add-on on a private address unless it is the owner’s', async () => {
		const result = await lookupAddon(
			{ manifestUrl: `${addon.url}/manifest.json`, owner: false },
			{ id: 'addon:x', name: 'x' },
			movie,
			context(),
		)
		expect(result).toEqual({ kind: 'none', reason: expect.stringMatching(/^refused: .*private address/) })
	})
})

describe('stream proxy', () => {
	const running = useApiOnTestDatabase('sqlite')
	const get = (path: string, headers: Record<string, string> = {}) => fetch(`${running.api.baseUrl}${path}`, { headers })
	const policy = (): Pick<ProxyTarget, 'allowedHosts' | 'allowPrivate' | 'privateHosts'> => ({
		allowedHosts: [new URL(media.url).host],
		allowPrivate: true,
		privateHosts: ['127.0.0.1'],
	})

	async function movieStreams() {
		const [source] = await sources()
		return found(await source!.lookup(movie, context())) as [FileStream, HlsStream, HlsStream]
	}

	it('streams a file with Range passthrough and only safe headers', async () => {
		const [mp4] = await movieStreams()
		const url = mp4.qualities['1080']!.url
		const whole = await get(url)
		expect(whole.status).toBe(200)
		expect(whole.headers.get('content-type')).toBe('video/mp4')
		expect(whole.headers.get('accept-ranges')).toBe('bytes')
		expect(Buffer.from(await whole.arrayBuffer()).equals(mediaBytes())).toBe(true)
		const part = await get(url, { range: 'bytes=1000-1999' })
		expect(part.status).toBe(206)
		expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${200 * 1024}`)
		expect(Buffer.from(await part.arrayBuffer()).equals(mediaBytes().subarray(1000, 2000))).toBe(true)
		const head = await fetch(`${running.api.baseUrl}${url}`, { method: 'HEAD' })
		expect(head.status).toBe(200)
		expect(head.headers.get('content-length')).toBe(String(200 * 1024))
	})

	it('sends the add-on’s proxyHeaders upstream', async () => {
		const response = await get(
			await signProxyUrl({ ...policy(), url: `${media.url}/protected/film.mkv`, headers: { [PROXY_HEADER.name]: PROXY_HEADER.value } }),
		)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('video/x-matroska')
		expect(media.seen.some((r) => r.path === '/protected/film.mkv' && r.headers[PROXY_HEADER.name] === PROXY_HEADER.value)).toBe(true)
		expect((await get(await signProxyUrl({ ...policy(), url: `${media.url}/protected/film.mkv` }))).status).toBe(502)
	})

	it('remuxes a stream the browser cannot play into HLS, ffmpeg reading it through the relay with the add-on’s headers', async () => {
		const [, , mkv] = await movieStreams()
		const playlist = await get(mkv.playlist)
		expect(playlist.status).toBe(200)
		const text = await playlist.text()
		expect(text).toContain('#EXT-X-ENDLIST')
		const segments = text.split('\n').filter((line) => line.endsWith('.ts'))
		expect(segments[0]).toBe('seg-0.ts')
		const segment = await get(new URL(segments[0]!, `http://x${mkv.playlist}`).pathname)
		expect(segment.status).toBe(200)
		const bytes = Buffer.from(await segment.arrayBuffer())
		expect(bytes[0]).toBe(0x47)
		expect(bytes.length % 188).toBe(0)
		expect((await get(new URL('seg-99999.ts', `http://x${mkv.playlist}`).pathname)).status).toBe(404)
		expect((await get(new URL('other.mp4', `http://x${mkv.playlist}`).pathname)).status).toBe(404)
	}, 60_000)

	it('rewrites HLS playlists so every child comes through the proxy, down to segments and keys', async () => {
		const [, hls] = await movieStreams()
		const master = await get(hls.playlist)
		expect(master.status).toBe(200)
		expect(master.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl\b/)
		const masterText = await master.text()
		const variant = masterText.split('\n').find((line) => line.startsWith('/api/stream/proxy/'))!
		expect(variant).toMatch(/\/index\.m3u8$/)
		expect(masterText).not.toContain('127.0.0.1')
		const variantText = await (await get(variant)).text()
		const segments = variantText.split('\n').filter((line) => line.startsWith('/api/stream/proxy/'))
		expect(segments.map((line) => line.split('/').pop())).toEqual(['seg0.ts', 'seg1.ts'])
		const key = /URI="([^"]+)"/.exec(variantText)![1]!
		expect(key).toMatch(/^\/api\/stream\/proxy\/.+\/key\.bin$/)
		expect(Buffer.from(await (await get(key)).arrayBuffer()).equals(Buffer.alloc(16, 7))).toBe(true)
		const segment = await get(segments[1]!)
		expect(Buffer.from(await segment.arrayBuffer()).equals(Buffer.alloc(1000, 0x48))).toBe(true)
	})

	it('has ffmpeg read through a relay that takes only sealed tokens and never hands it a playlist', async () => {
		const relay = await relayBase()
		expect(relay).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
		expect((await fetch(`${relay}/not-a-token`)).status).toBe(403)
		expect((await fetch(`${relay}/../etc/passwd`)).status).toBe(403)
		const token = (url: string) => url.split('/')[4]!
		const media200 = await fetch(`${relay}/${token(await signProxyUrl({ ...policy(), url: `${media.url}/movie.mp4` }))}`, {
			headers: { range: 'bytes=10-19' },
		})
		expect(media200.status).toBe(206)
		expect(Buffer.from(await media200.arrayBuffer()).equals(mediaBytes().subarray(10, 20))).toBe(true)
		// An HLS playlist would make ffmpeg fetch its segments itself: the relay cuts it off.
		const playlistUrl = `${relay}/${token(await signProxyUrl({ ...policy(), url: `${media.url}/hls/master.m3u8` }))}`
		await expect(fetch(playlistUrl).then((response) => response.text())).rejects.toThrow()
		const outside = await fetch(
			`${relay}/${token(await signProxyUrl({ allowedHosts: ['example.com:80'], allowPrivate: false, url: `${media.url}/movie.mp4` }))}`,
		)
		expect(outside.status).toBe(502)
	})

	it('serves captions same-origin, re-encoded as UTF-8 with their type', async () => {
		const [mp4] = await movieStreams()
		const [en, es] = mp4.captions
		const srt = await get(en!.url, { range: 'bytes=0-3' })
		expect(srt.status).toBe(200)
		expect(srt.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8')
		expect(await srt.text()).toBe(SRT_TEXT)
		const vtt = await get(es!.url)
		expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8')
		expect(await vtt.text()).toBe(VTT_TEXT)
	})

	it('never serves an upstream’s HTML as HTML on Willow’s origin', async () => {
		const response = await get(await signProxyUrl({ ...policy(), url: `${media.url}/page.html` }))
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('application/octet-stream')
		expect(response.headers.get('x-content-type-options')).toBe('nosniff')
		expect(response.headers.get('content-security-policy')).toContain('sandbox')
	})

	it('follows a redirect within the allowed hosts', async () => {
		const response = await get(await signProxyUrl({ ...policy(), url: `${media.url}/redirect/inside` }))
		expect(response.status).toBe(200)
		expect((await response.arrayBuffer()).byteLength).toBe(200 * 1024)
	})

	describe('refuses', () => {
		it('a tampered or foreign token with 403', async () => {
			const [mp4] = await movieStreams()
			const url = mp4.qualities['1080']!.url
			const parts = url.split('/')
			const token = parts[4]!
			const flipped = token.slice(0, 40) + (token[40] === 'A' ? 'B' : 'A') + token.slice(41)
			const tampered = [...parts.slice(0, 4), flipped, parts[5]].join('/')
			const response = await get(tampered)
			expect(response.status).toBe(403)
			expect(await response.json()).toEqual({ error: 'This link is invalid or has expired' })
			expect((await get('/api/stream/proxy/not-a-token/video.mp4')).status).toBe(403)
		})

		it('an expired link with 403', async () => {
			const url = await signProxyUrl({ ...policy(), url: `${media.url}/movie.mp4` }, 1000, Date.now() - 60_000)
			expect((await get(url)).status).toBe(403)
		})

		it('a host outside the allowed list, a redirect to one, and redirect loops', async () => {
			expect(
				(await get(await signProxyUrl({ allowedHosts: ['example.com:80'], allowPrivate: false, url: `${media.url}/movie.mp4` }))).status,
			).toBe(403)
			const outside = await get(await signProxyUrl({ ...policy(), url: `${media.url}/redirect/outside` }))
			expect(outside.status).toBe(403)
			expect((await outside.json()).error).toMatch(/not an allowed host/)
			expect((await get(await signProxyUrl({ ...policy(), url: `${media.url}/redirect/loop` }))).status).toBe(403)
		})

		it('file: URLs, as a target or a redirect', async () => {
			expect((await get(await signProxyUrl({ allowedHosts: [''], allowPrivate: true, url: 'file:///etc/passwd' }))).status).toBe(403)
			const redirect = await get(await signProxyUrl({ ...policy(), url: `${media.url}/redirect/file` }))
			expect(redirect.status).toBe(403)
			expect((await redirect.json()).error).toMatch(/not http/)
		})

		it('private addresses for hosts that may not be private, by literal or by name resolved at connect time', async () => {
			const host = new URL(media.url)
			const literal = await get(await signProxyUrl({ allowedHosts: [host.host], allowPrivate: false, url: `${media.url}/movie.mp4` }))
			expect(literal.status).toBe(403)
			expect((await literal.json()).error).toMatch(/private address/)
			// "localhost" is allowed by name but resolves to loopback: refused when connecting.
			const byName = await get(
				await signProxyUrl({
					allowedHosts: [`localhost:${host.port}`],
					allowPrivate: true,
					privateHosts: ['127.0.0.1'],
					url: `http://localhost:${host.port}/movie.mp4`,
				}),
			)
			expect(byName.status).toBe(403)
			expect((await byName.json()).error).toMatch(/resolves to a private address/)
		})

		it('a client over its proxied-bytes limit with 429', async () => {
			setClientLimitsForTests({ 'proxy-bytes': { limit: 300 } })
			try {
				const url = await signProxyUrl({ ...policy(), url: `${media.url}/movie.mp4` })
				const headers = { 'x-forwarded-for': '203.0.113.77' }
				expect((await get(url, headers)).status).toBe(200)
				await (await get(url, headers)).arrayBuffer().catch(() => undefined)
				expect((await get(url, headers)).status).toBe(429)
			} finally {
				setClientLimitsForTests(undefined)
			}
		})
	})

	it('answers through GET /api/sources/lookup: the add-on’s found event carries proxied streams, the broken ones say why', async () => {
		await seedDemo(running.testDb.handle)
		const response = await get('/api/sources/lookup?type=movie&tmdbId=550')
		expect(response.status).toBe(200)
		const events = (await response.text())
			.trim()
			.split('\n')
			.map(
				(line) =>
					JSON.parse(line) as { event: string; source?: { id: string; name: string }; streams?: Array<{ type: string }>; reason?: string },
			)
		const [first] = await sources()
		const ours = events.filter((e) => e.source?.id === first!.id)
		expect(
			ours.map((e) => e.event),
			JSON.stringify(events),
		).toEqual(['checking', 'found'])
		expect(ours[1]!.source!.name).toBe(ADDON_NAME)
		expect(ours[1]!.streams!.map((s) => s.type)).toEqual(['file', 'hls', 'hls'])
		expect(events.filter((e) => e.event === 'none' && e.reason === 'malformed stream list')).toHaveLength(1)
		expect(events.at(-1)).toEqual({ event: 'done' })
	})

	it('lets a user’s add-on work when its address counts as public (check injected)', async () => {
		setPublicAddressCheckForTests(() => true)
		try {
			const result = await lookupAddon(
				{ manifestUrl: `http://localhost:${new URL(addon.url).port}/manifest.json`, owner: false },
				{ id: 'addon:user', name: 'user' },
				movie,
				context(),
			)
			expect(found(result)).toHaveLength(3)
		} finally {
			setPublicAddressCheckForTests(undefined)
		}
	})
})
