// Where a file's video keyframes are, so remuxed HLS segments can start on
// them (decision 0035). Read once per file, decoding nothing:
// - Matroska/WebM: the Cues element, which muxers (ffmpeg, mkvmerge) write
//   with one entry per video keyframe; found through the SeekHead, so only a
//   few small reads at the head and wherever the cues are.
//   A proxied stream's cues are read the same way, by byte ranges through the
//   loopback relay.
// - Anything else, or a Matroska file without usable cues: ffprobe's packet
//   list of the first video stream with its keyframe flags (a demux of the
//   whole file, no decoding; fast on a local disk).
// The same order as Jellyfin's extractors (cues first, ffprobe after).
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import { logger } from '../../logger.server.ts'
import { ffmpegPaths, inputArgs, type MediaInput } from './tools.server.ts'

const KEYFRAME_TIMEOUT_MS = 120_000

type ReadAt = (offset: number, length: number) => Promise<Buffer>

const ID = {
	EBML: 0x1a45dfa3,
	Segment: 0x18538067,
	SeekHead: 0x114d9b74,
	Seek: 0x4dbb,
	SeekID: 0x53ab,
	SeekPosition: 0x53ac,
	Info: 0x1549a966,
	TimestampScale: 0x2ad7b1,
	Tracks: 0x1654ae6b,
	TrackEntry: 0xae,
	TrackNumber: 0xd7,
	TrackType: 0x83,
	Cues: 0x1c53bb6b,
	CuePoint: 0xbb,
	CueTime: 0xb3,
	CueTrackPositions: 0xb7,
	CueTrack: 0xf7,
	Cluster: 0x1f43b675,
} as const

interface Element {
	id: number
	/** Offset of the element's data and its size (null: unknown size, runs to the end of its parent). */
	dataOffset: number
	size: number | null
}

/** An EBML variable-length integer at `at`: its length in bytes and value (marker bit kept for ids). */
function readVint(buffer: Buffer, at: number, keepMarker: boolean): { length: number; value: number; allOnes: boolean } | null {
	const first = buffer[at]
	if (first === undefined || first === 0) return null
	const length = Math.clz32(first) - 23
	if (length < 1 || length > 8 || at + length > buffer.length) return null
	let value = keepMarker ? first : first & (0xff >> length)
	let allOnes = (first & (0xff >> length)) === 0xff >> length
	for (let n = 1; n < length; n++) {
		const byte = buffer[at + n]!
		value = value * 256 + byte
		if (byte !== 0xff) allOnes = false
	}
	return { length, value, allOnes }
}

function readHeader(buffer: Buffer, at: number, base: number): Element | null {
	const id = readVint(buffer, at, true)
	if (!id) return null
	const size = readVint(buffer, at + id.length, false)
	if (!size) return null
	return { id: id.value, dataOffset: base + at + id.length + size.length, size: size.allOnes ? null : size.value }
}

/** The children of a master element held whole in `buffer` (whose first byte is at file offset `base`). */
function children(buffer: Buffer, base: number): Array<Element & { data: Buffer }> {
	const list: Array<Element & { data: Buffer }> = []
	let at = 0
	while (at < buffer.length) {
		const header = readHeader(buffer, at, base)
		if (!header || header.size === null) break
		const start = header.dataOffset - base
		const end = start + header.size
		if (end > buffer.length) break
		list.push({ ...header, data: buffer.subarray(start, end) })
		at = end
	}
	return list
}

function unsigned(data: Buffer): number {
	let value = 0
	for (const byte of data) value = value * 256 + byte
	return value
}

async function readElement(readAt: ReadAt, offset: number, maxBytes: number): Promise<{ header: Element; data: Buffer } | null> {
	const head = await readAt(offset, 16)
	const header = readHeader(head, 0, offset)
	if (!header || header.size === null || header.size > maxBytes) return null
	return { header, data: await readAt(header.dataOffset, header.size) }
}

