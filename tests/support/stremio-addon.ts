import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { addonBuilder, getRouter } from 'stremio-addon-sdk'
import { ffmpegPaths } from '#server/sources/media/ffmpeg.server.ts'

// A real Stremio add-on (stremio-addon-sdk's builder and router under
// express) on 127.0.0.1, the media host its answers point at, and a host of
// broken add-ons. Everything is made at test time in a temporary folder.

export const ADDON_NAME = 'Willow Test Add-on'
/** Fight Club: the film the test add-on has streams for. */
export const MOVIE_IMDB = 'tt0137523'
/** An episode with subtitles only. */
export const EPISODE_ID = 'tt0944947:1:2'
/** A film the add-on only has a torrent and a trailer for. */
export const TORRENT_ONLY_IMDB = 'tt0000001'
export const PROXY_HEADER = { name: 'x-addon-auth', value: 'let-me-in' }

/** Written in Latin-1, as many subtitle files still are; served as UTF-8. */
export const SRT_TEXT = '1\n00:00:01,000 --> 00:00:02,000\nHello from the café, señor Müller\n'
export const VTT_TEXT = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHola\n'

/** A real 4-second MKV (H.264 + AC3, 160x90): browsers cannot play it as a file, so it is remuxed. */
async function makeMkv(file: string) {
	const { ffmpeg } = ffmpegPaths()
	if (!ffmpeg) throw new Error('the add-on tests need ffmpeg (bundled with @ffmpeg-installer/ffmpeg)')
	const args = [
		'-v',
		'error',
		'-y',
		'-f',
		'lavfi',
		'-i',
		'testsrc=duration=4:size=160x90:rate=10',
		'-f',
		'lavfi',
		'-i',
		'sine=duration=4',
		'-c:v',
		'libx264',
		'-preset',
		'ultrafast',
		'-g',
		'10',
		'-c:a',
		'ac3',
		'-shortest',
		file,
	]
	await new Promise<void>((resolve, reject) => execFile(ffmpeg, args, { timeout: 60_000 }, (error) => (error ? reject(error) : resolve())))
}

interface Running {
	url: string
	close(): Promise<void>
}

