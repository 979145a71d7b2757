// The ffmpeg layer the media folder and the stream proxy share: where the
// binaries are, probing, and how an input (a file, or an http(s) URL with the
// headers its source requires) is handed to ffmpeg. ffmpeg must work on a
// fresh install, so the @ffmpeg-installer / @ffprobe-installer binaries from
// the registry are the fallback; an owner's FFMPEG_PATH/FFPROBE_PATH or a
// system ffmpeg (usually newer, with hardware and distro fixes) comes first.
// Each binary is checked once by running `-version`, so a broken or
// non-executable one makes callers list files as "ffmpeg is not available"
// instead of failing every request.
import { execFile } from 'node:child_process'
import { LRUCache } from 'lru-cache'
import { logger } from '../../logger.server.ts'
import { readKeyframes } from './keyframes.server.ts'
import { ffmpegPaths, FFMPEG_UNAVAILABLE_REASON, inputArgs, forgetResolvedTools, type MediaInput } from './tools.server.ts'
import {
	needsKeyframes,
	parseFfmpegInputReport,
	parseFfprobeJson,
	playabilityOf as playabilityRules,
	type Playability,
	type ProbedMedia,
} from './media-rules.ts'

export type { Playability, ProbedMedia, SubtitleTrack } from './media-rules.ts'
export { needsKeyframes } from './media-rules.ts'

export { FFMPEG_UNAVAILABLE_REASON, ffmpegPaths, inputArgs, type MediaInput } from './tools.server.ts'

/** Tests change FFMPEG_PATH between cases. */
export function resetFfmpegPathsForTests() {
	forgetResolvedTools()
	probeCache.clear()
}

export class FfmpegUnavailableError extends Error {
	constructor() {
		super(FFMPEG_UNAVAILABLE_REASON)
		this.name = 'FfmpegUnavailableError'
	}
}

const PROBE_TIMEOUT_MS = 20_000
const probeCache = new LRUCache<string, ProbedMedia>({ max: 2000 })
const probesInFlight = new Map<string, Promise<ProbedMedia>>()

function runProbe(
	binary: string,
	args: string[],
	signal: AbortSignal,
	parse: (stdout: string, stderr: string) => ProbedMedia,
	name: string,
): Promise<ProbedMedia> {
	return new Promise((resolve, reject) => {
		execFile(binary, args, { signal, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
			// `ffmpeg -i` without an output always exits 1; only its report matters.
			if (error && name === 'ffprobe') {
				reject(
					new Error(`ffprobe failed: ${stderr.trim().split('\n').pop() || (error.signal ? `killed by ${error.signal}` : error.message)}`),
				)
				return
			}
			if (signal.aborted) {
				reject(new Error('probe aborted or timed out'))
				return
			}
			try {
				resolve(parse(stdout, stderr))
			} catch (parseError) {
				reject(parseError instanceof Error ? parseError : new Error(String(parseError)))
			}
		})
	})
}

async function probeWithTools(input: MediaInput, signal?: AbortSignal): Promise<ProbedMedia> {
	const { ffprobe, ffmpeg } = ffmpegPaths()
	if (!ffprobe && !ffmpeg) throw new FfmpegUnavailableError()
	const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS)
	const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
	let ffprobeError: Error | null = null
	if (ffprobe) {
		try {
			return await runProbe(
				ffprobe,
				['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs(input)],
				combined,
				(stdout) => parseFfprobeJson(stdout),
				'ffprobe',
			)
		} catch (error) {
			ffprobeError = error instanceof Error ? error : new Error(String(error))
			if (combined.aborted) throw new Error(timeout.aborted ? 'ffprobe timed out' : 'probe aborted')
		}
	}
	// The bundled ffprobe crashes on MPEG-TS: ffmpeg's own report of the input is enough to decide.
	if (!ffmpeg) throw ffprobeError ?? new FfmpegUnavailableError()
	try {
		return await runProbe(
			ffmpeg,
			['-hide_banner', '-nostdin', ...inputArgs(input)],
			combined,
			(_stdout, stderr) => parseFfmpegInputReport(stderr),
			'ffmpeg',
		)
	} catch (error) {
		throw ffprobeError ?? error
	}
}

/**
 * Adds the keyframe times to a probe of a file that will be remuxed (they
 * decide its segments); null when they cannot be read, which makes the file
 * a transcode. Other probes are returned as they are.
 */
export async function withKeyframes(input: MediaInput, probe: ProbedMedia, signal?: AbortSignal): Promise<ProbedMedia> {
	if (probe.keyframes !== undefined || !needsKeyframes(probe)) return probe
	try {
		return { ...probe, keyframes: await readKeyframes(input, probe.container, probe.startSeconds ?? 0, signal) }
	} catch (error) {
		if (signal?.aborted) throw error
		logger.warn(
			{ err: (error as Error).message, input: input.kind === 'file' ? input.path : 'url' },
			'keyframes unreadable: the video will be re-encoded',
		)
		return { ...probe, keyframes: null }
	}
}

/**
 * ffprobe of `input` (JSON), with a timeout (falling back to ffmpeg's report of
 * the input when ffprobe fails), with keyframe times for files that are
 * remuxed; answers are cached by `cacheKey` in this process.
 */
export async function probeMedia(input: MediaInput, signal?: AbortSignal): Promise<ProbedMedia> {
	const cached = probeCache.get(input.cacheKey)
	if (cached) return cached
	let pending = probesInFlight.get(input.cacheKey)
	if (!pending) {
		pending = probeWithTools(input, signal)
			.then((probe) => withKeyframes(input, probe, signal))
			.finally(() => probesInFlight.delete(input.cacheKey))
		probesInFlight.set(input.cacheKey, pending)
	}
	const probe = await pending
	probeCache.set(input.cacheKey, probe)
	return probe
}

export function playabilityOf(probe: ProbedMedia): Playability {
	return playabilityRules(probe)
}