/**
 * Keyframe times (seconds, as the file stores them) of the first video track
 * from a Matroska file's cues; null when the file has none or they cannot be
 * read (the caller then asks ffprobe).
 */
export async function matroskaCueKeyframes(readAt: ReadAt): Promise<number[] | null> {
	const head = await readAt(0, 64 * 1024)
	const ebml = readHeader(head, 0, 0)
	if (!ebml || ebml.id !== ID.EBML || ebml.size === null) return null
	const segment = readHeader(head, ebml.dataOffset + ebml.size, 0)
	if (!segment || segment.id !== ID.Segment) return null
	const segmentStart = segment.dataOffset
	// Top-level elements in order until the first cluster; the SeekHead says where the rest are.
	const positions = new Map<number, number>()
	let at = segmentStart
	for (let steps = 0; steps < 64; steps++) {
		const chunk = await readAt(at, 16)
		const header = readHeader(chunk, 0, at)
		if (!header || header.size === null || header.id === ID.Cluster) break
		if (!positions.has(header.id)) positions.set(header.id, at)
		if (header.id === ID.SeekHead && header.size < 1024 * 1024) {
			for (const seek of children(await readAt(header.dataOffset, header.size), header.dataOffset)) {
				if (seek.id !== ID.Seek) continue
				const fields = children(seek.data, seek.dataOffset)
				const seekId = fields.find((f) => f.id === ID.SeekID)
				const seekPosition = fields.find((f) => f.id === ID.SeekPosition)
				if (seekId && seekPosition && !positions.has(unsigned(seekId.data)))
					positions.set(unsigned(seekId.data), segmentStart + unsigned(seekPosition.data))
			}
		}
		at = header.dataOffset + header.size
	}
	const infoAt = positions.get(ID.Info)
	const tracksAt = positions.get(ID.Tracks)
	const cuesAt = positions.get(ID.Cues)
	if (infoAt === undefined || tracksAt === undefined || cuesAt === undefined) return null

	const info = await readElement(readAt, infoAt, 1024 * 1024)
	if (!info || info.header.id !== ID.Info) return null
	const scaleField = children(info.data, info.header.dataOffset).find((f) => f.id === ID.TimestampScale)
	const nanosecondsPerTick = scaleField ? unsigned(scaleField.data) : 1_000_000

	const tracks = await readElement(readAt, tracksAt, 16 * 1024 * 1024)
	if (!tracks || tracks.header.id !== ID.Tracks) return null
	let videoTrack: number | null = null
	for (const entry of children(tracks.data, tracks.header.dataOffset)) {
		if (entry.id !== ID.TrackEntry) continue
		const fields = children(entry.data, entry.dataOffset)
		const type = fields.find((f) => f.id === ID.TrackType)
		const number = fields.find((f) => f.id === ID.TrackNumber)
		if (type && number && unsigned(type.data) === 1) {
			videoTrack = unsigned(number.data)
			break
		}
	}
	if (videoTrack === null) return null

	// A film's cues are tens of kilobytes; a bound keeps a hostile file from asking for gigabytes.
	const cues = await readElement(readAt, cuesAt, 64 * 1024 * 1024)
	if (!cues || cues.header.id !== ID.Cues) return null
	const times: number[] = []
	for (const point of children(cues.data, cues.header.dataOffset)) {
		if (point.id !== ID.CuePoint) continue
		const fields = children(point.data, point.dataOffset)
		const time = fields.find((f) => f.id === ID.CueTime)
		const forVideo = fields.some(
			(f) =>
				f.id === ID.CueTrackPositions &&
				children(f.data, f.dataOffset).some((t) => t.id === ID.CueTrack && unsigned(t.data) === videoTrack),
		)
		if (time && forVideo) times.push((unsigned(time.data) * nanosecondsPerTick) / 1e9)
	}
	return times.length > 0 ? times : null
}

function fileReader(handle: fs.FileHandle): ReadAt {
	return async (offset, length) => {
		const buffer = Buffer.alloc(length)
		const { bytesRead } = await handle.read(buffer, 0, length, offset)
		return buffer.subarray(0, bytesRead)
	}
}