async function listen(app: express.Express): Promise<Running> {
	const server: Server = await new Promise((resolve) => {
		const s = app.listen(0, '127.0.0.1', () => resolve(s))
	})
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

/** 200 KB of bytes whose value is their offset mod 251, so any range can be checked. */
export function mediaBytes(size = 200 * 1024) {
	return Buffer.from(Array.from({ length: size }, (_, i) => i % 251))
}

export interface MediaHost extends Running {
	dir: string
	/** Requests seen, for asserting what the proxy forwarded. */
	seen: Array<{ path: string; headers: Record<string, string | string[] | undefined> }>
}

/** Static media: an MP4, an HLS master with a variant, segments and a key, subtitles, redirects. */
export async function startMediaHost(): Promise<MediaHost> {
	const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'willow-addon-media-'))
	await fs.mkdir(path.join(dir, 'hls', 'low'), { recursive: true })
	await fs.mkdir(path.join(dir, 'subs'))
	await fs.writeFile(path.join(dir, 'movie.mp4'), mediaBytes())
	await fs.writeFile(path.join(dir, 'page.html'), '<script>alert(1)</script>')
	await fs.writeFile(path.join(dir, 'hls', 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\nlow/index.m3u8\n')
	await fs.writeFile(
		path.join(dir, 'hls', 'low', 'index.m3u8'),
		'#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-KEY:METHOD=AES-128,URI="../key.bin"\n#EXTINF:2.0,\nseg0.ts\n#EXTINF:2.0,\nseg1.ts\n#EXT-X-ENDLIST\n',
	)
	await fs.writeFile(path.join(dir, 'hls', 'key.bin'), Buffer.alloc(16, 7))
	await fs.writeFile(path.join(dir, 'hls', 'low', 'seg0.ts'), Buffer.alloc(1000, 0x47))
	await fs.writeFile(path.join(dir, 'hls', 'low', 'seg1.ts'), Buffer.alloc(1000, 0x48))
	await fs.writeFile(path.join(dir, 'subs', 'en.srt'), Buffer.from(SRT_TEXT, 'latin1'))
	await fs.writeFile(path.join(dir, 'subs', 'es.vtt'), VTT_TEXT)
	await makeMkv(path.join(dir, 'film.mkv'))

	const seen: MediaHost['seen'] = []
	const app = express()
	app.use((req, _res, next) => {
		seen.push({ path: req.path, headers: req.headers })
		next()
	})
	// Only answers with the header the add-on's proxyHeaders name.
	app.use('/protected', (req, res, next) => {
		if (req.get(PROXY_HEADER.name) !== PROXY_HEADER.value) {
			res.status(401).send('no')
			return
		}
		next()
	})
	app.get('/protected/film.mkv', (_req, res) => {
		res.sendFile(path.join(dir, 'film.mkv'), { headers: { 'Content-Type': 'video/x-matroska' } })
	})
	app.get('/redirect/inside', (_req, res) => res.redirect(302, '/movie.mp4'))
	app.get('/redirect/loop', (_req, res) => res.redirect(302, '/redirect/loop'))
	app.get('/redirect/outside', (req, res) => res.redirect(302, `http://localhost:${req.socket.localPort}/movie.mp4`))
	app.get('/redirect/file', (_req, res) => res.redirect(302, 'file:///etc/passwd'))
	app.use(
		express.static(dir, {
			setHeaders: (res, file) => file.endsWith('.m3u8') && res.setHeader('Content-Type', 'application/vnd.apple.mpegurl'),
		}),
	)
	const running = await listen(app)
	return {
		...running,
		dir,
		seen,
		async close() {
			await running.close()
			await fs.rm(dir, { recursive: true, force: true })
		},
	}
}

/** The real add-on: streams for MOVIE_IMDB, subtitles for it and for EPISODE_ID. */
export async function startTestAddon(media: string): Promise<Running> {
	const builder = new addonBuilder({
		id: 'org.willow.test',
		version: '1.0.0',
		name: ADDON_NAME,
		resources: ['stream', 'subtitles'],
		types: ['movie', 'series'],
		idPrefixes: ['tt'],
		catalogs: [],
	})
	builder.defineStreamHandler(async ({ type, id }) => {
		if (type === 'movie' && id === MOVIE_IMDB) {
			return {
				streams: [
					{ url: `${media}/movie.mp4`, name: 'Willow Test', title: 'Fight Club 1080p MP4' },
					{ url: `${media}/hls/master.m3u8`, name: 'Willow Test HLS', description: '720p adaptive' },
					{
						url: `${media}/protected/film.mkv`,
						name: 'Willow Test 4K',
						description: 'Fight Club 2160p HDR MKV',
						behaviorHints: {
							notWebReady: true,
							bingeGroup: 'willow-test-4k',
							proxyHeaders: { request: { [PROXY_HEADER.name]: PROXY_HEADER.value } },
						},
					},
					{ infoHash: '0123456789abcdef0123456789abcdef01234567', name: 'Torrent 1080p' },
					{ ytId: 'SUXWAEX2jlg', name: 'Trailer' },
				],
			}
		}
		if (type === 'movie' && id === TORRENT_ONLY_IMDB) {
			return {
				streams: [
					{ infoHash: '0123456789abcdef0123456789abcdef01234567' },
					{ externalUrl: 'https://example.com/watch' },
					{ ytId: 'SUXWAEX2jlg' },
				],
			}
		}
		return { streams: [] }
	})
	builder.defineSubtitlesHandler(async ({ id }) => ({
		subtitles:
			id === MOVIE_IMDB || id === EPISODE_ID
				? [
						{ id: 'en-1', url: `${media}/subs/en.srt`, lang: 'eng' },
						{ id: 'es-1', url: `${media}/subs/es.vtt`, lang: 'spa' },
					]
				: [],
	}))
	const app = express()
	app.use(getRouter(builder.getInterface()))
	return listen(app)
}

/** Add-ons that misbehave: a malformed manifest, an oversized one, a malformed stream list, one that never answers. */
export async function startBrokenAddons(): Promise<Running> {
	const app = express()
	const goodManifest = {
		id: 'org.willow.broken',
		version: '1.0.0',
		name: 'Broken Streams',
		resources: ['stream'],
		types: ['movie'],
		catalogs: [],
	}
	app.get('/malformed/manifest.json', (_req, res) => res.json({ id: 'x', name: 5, resources: 'stream' }))
	app.get('/huge/manifest.json', (_req, res) => res.json({ ...goodManifest, name: 'Huge', description: 'x'.repeat(3 * 1024 * 1024) }))
	app.get('/badstreams/manifest.json', (_req, res) => res.json(goodManifest))
	app.get('/badstreams/stream/:type/:id.json', (_req, res) => res.json({ streams: 'not a list' }))
	app.get('/hang/manifest.json', () => {
		// Never answers.
	})
	app.get('/notjson/manifest.json', (_req, res) => res.type('html').send('<html>Sign in to continue</html>'))
	app.get('/down/manifest.json', (_req, res) => res.status(503).json({ error: 'maintenance' }))
	// A manifest that works, and a stream list that never comes.
	app.get('/hangstreams/manifest.json', (_req, res) => res.json({ ...goodManifest, name: 'Hung Streams' }))
	app.get('/hangstreams/stream/:type/:id.json', () => {
		// Never answers.
	})
	return listen(app)
}
