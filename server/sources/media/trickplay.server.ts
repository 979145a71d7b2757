// Makes the §9 trickplay thumbnails of one file in the background. ffmpeg
// decodes keyframes only (-skip_frame nokey: a film is read once, not
// decoded), picks one frame per interval and scales it to 160x90 (letterboxed,
// so every thumbnail has the size the player expects); sharp packs the raw
// frames into sprites and encodes them as JPEG at exactly quality 85 (ffmpeg's
// -q:v scale has no such number). It runs at the lowest CPU priority and one at
// a time per process, so it never competes with playback; the VTT is written
// last and by rename, so its presence means the set is complete.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { logger } from '../../logger.server.ts'
import { ffmpegPaths, FfmpegUnavailableError, inputArgs, type MediaInput, type ProbedMedia } from './ffmpeg.server.ts'
import {
	SPRITE_COLUMNS,
	SPRITE_ROWS,
	spriteName,
	spriteRows,
	THUMBNAIL_HEIGHT,
	THUMBNAIL_JPEG_QUALITY,
	THUMBNAIL_WIDTH,
	thumbnailCount,
	thumbnailIntervalSeconds,
	thumbnailPlace,
	TRICKPLAY_VTT_NAME,
	trickplayVtt,
} from './trickplay-plan.ts'

const FRAME_BYTES = THUMBNAIL_WIDTH * THUMBNAIL_HEIGHT * 3
const TRICKPLAY_TIMEOUT_MS = 60 * 60 * 1000

function grabFrames(ffmpeg: string, input: MediaInput, durationSeconds: number, signal?: AbortSignal): Promise<Buffer[]> {
	const interval = thumbnailIntervalSeconds(durationSeconds)
	const wanted = thumbnailCount(durationSeconds)
	const filter = [
		`fps=1/${interval}`,
		`scale=${THUMBNAIL_WIDTH}:${THUMBNAIL_HEIGHT}:force_original_aspect_ratio=decrease`,
		`pad=${THUMBNAIL_WIDTH}:${THUMBNAIL_HEIGHT}:(ow-iw)/2:(oh-ih)/2`,
		'setsar=1',
	].join(',')
	const args = [
		'-hide_banner',
		'-loglevel',
		'error',
		'-nostdin',
		...inputArgs(input, ['-skip_frame', 'nokey']),
		'-map',
		'0:V:0',
		'-an',
		'-sn',
		'-vf',
		filter,
		'-frames:v',
		String(wanted),
		'-f',
		'rawvideo',
		'-pix_fmt',
		'rgb24',
		'pipe:1',
	]
	return new Promise((resolve, reject) => {
		const timeout = AbortSignal.timeout(TRICKPLAY_TIMEOUT_MS)
		const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
		if (child.pid) {
			try {
				os.setPriority(child.pid, 19)
			} catch {
				// not permitted here: it still runs one at a time
			}
		}
		const chunks: Buffer[] = []
		let stderr = ''
		child.stdout.on('data', (data: Buffer) => chunks.push(data))
		child.stderr.on('data', (data: Buffer) => {
			stderr = (stderr + data.toString('utf8')).slice(-2000)
		})
		child.on('error', (error) => reject(error))
		child.on('close', (code) => {
			if (code !== 0) {
				reject(new Error(`trickplay ffmpeg failed: ${stderr.trim().split('\n').pop() ?? `exit ${code}`}`))
				return
			}
			const all = Buffer.concat(chunks)
			const frames: Buffer[] = []
			for (let offset = 0; offset + FRAME_BYTES <= all.length; offset += FRAME_BYTES)
				frames.push(all.subarray(offset, offset + FRAME_BYTES))
			resolve(frames)
		})
	})
}

async function writeSprites(frames: Buffer[], outDir: string) {
	const perSprite = SPRITE_COLUMNS * SPRITE_ROWS
	for (let first = 0; first < frames.length; first += perSprite) {
		const inSprite = frames.slice(first, first + perSprite)
		const width = SPRITE_COLUMNS * THUMBNAIL_WIDTH
		const height = spriteRows(inSprite.length) * THUMBNAIL_HEIGHT
		const canvas = Buffer.alloc(width * height * 3)
		inSprite.forEach((frame, offset) => {
			const { x, y } = thumbnailPlace(first + offset)
			for (let row = 0; row < THUMBNAIL_HEIGHT; row++) {
				frame.copy(canvas, ((y + row) * width + x) * 3, row * THUMBNAIL_WIDTH * 3, (row + 1) * THUMBNAIL_WIDTH * 3)
			}
		})
		const file = path.join(outDir, spriteName(first / perSprite))
		const temporary = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`
		await sharp(canvas, { raw: { width, height, channels: 3 } })
			.jpeg({ quality: THUMBNAIL_JPEG_QUALITY })
			.toFile(temporary)
		await fs.promises.rename(temporary, file)
	}
}

let queue: Promise<unknown> = Promise.resolve()

/**
 * Makes sprites and `thumbnails.vtt` in `outDir` (cues name the sprites
 * relatively, `sprite-0.jpg#xywh=…`); resolves with the VTT's path. Calls are
 * queued: one runs at a time in this process.
 */
export function makeTrickplay(input: MediaInput, probe: ProbedMedia, outDir: string, signal?: AbortSignal): Promise<{ vttFile: string }> {
	const run = async () => {
		const { ffmpeg } = ffmpegPaths()
		if (!ffmpeg) throw new FfmpegUnavailableError()
		if (!probe.videoCodec) throw new Error('no video to make thumbnails from')
		signal?.throwIfAborted()
		await fs.promises.mkdir(outDir, { recursive: true })
		const frames = await grabFrames(ffmpeg, input, probe.durationSeconds, signal)
		if (frames.length === 0) throw new Error('ffmpeg made no thumbnails')
		await writeSprites(frames, outDir)
		const vttFile = path.join(outDir, TRICKPLAY_VTT_NAME)
		const temporary = `${vttFile}.${crypto.randomBytes(4).toString('hex')}.tmp`
		await fs.promises.writeFile(temporary, trickplayVtt(probe.durationSeconds, frames.length))
		await fs.promises.rename(temporary, vttFile)
		logger.debug({ outDir, thumbnails: frames.length }, 'trickplay made')
		return { vttFile }
	}
	const result = queue.then(run, run)
	queue = result.catch(() => undefined)
	return result
}
