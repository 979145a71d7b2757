import fs from 'node:fs/promises'
import path from 'node:path'
import { Router, type Request, type Response } from 'express'
import { getSessionUser } from '../../auth/session.server.ts'
import { getDatabase } from '../../db/db.server.ts'
import { HttpError, notFound, parseInput } from '../../http/errors.server.ts'
import { logger } from '../../logger.server.ts'
import { allowFfmpegStart, clientKeyOf } from '../limits.server.ts'
import { hlsPlaylistFor, sendHlsPlaylist, serveHlsSegment } from '../media/hls.server.ts'
import { LeaveRequest, leaveTranscodeLine, transcodeTurn, TurnRequest } from '../media/transcode-turn.server.ts'
import { extractSubtitleVtt } from '../media/subtitles.server.ts'
import { decodeCaptionBytes } from '../proxy/caption-text.ts'
import { signPath, verifyPath } from '../signing.server.ts'
import type { MediaFilesTable } from '../tables.ts'
import { indexedFilePath, mediaFolders, realPathInside } from './index.server.ts'
import {
	captionTracksOf,
	mediaFolderAccess,
	MEDIA_FOLDER_STREAM_BASE,
	mediaInputFor,
	playabilityFor,
	probeOf,
} from './media-folder-source.server.ts'
import { toWebVtt } from './subtitle-text.ts'

// /api/stream/library/<fileId>/…: the media folder's files, served by index id
// only (a client never names a path). Every URL is signed (any worker on any
// app server can check it), and MEDIA_ACCESS is checked again on each request,
// so a link handed out earlier stops working when access is withdrawn.
//
// HLS segments: the playlist lists many segments; signing each one would cost
// an HMAC per line. Instead the playlist signs one prefix,
// <base>/<id>/hls/<exp>/<sig>, and segment URLs are <prefix>/seg-<n>.ts: the
// signature covers the file id and expiry, and the segment number is checked
// against the probed duration.

const FILE_ID = /^[A-Za-z0-9_-]{22}$/
export const BAD_SIGNATURE = 'This link is invalid or has expired'
const CACHE_CONTROL = 'private, max-age=3600'
const MIME: Record<string, string> = {
	'.mp4': 'video/mp4',
	'.m4v': 'video/mp4',
	'.webm': 'video/webm',
	'.mkv': 'video/x-matroska',
	'.mov': 'video/quicktime',
	'.avi': 'video/x-msvideo',
}

async function rowFor(
	req: Request,
	res: Response,
	signedPath: string,
	exp: unknown = req.query.exp,
	sig: unknown = req.query.sig,
): Promise<{ row: MediaFilesTable; absolute: string }> {
	const id = String(req.params.id)
	if (!FILE_ID.test(id)) throw notFound()
	if (!(await verifyPath(signedPath, exp, sig))) throw new HttpError(403, BAD_SIGNATURE)
	const access = mediaFolderAccess(await getSessionUser(req.get('cookie'), req.secure))
	if (!access.allowed) throw new HttpError(403, access.reason)
	const row = await getDatabase().db.selectFrom('media_files').selectAll().where('id', '=', id).executeTakeFirst()
	if (!row) throw notFound()
	const absolute = await indexedFilePath(row)
	if (!absolute) {
		logger.warn({ id, file: row.relative_path }, 'media folder: indexed file now missing or links outside the folder')
		throw notFound()
	}
	res.setHeader('Cache-Control', CACHE_CONTROL)
	return { row, absolute }
}

// send's own errors carry a status (416 for an unsatisfiable range, 404, 412): answered as such, in the API's { error } form.
function httpErrorOf(error: Error): Error {
	const status = 'status' in error && typeof error.status === 'number' ? error.status : 500
	if (status === 404) return notFound()
	if (status === 416) return new HttpError(416, 'Range not satisfiable')
	if (status >= 400 && status < 500) return new HttpError(status, 'Bad request')
	return error
}

function sendFile(res: Response, absolute: string, headers: Record<string, string>) {
	return new Promise<void>((resolve, reject) => {
		// send (behind res.sendFile) answers Range, If-Range, HEAD and conditional requests with ETag and Last-Modified.
		res.sendFile(absolute, { dotfiles: 'allow', cacheControl: false, headers }, (error) => {
			if (!error || res.headersSent) resolve()
			else reject(httpErrorOf(error))
		})
	})
}

