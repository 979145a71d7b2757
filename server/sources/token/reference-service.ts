import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

// A small 4K token service that speaks Willow's protocol (README "4K token
// service"), for the tests and for owners who run their own. It serves the
// files of one folder, named by TMDB id:
//
//   movie-550.mp4               movie 550, quality "original"
//   movie-550.2160p.mp4         movie 550 in 2160p (any 360p…2160p or 4k)
//   movie-550/index.m3u8        movie 550 as HLS (segments beside the playlist)
//   tv-1399-s1e2.mp4            show 1399, season 1, episode 2
//   movie-550.en.vtt            a caption for every stream of movie 550 (.srt too)
//
// Every request to the protocol needs the Ui-Token header. Media URLs in the
// listing are signed with the token (HMAC, 6 h expiry), so they work without
// the header, as the protocol asks: Willow never forwards the token.

export interface ReferenceServiceOptions {
	dir: string
	token: string
	host?: string
	/** 0 picks a free port. */
	port?: number
}

export interface RunningReferenceService {
	url: string
	close(): Promise<void>
}

const MEDIA_TYPES: Record<string, string> = {
	'.mp4': 'video/mp4',
	'.m4v': 'video/mp4',
	'.m3u8': 'application/vnd.apple.mpegurl',
	'.ts': 'video/mp2t',
	'.m4s': 'video/iso.segment',
	'.vtt': 'text/vtt; charset=utf-8',
	'.srt': 'application/x-subrip; charset=utf-8',
}

const URL_TTL_SECONDS = 6 * 60 * 60
const TITLE = /^(movie-\d+|tv-\d+-s\d+e\d+)(?:\.([0-9]{3,4}p|4k))?$/i
const CAPTION = /^(movie-\d+|tv-\d+-s\d+e\d+)\.([a-z]{2,3}(?:-[a-z]{2})?)\.(vtt|srt)$/i

/** Every regular file under the folder (two levels), by its relative name with "/". Symlinks are skipped. */
function scanFolder(dir: string): Map<string, string> {
	const files = new Map<string, string>()
	const walk = (folder: string, prefix: string, depth: number) => {
		let entries: fs.Dirent[]
		try {
			entries = fs.readdirSync(folder, { withFileTypes: true })
		} catch {
			return
		}
		for (const entry of entries) {
			if (entry.name.startsWith('.')) continue
			const absolute = path.join(folder, entry.name)
			if (entry.isFile()) files.set(`${prefix}${entry.name}`, absolute)
			else if (entry.isDirectory() && depth < 2) walk(absolute, `${prefix}${entry.name}/`, depth + 1)
		}
	}
	walk(dir, '', 1)
	return files
}

function titleKey(query: URLSearchParams): string | null {
	const type = query.get('type')
	const tmdbId = query.get('tmdbId') ?? ''
	if (!/^\d{1,9}$/.test(tmdbId)) return null
	if (type === 'movie') return `movie-${Number(tmdbId)}`
	const season = query.get('season') ?? ''
	const episode = query.get('episode') ?? ''
	if (type === 'tv' && /^\d{1,4}$/.test(season) && /^\d{1,5}$/.test(episode))
		return `tv-${Number(tmdbId)}-s${Number(season)}e${Number(episode)}`
	return null
}

interface ListedStream {
	url: string
	quality: string
	type: 'hls' | 'mp4'
	captions: Array<{ url: string; language: string; type: 'vtt' | 'srt' }>
}

