// The built-in sample clips: which titles they answer for and the fixed list
// of files (made by scripts/make-sample-clips.ts, committed under ./clips).
// Pure: no I/O. The stream router serves only names from this list.

export const SAMPLE_CLIP_SECONDS = 30
/** The "Intro" card the clips show, as the stream's intro marker. */
export const SAMPLE_INTRO = { start: 0, end: 5 } as const
export const SAMPLE_LABEL = 'Sample clip (test pattern)'

/** Open films the demo catalogue carries (TMDB ids), and the demo series whose first episodes get a clip. */
export const SAMPLE_MOVIES: ReadonlySet<number> = new Set([10378, 45745, 133701])
export const SAMPLE_SHOW = { tmdbId: 66732, season: 1, episodes: [1, 2, 3] } as const

export function hasSampleClip(request: {
	type: 'movie' | 'show'
	tmdbId: number
	season?: { number: number }
	episode?: { number: number }
}): boolean {
	if (request.type === 'movie') return SAMPLE_MOVIES.has(request.tmdbId)
	return (
		request.tmdbId === SAMPLE_SHOW.tmdbId &&
		request.season?.number === SAMPLE_SHOW.season &&
		(SAMPLE_SHOW.episodes as readonly number[]).includes(request.episode?.number ?? -1)
	)
}

const segmentNames = (prefix: string) => [0, 1, 2, 3, 4].map((index) => `${prefix}-${String(index).padStart(3, '0')}.mpegts`)

/**
 * The HLS sample is a multivariant playlist, so quality and audio menus have
 * something real to switch: two video-only levels (720p, 480p, the MP4s'
 * pictures) and two audio renditions (English: the 440 Hz tone; Spanish: a
 * 660 Hz tone), each a 6 s MPEG-TS media playlist of five segments.
 */
export const SAMPLE_HLS = {
	levels: {
		// H.264 High at level 3.1 and 3.0, as x264 picks for these sizes (clips.test.ts checks).
		'720': { playlist: 'sample-720.m3u8', segments: segmentNames('hls-720'), codec: 'avc1.64001f' },
		'480': { playlist: 'sample-480.m3u8', segments: segmentNames('hls-480'), codec: 'avc1.64001e' },
	},
	audio: {
		en: { name: 'English', playlist: 'sample-audio-en.m3u8', segments: segmentNames('hls-audio-en'), toneHz: 440 },
		es: { name: 'Spanish', playlist: 'sample-audio-es.m3u8', segments: segmentNames('hls-audio-es'), toneHz: 660 },
	},
} as const

export const SAMPLE_FILES = {
	mp4: { '1080': 'sample-1080.mp4', '720': 'sample-720.mp4', '480': 'sample-480.mp4' },
	/** The multivariant playlist handed to players. */
	playlist: 'sample.m3u8',
	mediaPlaylists: [...Object.values(SAMPLE_HLS.levels), ...Object.values(SAMPLE_HLS.audio)].map((media) => media.playlist),
	// MPEG-TS segments, not named *.ts: TypeScript and ESLint would take them for source files.
	segments: [...Object.values(SAMPLE_HLS.levels), ...Object.values(SAMPLE_HLS.audio)].flatMap((media) => media.segments),
	subtitles: { en: 'sample.en.srt', es: 'sample.es.vtt' },
} as const

export const SAMPLE_MIME: Record<string, string> = {
	'.mp4': 'video/mp4',
	'.m3u8': 'application/vnd.apple.mpegurl',
	'.mpegts': 'video/mp2t',
	'.vtt': 'text/vtt; charset=utf-8',
	'.srt': 'application/x-subrip; charset=utf-8',
}

/** Playlists are rewritten per request so every URI in them carries its own signature. */
export function isSamplePlaylist(name: string): boolean {
	return name === SAMPLE_FILES.playlist || (SAMPLE_FILES.mediaPlaylists as readonly string[]).includes(name)
}

/** Every name the stream router may serve (nothing else in the folder, nothing from the client). */
export const SAMPLE_FILE_NAMES: ReadonlySet<string> = new Set([
	...Object.values(SAMPLE_FILES.mp4),
	SAMPLE_FILES.playlist,
	...SAMPLE_FILES.mediaPlaylists,
	...SAMPLE_FILES.segments,
	...Object.values(SAMPLE_FILES.subtitles),
])

// Subtitle cues: [start s, end s, English, Spanish].
const CUES: Array<[number, number, string, string]> = [
	[0.5, 4.5, 'Intro: this is Willow’s sample clip.', 'Intro: este es el clip de muestra de Willow.'],
	[6, 11, 'A test pattern and a 440 Hz tone, not the film.', 'Una carta de ajuste y un tono de 440 Hz, no la película.'],
	[12, 17, 'It plays when no other source is set up.', 'Se reproduce cuando no hay otra fuente configurada.'],
	[18, 23, 'Add a media folder or an add-on to watch films.', 'Añade una carpeta de medios o un complemento para ver películas.'],
	[24, 29, 'End of the sample clip.', 'Fin del clip de muestra.'],
]

function timestamp(seconds: number, separator: ',' | '.') {
	const ms = Math.round(seconds * 1000)
	const pad = (n: number, width = 2) => String(n).padStart(width, '0')
	return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`
}

export const SAMPLE_SUBTITLES = [
	{
		language: 'en',
		type: 'srt' as const,
		file: SAMPLE_FILES.subtitles.en,
		text: () =>
			CUES.map(([start, end, english], i) => `${i + 1}\n${timestamp(start, ',')} --> ${timestamp(end, ',')}\n${english}\n`).join('\n'),
	},
	{
		language: 'es',
		type: 'vtt' as const,
		file: SAMPLE_FILES.subtitles.es,
		text: () =>
			`WEBVTT\n\n${CUES.map(([start, end, , spanish]) => `${timestamp(start, '.')} --> ${timestamp(end, '.')}\n${spanish}\n`).join('\n')}`,
	},
]