export function mediaFolderStreamRouter(): Router {
	const router = Router()

	// Anything else under this mount (paths, "..", encoded or not) is refused and logged.
	router.use((req, _res, next) => {
		const raw = req.originalUrl.split('?')[0] ?? ''
		if (/\.\.|%2e|%2f|%5c|\\/i.test(raw)) {
			logger.warn({ url: raw, ip: req.ip }, 'media folder: traversal attempt refused')
			next(new HttpError(400, 'Bad path'))
			return
		}
		next()
	})

	const fileRoute = async (req: Request, res: Response) => {
		const { row, absolute } = await rowFor(req, res, `${MEDIA_FOLDER_STREAM_BASE}/${req.params.id}/file`)
		const type = MIME[path.extname(row.relative_path).toLowerCase()] ?? 'application/octet-stream'
		const headers: Record<string, string> = { 'Content-Type': type }
		// Download: the browser names the saved file after the original.
		if (req.query.download === '1')
			headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(path.basename(row.relative_path))}`
		await sendFile(res, absolute, headers)
	}
	router.get('/:id/file', fileRoute)
	router.head('/:id/file', fileRoute)

	router.get('/:id/hls/index.m3u8', async (req, res) => {
		const { row, absolute } = await rowFor(req, res, `${MEDIA_FOLDER_STREAM_BASE}/${req.params.id}/hls/index.m3u8`)
		const probe = await probeOf(row, absolute)
		if (!probe) throw new HttpError(503, 'This file could not be read')
		const mode = playabilityFor(row, probe)?.mode === 'transcode' ? 'transcode' : 'remux'
		const prefix = `${MEDIA_FOLDER_STREAM_BASE}/${row.id}/hls`
		const signed = new URL(await signPath(prefix), 'http://x')
		const segmentBase = `${prefix}/${signed.searchParams.get('exp')}/${signed.searchParams.get('sig')}`
		sendHlsPlaylist(
			res,
			hlsPlaylistFor(probe, mode, (index) => `${segmentBase}/seg-${index}.ts`),
		)
	})

	// The transcode queue (decision 0046): a player asks for its turn before loading a transcoded
	// stream, and again while it waits; DELETE leaves the line. The URL is signed like the playlist's.
	router.post('/:id/hls/queue', async (req, res) => {
		const body = parseInput(TurnRequest, req.body ?? {})
		const { row, absolute } = await rowFor(req, res, `${MEDIA_FOLDER_STREAM_BASE}/${req.params.id}/hls/queue`)
		res.setHeader('Cache-Control', 'no-store')
		const probe = await probeOf(row, absolute)
		if (!probe) throw new HttpError(503, 'This file could not be read')
		if (playabilityFor(row, probe)?.mode !== 'transcode') return void res.json({ state: 'ready' })
		let turn: Awaited<ReturnType<typeof transcodeTurn>>
		try {
			turn = await transcodeTurn(mediaInputFor(row, absolute), probe, {
				ticket: body.ticket,
				fromSeconds: body.from,
				allowStart: () => allowFfmpegStart(clientKeyOf(req)),
			})
		} catch (error) {
			logger.warn({ err: error }, 'media folder: could not start a transcode')
			throw new HttpError(503, 'This file could not be prepared')
		}
		if (turn.state === 'refused') {
			if (turn.retryAfterSeconds) res.set('Retry-After', String(turn.retryAfterSeconds))
			throw new HttpError(turn.status, turn.error)
		}
		res.json(turn)
	})

	router.delete('/:id/hls/queue', async (req, res) => {
		const query = parseInput(LeaveRequest, { ticket: req.query.ticket })
		await rowFor(req, res, `${MEDIA_FOLDER_STREAM_BASE}/${req.params.id}/hls/queue`)
		res.setHeader('Cache-Control', 'no-store')
		leaveTranscodeLine(query.ticket)
		res.status(204).end()
	})

	router.get('/:id/hls/:exp/:sig/:segment', async (req, res) => {
		const match = /^seg-(\d{1,6})\.ts$/.exec(req.params.segment)
		if (!match) throw notFound()
		const { row, absolute } = await rowFor(req, res, `${MEDIA_FOLDER_STREAM_BASE}/${req.params.id}/hls`, req.params.exp, req.params.sig)
		const probe = await probeOf(row, absolute)
		if (!probe) throw new HttpError(503, 'This file could not be read')
		const playability = playabilityFor(row, probe)
		const mode = playability?.mode === 'transcode' ? 'transcode' : 'remux'
		// Each ffmpeg start counts against the client (issue: segments, not playlists, start ffmpeg).
		await serveHlsSegment(mediaInputFor(row, absolute), probe, mode, Number(match[1]), req, res, {
			allowStart: () => allowFfmpegStart(clientKeyOf(req)),
		})
	})

	router.get('/:id/captions/:name', async (req, res) => {
		const match = /^(\d{1,3})\.vtt$/.exec(req.params.name)
		if (!match) throw notFound()
		const { row, absolute } = await rowFor(req, res, `${MEDIA_FOLDER_STREAM_BASE}/${req.params.id}/captions/${req.params.name}`)
		const probe = row.probe ? await probeOf(row, absolute) : null
		const track = captionTracksOf(row, probe)[Number(match[1])]
		if (!track) throw notFound()
		let text: string
		if (track.kind === 'sidecar') {
			const folder = mediaFolders()[row.folder_index]
			const file = folder ? await realPathInside(folder, path.join(folder, track.sidecar.file)) : null
			if (!file) throw notFound()
			text = toWebVtt(decodeCaptionBytes(await fs.readFile(file)))
		} else {
			text = await extractSubtitleVtt(mediaInputFor(row, absolute), track.streamIndex)
		}
		res.type('text/vtt; charset=utf-8').send(text)
	})

	router.get('/:id/trickplay/:name', async (req, res) => {
		const name = req.params.name
		if (!/^[A-Za-z0-9_-]{1,64}\.(vtt|jpg)$/.test(name)) throw notFound()
		const { row } = await rowFor(req, res, `${MEDIA_FOLDER_STREAM_BASE}/${req.params.id}/trickplay/${name}`)
		if (!row.trickplay) throw notFound()
		const dir = path.dirname(row.trickplay)
		if (name.endsWith('.vtt')) {
			// Image names in the VTT are relative; each becomes a signed URL here.
			const text = await fs.readFile(row.trickplay, 'utf8')
			const lines = await Promise.all(
				text.split('\n').map(async (line) => {
					const image = /^([A-Za-z0-9_-]{1,64}\.jpg)(#.*)?$/.exec(line.trim())
					return image
						? `${await signPath(`${MEDIA_FOLDER_STREAM_BASE}/${row.id}/trickplay/${image[1]}`)}${image[2] ?? ''}`.replace(
								/\?(exp=[^#]*)#/,
								'?$1#',
							)
						: line
				}),
			)
			res.type('text/vtt; charset=utf-8').send(lines.join('\n'))
			return
		}
		await sendFile(res, path.join(dir, name), { 'Content-Type': 'image/jpeg' })
	})

	return router
}
