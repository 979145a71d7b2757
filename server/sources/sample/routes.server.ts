import fs from 'node:fs/promises'
import path from 'node:path'
import { Router } from 'express'
import { HttpError, notFound } from '../../http/errors.server.ts'
import { signPath, verifyPath } from '../signing.server.ts'
import { SAMPLE_FILE_NAMES, SAMPLE_MIME, isSamplePlaylist } from './clips.ts'
import { SAMPLE_STREAM_BASE, sampleClipsDir, sampleSourceActive } from './sample-source.server.ts'

// /api/stream/sample/<name>: the committed sample clips. Names come from a
// fixed list (never a client path), every URL is signed (any worker can check
// it), and the answers may be cached by the browser, unlike the rest of the API.

const CACHE_CONTROL = 'private, max-age=3600'
export const BAD_SIGNATURE = 'This link is invalid or has expired'

export function sampleStreamRouter(): Router {
	const router = Router()
	router.get('/:name', async (req, res) => {
		const name = req.params.name
		if (!SAMPLE_FILE_NAMES.has(name)) throw notFound()
		if (!(await verifyPath(`${SAMPLE_STREAM_BASE}/${name}`, req.query.exp, req.query.sig))) throw new HttpError(403, BAD_SIGNATURE)
		// Turning the source off (SAMPLE_MEDIA=off) also ends links handed out before.
		const dir = sampleSourceActive() ? sampleClipsDir() : undefined
		if (!dir) throw notFound()
		const type = SAMPLE_MIME[path.extname(name)] ?? 'application/octet-stream'

		if (isSamplePlaylist(name)) {
			// Every URI in a playlist (a line, or a URI="…" attribute) must carry its own signature,
			// so playlists are rewritten per request.
			const text = await fs.readFile(path.join(dir, name), 'utf8')
			const sign = (file: string) => signPath(`${SAMPLE_STREAM_BASE}/${file}`)
			const lines = await Promise.all(
				text.split('\n').map(async (line) => {
					const trimmed = line.trim()
					if (SAMPLE_FILE_NAMES.has(trimmed)) return sign(trimmed)
					const uri = /URI="([^"]+)"/.exec(line)
					if (uri && SAMPLE_FILE_NAMES.has(uri[1]!)) return line.replace(uri[0], `URI="${await sign(uri[1]!)}"`)
					return line
				}),
			)
			res.set({ 'Content-Type': type, 'Cache-Control': CACHE_CONTROL }).send(lines.join('\n'))
			return
		}

		await new Promise<void>((resolve, reject) => {
			res.sendFile(
				name,
				{ root: dir, dotfiles: 'deny', cacheControl: false, headers: { 'Content-Type': type, 'Cache-Control': CACHE_CONTROL } },
				(error) => {
					if (!error || res.headersSent) resolve()
					else reject(error instanceof Error && 'status' in error && error.status === 404 ? notFound() : error)
				},
			)
		})
	})
	return router
}
