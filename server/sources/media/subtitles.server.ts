// Embedded text subtitles (SubRip, ASS/SSA, mov_text, WebVTT) converted to
// WebVTT by ffmpeg, because browsers' <track> and hls.js take WebVTT only.
// Extraction reads the whole file, so the answer is cached under
// DATA_DIR/subtitle-cache and written by atomic rename (any worker can serve
// it, and a reader never sees a half-written file); concurrent requests in
// one process share one ffmpeg.
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { getEnv } from '../../env.server.ts'
import { ffmpegPaths, FfmpegUnavailableError, inputArgs, type MediaInput } from './ffmpeg.server.ts'

const EXTRACT_TIMEOUT_MS = 120_000
const inFlight = new Map<string, Promise<string>>()

function cacheFile(input: MediaInput, streamIndex: number) {
	const key = crypto.createHash('sha256').update(input.cacheKey).digest('hex').slice(0, 32)
	return path.join(path.resolve(getEnv().DATA_DIR, 'subtitle-cache'), key, `${streamIndex}.vtt`)
}

function extract(ffmpeg: string, input: MediaInput, streamIndex: number, file: string): Promise<string> {
	fs.mkdirSync(path.dirname(file), { recursive: true })
	const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.vtt`
	const args = [
		'-hide_banner',
		'-loglevel',
		'error',
		'-nostdin',
		...inputArgs(input),
		'-map',
		`0:${streamIndex}`,
		'-c:s',
		'webvtt',
		'-f',
		'webvtt',
		'-y',
		temporary,
	]
	return new Promise((resolve, reject) => {
		execFile(ffmpeg, args, { timeout: EXTRACT_TIMEOUT_MS, encoding: 'utf8' }, (error, _stdout, stderr) => {
			if (error) {
				fs.rmSync(temporary, { force: true })
				reject(new Error(`subtitle extraction failed: ${stderr.trim().split('\n').pop() ?? error.message}`))
				return
			}
			const text = fs.readFileSync(temporary, 'utf8')
			fs.renameSync(temporary, file)
			resolve(text)
		})
	})
}

/** The embedded text track at ffprobe stream index `streamIndex`, as WebVTT. */
export async function extractSubtitleVtt(input: MediaInput, streamIndex: number): Promise<string> {
	if (!Number.isInteger(streamIndex) || streamIndex < 0) throw new Error('bad stream index')
	const file = cacheFile(input, streamIndex)
	try {
		return await fs.promises.readFile(file, 'utf8')
	} catch {
		// not cached yet
	}
	const { ffmpeg } = ffmpegPaths()
	if (!ffmpeg) throw new FfmpegUnavailableError()
	let pending = inFlight.get(file)
	if (!pending) {
		pending = extract(ffmpeg, input, streamIndex, file).finally(() => inFlight.delete(file))
		inFlight.set(file, pending)
	}
	return pending
}
