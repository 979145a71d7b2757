// Makes the built-in sample clips (server/sources/sample/clips/): a generated
// test pattern with a 440 Hz tone, 30 s, labelled "Sample clip (test
// pattern)", with an "Intro" card over the first 5 s; MP4 in 1080p, 720p and
// 480p, the 720p and 480p pictures again as multivariant HLS with English and
// Spanish audio renditions (6 s MPEG-TS segments; see SAMPLE_HLS), English
// subtitles as SRT and Spanish as WebVTT. The output is committed (small, low
// bitrate) so a fresh install plays offline without running ffmpeg at start.
// The file names must match SAMPLE_FILES in server/sources/sample/clips.ts.
// Usage: npm run sample:make   (ffmpeg: FFMPEG_PATH, a system ffmpeg, else the bundled one)
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { SAMPLE_CLIP_SECONDS, SAMPLE_FILES, SAMPLE_HLS, SAMPLE_INTRO, SAMPLE_SUBTITLES } from '../server/sources/sample/clips.ts'

const outDir = path.resolve(process.cwd(), 'server/sources/sample/clips')

function findFfmpeg(): string {
	const fromEnv = process.env.FFMPEG_PATH
	if (fromEnv) return fromEnv
	if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0) return 'ffmpeg'
	const require = createRequire(import.meta.url)
	return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path
}

// drawtext needs a font file; DejaVu ships with most Linux systems, fontconfig finds others.
const FONT_CANDIDATES = [
	'/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
	'/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
	'/System/Library/Fonts/Supplemental/Arial Bold.ttf',
]
const fontFile = FONT_CANDIDATES.find((file) => fs.existsSync(file))
const font = fontFile ? `fontfile='${fontFile}'` : "font='Sans'"

const ffmpeg = findFfmpeg()
fs.mkdirSync(outDir, { recursive: true })
for (const name of fs.readdirSync(outDir)) fs.rmSync(path.join(outDir, name))

function videoFilter(height: number) {
	const size = (fraction: number) => Math.round(height * fraction)
	return [
		`drawtext=${font}:text='Sample clip (test pattern)':fontsize=${size(0.06)}:fontcolor=white:box=1:boxcolor=black@0.7:boxborderw=${size(0.015)}:x=(w-text_w)/2:y=${size(0.05)}`,
		`drawtext=${font}:text='Willow - not the film':fontsize=${size(0.035)}:fontcolor=white:box=1:boxcolor=black@0.7:boxborderw=${size(0.01)}:x=(w-text_w)/2:y=h-text_h-${size(0.05)}`,
		`drawtext=${font}:text='%{pts\\:hms}':fontsize=${size(0.05)}:fontcolor=yellow:box=1:boxcolor=black@0.7:boxborderw=${size(0.01)}:x=${size(0.04)}:y=h-text_h-${size(0.15)}`,
		`drawtext=${font}:text='Intro':fontsize=${size(0.2)}:fontcolor=white:box=1:boxcolor=0x1f6feb@0.9:boxborderw=${size(0.04)}:x=(w-text_w)/2:y=(h-text_h)/2:enable='lt(t,${SAMPLE_INTRO.end})'`,
	].join(',')
}

function encodeMp4(height: number, bitrateK: number, file: string) {
	const width = Math.round((height * 16) / 9 / 2) * 2
	execFileSync(
		ffmpeg,
		[
			'-hide_banner',
			'-loglevel',
			'error',
			'-y',
			'-f',
			'lavfi',
			'-i',
			`smptehdbars=size=${width}x${height}:rate=24`,
			'-f',
			'lavfi',
			'-i',
			`sine=frequency=440:sample_rate=48000`,
			'-t',
			String(SAMPLE_CLIP_SECONDS),
			'-vf',
			videoFilter(height),
			'-c:v',
			'libx264',
			'-preset',
			'slow',
			'-profile:v',
			'high',
			'-pix_fmt',
			'yuv420p',
			'-b:v',
			`${bitrateK}k`,
			'-maxrate',
			`${bitrateK * 2}k`,
			'-bufsize',
			`${bitrateK * 4}k`,
			// A key frame every 2 s, so HLS segments can cut anywhere on a 6 s boundary.
			'-g',
			'48',
			'-keyint_min',
			'48',
			'-sc_threshold',
			'0',
			'-c:a',
			'aac',
			'-b:a',
			'48k',
			'-ac',
			'1',
			'-movflags',
			'+faststart',
			path.join(outDir, file),
		],
		{ stdio: 'inherit' },
	)
}

encodeMp4(1080, 300, SAMPLE_FILES.mp4['1080'])
encodeMp4(720, 200, SAMPLE_FILES.mp4['720'])
encodeMp4(480, 120, SAMPLE_FILES.mp4['480'])

