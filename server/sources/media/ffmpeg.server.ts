// Placeholder for the ffmpeg layer (probe, HLS remux/transcode, subtitle
// extraction, trickplay). The signatures below are the contract the media
// folder and the stream proxy code against.

export type MediaInput =
	| { kind: 'file'; path: string; cacheKey: string }
	| { kind: 'url'; url: string; headers: Record<string, string>; cacheKey: string }

export interface ProbedMedia {
	durationSeconds: number
	container: string
	videoCodec: string | null
	width: number | null
	height: number | null
	audioCodecs: string[]
	subtitleTracks: Array<{ streamIndex: number; codec: string; language: string | null; title: string | null; forced: boolean; text: boolean }>
}

/** How a browser can play a file: as it is, or through HLS (copy video + AAC audio, or full transcode). */
export type Playability = { mode: 'direct' } | { mode: 'remux' } | { mode: 'transcode' }

export function ffmpegPaths(): { ffmpeg: string | null; ffprobe: string | null } {
	return { ffmpeg: null, ffprobe: null }
}

export async function probeMedia(_input: MediaInput, _signal?: AbortSignal): Promise<ProbedMedia> {
	throw new Error('ffmpeg layer not available yet')
}

export function playabilityOf(_probe: ProbedMedia): Playability {
	return { mode: 'direct' }
}
