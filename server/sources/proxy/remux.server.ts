import crypto from 'node:crypto'
import type { Request, Response } from 'express'
import { HttpError, notFound } from '../../http/errors.server.ts'
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
import { allowFfmpegStart } from '../limits.server.ts'
import type { ProxyTarget } from './proxy.server.ts'
import { relayBase } from './relay.server.ts'

// A proxied add-on stream a browser cannot play as it is (MKV, AC3/DTS audio,
// HEVC…), served as HLS by the ffmpeg layer. ffmpeg reads the upstream
// through the loopback relay, so the outbound rules still hold.

export const REMUX_PLAYLIST = 'remux.m3u8'
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
	try {
		return await probeMedia(input)
	} catch (error) {
		if (error instanceof FfmpegUnavailableError) throw new HttpError(503, FFMPEG_UNAVAILABLE_REASON)
		;(req.res?.locals.log ?? logger).warn({ err: error }, 'remux: probe failed')
		throw new HttpError(502, 'The stream could not be read')
	}
}

export async function serveRemux(req: Request, res: Response, token: string, name: string, target: ProxyTarget, clientKey: string) {
	const input = await inputOf(token, target)
	if (name === REMUX_PLAYLIST) {
		const probed = await probe(input, req)
		if (!(probed.durationSeconds > 0)) throw new HttpError(502, 'The stream has no known duration')
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
