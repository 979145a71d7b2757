import crypto from 'node:crypto'
import type { Request, Response } from 'express'
import { HttpError, notFound, parseInput } from '../../http/errors.server.ts'
import { logger } from '../../logger.server.ts'
import {
	FFMPEG_UNAVAILABLE_REASON,
	FfmpegUnavailableError,
	ffmpegPaths,
	playabilityOf,
	probeMedia,
	type MediaInput,
} from '../media/ffmpeg.server.ts'
import { hlsPlaylistFor, sendHlsPlaylist, serveHlsSegment } from '../media/hls.server.ts'
import { LeaveRequest, leaveTranscodeLine, transcodeTurn, TurnRequest, type TranscodeTurn } from '../media/transcode-turn.server.ts'
import { allowFfmpegStart } from '../limits.server.ts'
import type { ProxyTarget } from './proxy.server.ts'
import { relayBase } from './relay.server.ts'
import { REMUX_PLAYLIST } from './remux-urls.ts'

// A proxied add-on stream a browser cannot play as it is (MKV, AC3/DTS audio,
// HEVC…), served as HLS by the ffmpeg layer. ffmpeg reads the upstream
// through the loopback relay, so the outbound rules still hold. A stream
// that is re-encoded waits in the same line for a transcode slot as the
// media folder's files (decision 0046): its `queue` URL, beside the playlist
// under the same token.

export { REMUX_PLAYLIST, REMUX_QUEUE } from './remux-urls.ts'
const SEGMENT_NAME = /^seg-(\d{1,6})\.ts$/
export { FFMPEG_STARTS_LIMITED as REMUX_LIMITED } from '../media/hls.server.ts'

/** True when ffmpeg is usable here (remuxed streams are offered only then). */
export function remuxAvailable(): boolean {
	const { ffmpeg, ffprobe } = ffmpegPaths()
	return Boolean(ffmpeg && ffprobe)
}

async function inputOf(token: string, target: ProxyTarget): Promise<MediaInput> {
	// The cache key is the upstream, not the token (a fresh token per lookup) nor the relay port (one per process).
	const cacheKey = `proxy:${crypto
		.createHash('sha256')
		.update(JSON.stringify([target.url, target.headers ?? {}]))
		.digest('hex')}`
	return { kind: 'url', url: `${await relayBase()}/${token}`, headers: {}, cacheKey }
}

async function probe(input: MediaInput, req: Request) {
	let probed
	try {
		probed = await probeMedia(input)
	} catch (error) {
		if (error instanceof FfmpegUnavailableError) throw new HttpError(503, FFMPEG_UNAVAILABLE_REASON)
		;(req.res?.locals.log ?? logger).warn({ err: error }, 'remux: probe failed')
		throw new HttpError(502, 'The stream could not be read')
	}
	if (!(probed.durationSeconds > 0)) throw new HttpError(502, 'The stream has no known duration')
	return probed
}

/**
 * A player's turn before it loads a remuxed stream, and again while it waits
 * (decision 0046): ready at once when the stream is only remuxed (no slot
 * needed), else the same line as the media folder's transcodes.
 */
export async function serveRemuxTurn(req: Request, res: Response, token: string, target: ProxyTarget, clientKey: string) {
	const body = parseInput(TurnRequest, req.body ?? {})
	res.setHeader('Cache-Control', 'no-store')
	const input = await inputOf(token, target)
	const probed = await probe(input, req)
	if (playabilityOf(probed).mode !== 'transcode') return void res.json({ state: 'ready' })
	let turn: TranscodeTurn
	try {
		turn = await transcodeTurn(input, probed, {
			ticket: body.ticket,
			fromSeconds: body.from,
			allowStart: () => allowFfmpegStart(clientKey),
		})
	} catch (error) {
		;(req.res?.locals.log ?? logger).warn({ err: error }, 'remux: could not start a transcode')
		throw new HttpError(503, 'The stream could not be prepared')
	}
	if (turn.state === 'refused')
		throw new HttpError(turn.status, turn.error, turn.retryAfterSeconds ? { 'Retry-After': String(turn.retryAfterSeconds) } : undefined)
	res.json(turn)
}

/** The viewer closed the player while waiting: its place goes to the next. */
export function leaveRemuxLine(req: Request, res: Response) {
	const query = parseInput(LeaveRequest, { ticket: req.query.ticket })
	res.setHeader('Cache-Control', 'no-store')
	leaveTranscodeLine(query.ticket)
	res.status(204).end()
}

export async function serveRemux(req: Request, res: Response, token: string, name: string, target: ProxyTarget, clientKey: string) {
	const input = await inputOf(token, target)
	if (name === REMUX_PLAYLIST) {
		const probed = await probe(input, req)
		sendHlsPlaylist(
			res,
			hlsPlaylistFor(probed, playabilityOf(probed).mode === 'transcode' ? 'transcode' : 'remux', (index) => `seg-${index}.ts`),
		)
		return
	}
	const segment = SEGMENT_NAME.exec(name)
	if (!segment) throw notFound()
	const probed = await probe(input, req)
	const mode = playabilityOf(probed).mode === 'transcode' ? 'transcode' : 'remux'
	// Each ffmpeg start (not each playlist) counts against the client.
	await serveHlsSegment(input, probed, mode, Number(segment[1]), req, res, { allowStart: () => allowFfmpegStart(clientKey) })
}
