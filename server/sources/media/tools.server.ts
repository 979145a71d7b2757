// Which ffmpeg and ffprobe to run (FFMPEG_PATH/FFPROBE_PATH, else the system's,
// else the bundled ones), and the arguments that open an input. Its own module so
// the probe (ffmpeg.server.ts) and the keyframe reader (keyframes.server.ts) both
// use it without importing each other.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { getEnv } from '../../env.server.ts'
import { logger } from '../../logger.server.ts'

export type MediaInput =
	{ kind: 'file'; path: string; cacheKey: string } | { kind: 'url'; url: string; headers: Record<string, string>; cacheKey: string }

/** The reason callers give when a file needs ffmpeg and there is none. */
export const FFMPEG_UNAVAILABLE_REASON = 'ffmpeg is not available'

type Tool = 'ffmpeg' | 'ffprobe'
const resolved = new Map<Tool, string | null>()

function runs(binary: string): boolean {
	const result = spawnSync(binary, ['-version'], { timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] })
	return result.status === 0 && /version/i.test(result.stdout?.toString() ?? '')
}

function onPath(name: string): string | null {
	for (const dir of getEnv().PATH.split(path.delimiter)) {
		if (!dir) continue
		const candidate = path.join(dir, name)
		try {
			fs.accessSync(candidate, fs.constants.X_OK)
			if (fs.statSync(candidate).isFile()) return candidate
		} catch {
			// not here
		}
	}
	return null
}

function bundled(tool: Tool): string | null {
	const require = createRequire(import.meta.url)
	let binary: string
	try {
		binary = (require(tool === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe') as { path: string }).path
	} catch {
		return null
	}
	try {
		fs.accessSync(binary, fs.constants.X_OK)
	} catch {
		// The package's postinstall `chmod u+x` does not run with --ignore-scripts, and
		// only sets the owner's bit; try once, then give up with a clear log line.
		try {
			fs.chmodSync(binary, 0o755)
			logger.warn({ binary }, `bundled ${tool} was not executable; made it executable`)
		} catch {
			logger.warn(
				{ binary },
				`bundled ${tool} is not executable (chmod +x it, or set ${tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'})`,
			)
			return null
		}
	}
	return binary
}

function resolveTool(tool: Tool): string | null {
	if (resolved.has(tool)) return resolved.get(tool) ?? null
	const env = getEnv()
	const configured = tool === 'ffmpeg' ? env.FFMPEG_PATH : env.FFPROBE_PATH
	const candidates = configured ? [configured] : [onPath(tool), bundled(tool)]
	let found: string | null = null
	for (const candidate of candidates) {
		if (candidate && runs(candidate)) {
			found = candidate
			break
		}
		if (candidate) logger.warn({ binary: candidate }, `${tool} does not run`)
	}
	if (!found) logger.warn(`${tool} is not available: files that need it are listed with "${FFMPEG_UNAVAILABLE_REASON}"`)
	resolved.set(tool, found)
	return found
}

/** The ffmpeg and ffprobe binaries to use (checked once per process); null when none works. */
export function ffmpegPaths(): { ffmpeg: string | null; ffprobe: string | null } {
	return { ffmpeg: resolveTool('ffmpeg'), ffprobe: resolveTool('ffprobe') }
}

/** Forgets which tools were found (resetFfmpegPathsForTests: tests change FFMPEG_PATH between cases). */
export function forgetResolvedTools() {
	resolved.clear()
}

/** ffmpeg/ffprobe arguments that open `input` (everything up to and including `-i`). */
export function inputArgs(input: MediaInput, beforeInput: string[] = []): string[] {
	if (input.kind === 'file') return [...beforeInput, '-i', input.path]
	let url: URL
	try {
		url = new URL(input.url)
	} catch {
		throw new Error('not a URL')
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('only http(s) URLs can be opened')
	const headerText = Object.entries(input.headers)
		// A CR/LF inside a header would let a source inject more headers.
		.filter(([name, value]) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) && !/[\r\n]/.test(value))
		.map(([name, value]) => `${name}: ${value}\r\n`)
		.join('')
	return [
		// Only network protocols: a playlist or redirect must not make ffmpeg read local files.
		'-protocol_whitelist',
		'http,https,tcp,tls',
		'-rw_timeout',
		'20000000',
		...(headerText ? ['-headers', headerText] : []),
		...beforeInput,
		'-i',
		url.href,
	]
}
