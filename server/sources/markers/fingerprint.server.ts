import { execFile, spawn } from 'node:child_process'
import { logger } from '../../logger.server.ts'
import { ffmpegPaths } from '../media/ffmpeg.server.ts'

// Chromaprint fingerprints of a stretch of a file's audio, for the intro and
// credits search (intro-search.ts). ffmpeg's `chromaprint` muxer does it in one
// step (Debian's ffmpeg has it; the bundled static 4.1 does not); else ffmpeg
// decodes the stretch to WAV and `fpcalc` (libchromaprint-tools) reads it. With
// neither, markers are "not available" and the player keeps its 3 % rule.

export const CHROMAPRINT_UNAVAILABLE = 'not available: ffmpeg with Chromaprint or fpcalc is needed'
const TIMEOUT_MS = 120_000

type Method = { kind: 'muxer'; ffmpeg: string } | { kind: 'fpcalc'; ffmpeg: string; fpcalc: string } | null
let method: Promise<Method> | undefined

function runs(binary: string, args: string[]): Promise<string | null> {
	return new Promise((resolve) => {
		execFile(binary, args, { timeout: 10_000, encoding: 'utf8' }, (error, stdout) => resolve(error ? null : stdout))
	})
}

/** How fingerprints are taken on this machine (checked once per process). */
export function fingerprintMethod(): Promise<Method> {
	method ??= (async (): Promise<Method> => {
		const { ffmpeg } = ffmpegPaths()
		if (!ffmpeg) return null
		const muxers = await runs(ffmpeg, ['-hide_banner', '-muxers'])
		if (muxers && /\bchromaprint\b/.test(muxers)) return { kind: 'muxer', ffmpeg }
		for (const fpcalc of ['/usr/bin/fpcalc', 'fpcalc']) {
			if ((await runs(fpcalc, ['-version'])) !== null) return { kind: 'fpcalc', ffmpeg, fpcalc }
		}
		logger.info(`intro and credits markers: ${CHROMAPRINT_UNAVAILABLE}`)
		return null
	})()
	return method
}

/** Tests switch tools between cases. */
export function resetFingerprintMethodForTests() {
	method = undefined
}

function collect(child: ReturnType<typeof spawn>, what: string): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = []
		let stderr = ''
		child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk))
		child.stderr?.on('data', (chunk: Buffer) => {
			if (stderr.length < 4000) stderr += chunk.toString()
		})
		const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS)
		child.on('error', reject)
		child.on('close', (code) => {
			clearTimeout(timer)
			if (code === 0) resolve(Buffer.concat(chunks))
			else reject(new Error(`${what} failed: ${stderr.trim().split('\n').pop() ?? `exit ${code}`}`))
		})
	})
}

/**
 * The fingerprint of `length` seconds of `file`'s first audio track from
 * `start`: one 32-bit item per FINGERPRINT_ITEM_SECONDS. Throws when the tools
 * are missing (CHROMAPRINT_UNAVAILABLE) or the file cannot be read.
 */
export async function audioFingerprint(file: string, start: number, length: number): Promise<Uint32Array> {
	const tools = await fingerprintMethod()
	if (!tools) throw new Error(CHROMAPRINT_UNAVAILABLE)
	const input = [
		'-nostdin',
		'-v',
		'error',
		'-ss',
		start.toFixed(3),
		'-t',
		length.toFixed(3),
		'-i',
		file,
		'-map',
		'0:a:0',
		'-vn',
		'-ac',
		'1',
	]
	if (tools.kind === 'muxer') {
		const raw = await collect(
			spawn(tools.ffmpeg, [...input, '-f', 'chromaprint', '-fp_format', 'raw', 'pipe:1'], { stdio: ['ignore', 'pipe', 'pipe'] }),
			'ffmpeg chromaprint',
		)
		const items = new Uint32Array(Math.floor(raw.length / 4))
		for (let i = 0; i < items.length; i++) items[i] = raw.readUInt32LE(i * 4)
		return items
	}
	const decoder = spawn(tools.ffmpeg, [...input, '-f', 'wav', 'pipe:1'], { stdio: ['ignore', 'pipe', 'ignore'] })
	const fpcalc = spawn(tools.fpcalc, ['-raw', '-length', String(Math.ceil(length)), '-'], { stdio: ['pipe', 'pipe', 'pipe'] })
	decoder.stdout.pipe(fpcalc.stdin)
	// fpcalc stops reading after `length` seconds: the decoder's broken pipe is expected.
	fpcalc.stdin.on('error', () => {})
	const text = (await collect(fpcalc, 'fpcalc')).toString('utf8')
	decoder.kill()
	const line = /^FINGERPRINT=(.*)$/m.exec(text)?.[1] ?? ''
	return Uint32Array.from(line ? line.split(',').map(Number) : [])
}