export function startReferenceService(options: ReferenceServiceOptions): Promise<RunningReferenceService> {
	const expected = Buffer.from(options.token, 'utf8')
	const tokenOk = (given: string | undefined) => {
		const candidate = Buffer.from(given ?? '', 'utf8')
		return candidate.length === expected.length && crypto.timingSafeEqual(candidate, expected)
	}
	const mac = (name: string, exp: number) => crypto.createHmac('sha256', options.token).update(`${name}\n${exp}`).digest('base64url')
	const signedPath = (name: string) => {
		const exp = Math.floor(Date.now() / 1000) + URL_TTL_SECONDS
		return `/media/${name.split('/').map(encodeURIComponent).join('/')}?exp=${exp}&sig=${mac(name, exp)}`
	}
	const signatureOk = (name: string, query: URLSearchParams) => {
		const exp = Number(query.get('exp'))
		const sig = Buffer.from(query.get('sig') ?? '')
		const want = Buffer.from(mac(name, exp))
		return Number.isInteger(exp) && exp * 1000 > Date.now() && sig.length === want.length && crypto.timingSafeEqual(sig, want)
	}

	function listing(key: string, origin: string): ListedStream[] {
		const files = scanFolder(options.dir)
		const captions: ListedStream['captions'] = []
		const streams: ListedStream[] = []
		for (const name of [...files.keys()].sort()) {
			const caption = CAPTION.exec(name)
			if (caption && caption[1]!.toLowerCase() === key) {
				captions.push({
					url: `${origin}${signedPath(name)}`,
					language: caption[2]!.toLowerCase(),
					type: caption[3]!.toLowerCase() as 'vtt' | 'srt',
				})
				continue
			}
			const hls = /^([^/]+)\/index\.m3u8$/.exec(name)
			const stem = hls ? hls[1]! : name.replace(/\.(mp4|m4v)$/i, '')
			if (!hls && stem === name) continue
			const title = TITLE.exec(stem)
			if (!title || title[1]!.toLowerCase() !== key) continue
			streams.push({
				url: `${origin}${signedPath(name)}`,
				quality: title[2]?.toLowerCase() ?? 'original',
				type: hls ? 'hls' : 'mp4',
				captions: [],
			})
		}
		return streams.map((stream) => ({ ...stream, captions }))
	}

	function sendJson(res: http.ServerResponse, status: number, body: unknown) {
		const text = JSON.stringify(body)
		res.writeHead(status, {
			'content-type': 'application/json; charset=utf-8',
			'content-length': Buffer.byteLength(text),
			'cache-control': 'no-store',
		})
		res.end(text)
	}

	/** A playlist's children (segments, keys, variant playlists) get signed URLs of their own. */
	function signPlaylist(text: string, name: string): string {
		const folder = name.includes('/') ? name.slice(0, name.lastIndexOf('/') + 1) : ''
		const signChild = (reference: string) =>
			/^[a-z]+:/i.test(reference) || reference.startsWith('/') ? reference : signedPath(path.posix.normalize(`${folder}${reference}`))
		return text
			.split('\n')
			.map((line) => {
				const trimmed = line.trim()
				if (trimmed === '') return line
				if (trimmed.startsWith('#')) return line.replace(/URI="([^"]+)"/g, (_match, reference: string) => `URI="${signChild(reference)}"`)
				return signChild(trimmed)
			})
			.join('\n')
	}

	function serveMedia(req: http.IncomingMessage, res: http.ServerResponse, name: string, query: URLSearchParams) {
		// The name only picks a file the scan found; it is never joined to a path.
		const file = scanFolder(options.dir).get(name)
		if (!file || !signatureOk(name, query)) return sendJson(res, 404, { error: 'Not found' })
		const type = MEDIA_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream'
		if (name.toLowerCase().endsWith('.m3u8')) {
			const body = signPlaylist(fs.readFileSync(file, 'utf8'), name)
			res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' })
			return res.end(req.method === 'HEAD' ? undefined : body)
		}
		const size = fs.statSync(file).size
		const headers: http.OutgoingHttpHeaders = { 'content-type': type, 'accept-ranges': 'bytes', 'cache-control': 'private, max-age=3600' }
		const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '')
		let start = 0
		let end = size - 1
		let status = 200
		if (req.headers.range) {
			if (!range || (range[1] === '' && range[2] === '')) {
				res.writeHead(416, { 'content-range': `bytes */${size}` })
				return res.end()
			}
			if (range[1] === '') {
				start = Math.max(0, size - Number(range[2]))
			} else {
				start = Number(range[1])
				end = range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1)
			}
			if (start > end || start >= size) {
				res.writeHead(416, { 'content-range': `bytes */${size}` })
				return res.end()
			}
			status = 206
			headers['content-range'] = `bytes ${start}-${end}/${size}`
		}
		headers['content-length'] = size === 0 ? 0 : end - start + 1
		res.writeHead(status, headers)
		if (req.method === 'HEAD' || size === 0) return res.end()
		const stream = fs.createReadStream(file, { start, end })
		stream.on('error', () => res.destroy())
		res.on('close', () => stream.destroy())
		stream.pipe(res)
	}

	async function readBody(req: http.IncomingMessage, maxBytes: number): Promise<string | null> {
		let total = 0
		const chunks: Buffer[] = []
		for await (const chunk of req) {
			total += (chunk as Buffer).length
			if (total > maxBytes) return null
			chunks.push(chunk as Buffer)
		}
		return Buffer.concat(chunks).toString('utf8')
	}

	async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
		const url = new URL(req.url ?? '/', 'http://service.invalid')
		const origin = `http://${req.headers.host ?? 'localhost'}`
		const uiToken = req.headers['ui-token']
		if (url.pathname.startsWith('/media/') && (req.method === 'GET' || req.method === 'HEAD')) {
			let name: string
			try {
				name = url.pathname.slice('/media/'.length).split('/').map(decodeURIComponent).join('/')
			} catch {
				return sendJson(res, 404, { error: 'Not found' })
			}
			return serveMedia(req, res, name, url.searchParams)
		}
		if (url.pathname === '/streams' && req.method === 'GET') {
			if (!tokenOk(typeof uiToken === 'string' ? uiToken : undefined)) return sendJson(res, 401, { error: 'Invalid token' })
			const key = titleKey(url.searchParams)
			if (!key) return sendJson(res, 400, { error: 'type=movie&tmdbId=… or type=tv&tmdbId=…&season=…&episode=…' })
			return sendJson(res, 200, { streams: listing(key, origin) })
		}
		if (url.pathname === '/token' && req.method === 'POST') {
			if (!tokenOk(typeof uiToken === 'string' ? uiToken : undefined)) return sendJson(res, 401, { error: 'Invalid token' })
			const text = await readBody(req, 16 * 1024)
			let body: unknown
			try {
				body = text === null ? null : JSON.parse(text)
			} catch {
				body = null
			}
			const given = body && typeof body === 'object' && 'uiToken' in body ? body.uiToken : undefined
			if (typeof given !== 'string' || !tokenOk(given))
				return sendJson(res, 400, { error: 'Body must be { "uiToken" } with the same token' })
			// This service has one token, so it hands back the same one; a real service may issue a longer-lived one.
			return sendJson(res, 200, { token: options.token })
		}
		return sendJson(res, 404, { error: 'Not found' })
	}

	const server = http.createServer((req, res) => {
		handle(req, res).catch(() => {
			if (!res.headersSent) sendJson(res, 500, { error: 'Internal error' })
			else res.destroy()
		})
	})
	return new Promise((resolve, reject) => {
		server.once('error', reject)
		server.listen(options.port ?? 8787, options.host ?? '127.0.0.1', () => {
			const { address, port } = server.address() as AddressInfo
			const host = address.includes(':') ? `[${address}]` : address
			resolve({
				url: `http://${host}:${port}`,
				close: () =>
					new Promise<void>((done) => {
						server.closeAllConnections()
						server.close(() => done())
					}),
			})
		})
	})
}