// HLS: a multivariant playlist with two video-only levels (the 720p and 480p
// pictures cut without re-encoding) and two audio renditions (English: the
// clips' 440 Hz tone; Spanish: a 660 Hz tone), each cut into 6 s segments.
function hlsMedia(inputArgs: string[], codecArgs: string[], playlist: string, segmentPrefix: string) {
	execFileSync(
		ffmpeg,
		[
			'-hide_banner',
			'-loglevel',
			'error',
			'-y',
			...inputArgs,
			...codecArgs,
			'-f',
			'hls',
			'-hls_time',
			'6',
			'-hls_playlist_type',
			'vod',
			'-hls_segment_filename',
			path.join(outDir, `${segmentPrefix}-%03d.mpegts`),
			path.join(outDir, playlist),
		],
		{ stdio: 'inherit' },
	)
	const made = fs
		.readdirSync(outDir)
		.filter((name) => name.startsWith(`${segmentPrefix}-`))
		.sort()
	const listed = fs
		.readFileSync(path.join(outDir, playlist), 'utf8')
		.split('\n')
		.filter((line) => line && !line.startsWith('#'))
	if (made.join() !== listed.join()) throw new Error(`${playlist} lists ${listed.join()} but ${made.join()} were made`)
	return made
}

const levelSegments = {
	'720': hlsMedia(
		['-i', path.join(outDir, SAMPLE_FILES.mp4['720'])],
		['-an', '-c:v', 'copy'],
		SAMPLE_HLS.levels['720'].playlist,
		'hls-720',
	),
	'480': hlsMedia(
		['-i', path.join(outDir, SAMPLE_FILES.mp4['480'])],
		['-an', '-c:v', 'copy'],
		SAMPLE_HLS.levels['480'].playlist,
		'hls-480',
	),
}
for (const [language, rendition] of Object.entries(SAMPLE_HLS.audio)) {
	hlsMedia(
		// Just under the clip's length: AAC frames (21.3 ms) would otherwise spill a sixth, 21 ms segment.
		['-f', 'lavfi', '-i', `sine=frequency=${rendition.toneHz}:sample_rate=48000`, '-t', String(SAMPLE_CLIP_SECONDS - 0.01)],
		['-vn', '-c:a', 'aac', '-b:a', '48k', '-ac', '1'],
		rendition.playlist,
		`hls-audio-${language}`,
	)
}

// Bandwidth from the real segment sizes (the peak of a level's segments), plus the audio's 48 kb/s.
function peakBandwidth(segments: string[]) {
	return Math.max(...segments.map((name) => Math.ceil((fs.statSync(path.join(outDir, name)).size * 8) / 6))) + 48_000
}
const audioLines = Object.entries(SAMPLE_HLS.audio).map(
	([language, rendition], index) =>
		`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="${language}",NAME="${rendition.name}",DEFAULT=${index === 0 ? 'YES' : 'NO'},AUTOSELECT=YES,CHANNELS="1",URI="${rendition.playlist}"`,
)
const levelLines = (['720', '480'] as const).flatMap((height) => [
	`#EXT-X-STREAM-INF:BANDWIDTH=${peakBandwidth(levelSegments[height])},RESOLUTION=${Math.round((Number(height) * 16) / 9 / 2) * 2}x${height},CODECS="${SAMPLE_HLS.levels[height].codec},mp4a.40.2",AUDIO="audio"`,
	SAMPLE_HLS.levels[height].playlist,
])
fs.writeFileSync(
	path.join(outDir, SAMPLE_FILES.playlist),
	['#EXTM3U', '#EXT-X-VERSION:4', '#EXT-X-INDEPENDENT-SEGMENTS', ...audioLines, ...levelLines, ''].join('\n'),
)

const segments = fs
	.readdirSync(outDir)
	.filter((name) => name.endsWith('.mpegts'))
	.sort()
const expected = [...SAMPLE_FILES.segments].sort()
if (segments.join() !== expected.join())
	throw new Error(`HLS segments ${segments.join()} differ from SAMPLE_FILES.segments ${expected.join()}`)

for (const subtitle of SAMPLE_SUBTITLES) fs.writeFileSync(path.join(outDir, subtitle.file), subtitle.text())

let total = 0
for (const name of fs.readdirSync(outDir).sort()) {
	const size = fs.statSync(path.join(outDir, name)).size
	total += size
	console.log(`${name.padEnd(24)} ${(size / 1024).toFixed(0).padStart(6)} KiB`)
}
console.log(`total ${(total / 1024 / 1024).toFixed(2)} MiB in ${path.relative(process.cwd(), outDir)}`)