/**
 * Byte ranges of a stream through Willow's own loopback relay (a proxied
 * add-on stream: the relay applies the outbound rules and passes Range on),
 * so a remote MKV's cues are read without downloading it. Anything but a 206
 * (a server ignoring ranges) throws, and ffprobe is asked instead.
 */
function relayReader(url: URL, headers: Record<string, string>, signal?: AbortSignal): ReadAt {
	return async (offset, length) => {
		const response = await fetch(url, {
			headers: { ...headers, range: `bytes=${offset}-${offset + length - 1}` },
			signal: signal ?? AbortSignal.timeout(20_000),
		})
		if (response.status === 416) {
			await response.body?.cancel()
			return Buffer.alloc(0)
		}
		if (response.status !== 206) {
			await response.body?.cancel()
			throw new Error(`byte ranges not served (HTTP ${response.status})`)
		}
		return Buffer.from(await response.arrayBuffer()).subarray(0, length)
	}
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** ffprobe's packet list of the first video stream: pts of every packet flagged K (no decoding). */
function ffprobeKeyframes(input: MediaInput, signal: AbortSignal): Promise<number[]> {
	const { ffprobe } = ffmpegPaths()
	if (!ffprobe) return Promise.reject(new Error('ffprobe is not available'))
	const args = ['-v', 'error', '-select_streams', 'V:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', ...inputArgs(input)]
	return new Promise((resolve, reject) => {
		execFile(ffprobe, args, { signal, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
			if (error) {
				reject(new Error(`ffprobe could not list keyframes: ${stderr.trim().split('\n').pop() || error.message}`))
				return
			}
			const times: number[] = []
			for (const line of stdout.split('\n')) {
				const [time, flags] = line.split(',')
				if (flags?.includes('K') && time && time !== 'N/A') times.push(Number(time))
			}
			resolve(times.filter(Number.isFinite).sort((a, b) => a - b))
		})
	})
}

/**
 * The first video stream's keyframe times in seconds, relative to the start
 * of the file (`startSeconds`, which ffmpeg shifts to 0), sorted and
 * de-duplicated; throws when they cannot be read.
 */
export async function readKeyframes(input: MediaInput, container: string, startSeconds = 0, signal?: AbortSignal): Promise<number[]> {
	const started = Date.now()
	let times: number[] | null = null
	let how = 'ffprobe'
	const matroska = container === 'matroska' || container === 'webm'
	const url = input.kind === 'url' ? new URL(input.url) : null
	if (matroska && url && LOOPBACK.has(url.hostname)) {
		try {
			times = await matroskaCueKeyframes(relayReader(url, input.kind === 'url' ? input.headers : {}, signal))
			how = 'matroska cues (byte ranges)'
		} catch (error) {
			logger.debug({ err: (error as Error).message }, 'keyframes: remote matroska cues unreadable, asking ffprobe')
		}
	}
	if (input.kind === 'file' && matroska) {
		const handle = await fs.open(input.path, 'r')
		try {
			times = await matroskaCueKeyframes(fileReader(handle))
			how = 'matroska cues'
		} catch (error) {
			logger.debug({ err: error, file: input.path }, 'keyframes: matroska cues unreadable, asking ffprobe')
		} finally {
			await handle.close()
		}
	}
	if (!times) {
		const timeout = AbortSignal.timeout(KEYFRAME_TIMEOUT_MS)
		times = await ffprobeKeyframes(input, signal ? AbortSignal.any([signal, timeout]) : timeout)
		how = 'ffprobe'
	}
	const relative = [...new Set(times.map((t) => Math.round((t - startSeconds) * 1e6) / 1e6))].filter((t) => t >= -1).sort((a, b) => a - b)
	if (relative.length === 0) throw new Error('no keyframe found')
	logger.debug({ keyframes: relative.length, how, ms: Date.now() - started }, 'keyframes read')
	return relative
}
