// A small media corpus that looks like an owner's real files, for the tests
// of remux, transcode and keyframe reading: x264 and x265 at their own
// presets' defaults (keyint 250, scene-cut keyframes on: a keyframe every
// ~10 s at 25 fps, with extra ones at scene changes), variable frame rate,
// 10-bit HEVC, AC3/EAC3/DTS audio, two audio tracks, ASS and SRT subtitles,
// and an empty file. 426x240 and 30 s or less, so it is made in seconds.
//
// Made once per version of this script and ffmpeg (the folder is named by
// their hash) under node_modules/.cache/willow-media-corpus/, with FFMPEG_PATH, a
// system ffmpeg, else the bundled one (both are supported: the bundled build
// is older, so only options both know are used).
// Usage: npm run media:corpus   (prints the folder)
import { execFileSync, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface CorpusFile {
	/** File name inside the corpus folder. */
	name: string
	videoCodec: 'h264' | 'hevc' | null
	/** Length asked of the encoder (the file's own may differ by a frame or an audio packet). */
	seconds: number
	description: string
}

const SIZE = '426x240'

/** Encoder settings as people use them: a preset, nothing that changes keyframe placement. */
const X264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p']
const X265 = ['-c:v', 'libx265', '-preset', 'veryfast', '-crf', '32', '-x265-params', 'log-level=error']

// A moving picture with two scene changes (a different picture from 12.4 s to 16.8 s): x264's
// scene-cut detection puts keyframes there, off any fixed grid, the way real films have them.
function picture(seconds: number, rate: string) {
	return [
		'-f',
		'lavfi',
		'-i',
		`testsrc2=s=${SIZE}:r=${rate}:d=${seconds}`,
		'-f',
		'lavfi',
		'-i',
		`smptehdbars=s=${SIZE}:r=${rate}:d=${seconds}`,
	]
}
const SCENES = "[0:v][1:v]overlay=enable='between(t,12.4,16.8)'"

function tone(seconds: number, frequency: number) {
	return ['-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`]
}

const ASS = `[Script Info]
ScriptType: v4.00+
PlayResX: 426
PlayResY: 240

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:01.00,0:00:04.00,Default,,0,0,0,,{\\i1}Where is everyone?{\\i0}
Dialogue: 0,0:00:12.50,0:00:15.00,Default,,0,0,0,,The bars are back.
`

const SRT = `1
00:00:01,000 --> 00:00:04,000
¿Dónde están todos?

2
00:00:12,500 --> 00:00:15,000
Vuelven las barras.
`

interface Recipe extends CorpusFile {
	args: (dir: string) => string[]
}

const RECIPES: Recipe[] = [
	{
		name: 'Long GOP (2021).mkv',
		videoCodec: 'h264',
		seconds: 30,
		description: 'x264 veryfast defaults at 25 fps (keyframes ~10 s apart plus scene cuts), AC3 + AAC, ASS + SRT',
		args: (dir) => [
			...picture(30, '25'),
			...tone(30, 440),
			...tone(30, 660),
			'-i',
			path.join(dir, 'subs.ass'),
			'-i',
			path.join(dir, 'subs.srt'),
			'-filter_complex',
			`${SCENES}[v]`,
			'-map',
			'[v]',
			'-map',
			'2:a',
			'-map',
			'3:a',
			'-map',
			'4:s',
			'-map',
			'5:s',
			...X264,
			'-c:a:0',
			'ac3',
			'-b:a:0',
			'96k',
			'-c:a:1',
			'aac',
			'-b:a:1',
			'64k',
			'-c:s:0',
			'ass',
			'-c:s:1',
			'srt',
			'-metadata:s:a:0',
			'language=eng',
			'-metadata:s:a:1',
			'language=spa',
			'-metadata:s:s:0',
			'language=eng',
			'-metadata:s:s:1',
			'language=spa',
		],
	},
	{
		name: 'Variable Frame Rate (2019).mkv',
		videoCodec: 'h264',
		seconds: 24,
		description: 'x264 default preset, variable frame rate (every other frame dropped from 6 s to 14 s), EAC3',
		args: () => [
			...picture(24, '30000/1001'),
			...tone(24, 523),
			'-filter_complex',
			`${SCENES},select='not(between(t,6,14)*mod(n,2))'[v]`,
			'-map',
			'[v]',
			'-map',
			'2:a',
			'-vsync',
			'vfr',
			'-c:v',
			'libx264',
			'-crf',
			'30',
			'-pix_fmt',
			'yuv420p',
			'-c:a',
			'eac3',
			'-b:a',
			'96k',
		],
	},
	{
		name: 'DTS Audio (2018).mkv',
		videoCodec: 'h264',
		seconds: 20,
		description: 'x264 veryfast at 24 fps, DTS audio',
		args: () => [
			...picture(20, '24'),
			...tone(20, 330),
			'-filter_complex',
			`${SCENES}[v]`,
			'-map',
			'[v]',
			'-map',
			'2:a',
			...X264,
			'-c:a',
			'dca',
			'-strict',
			'-2',
			'-b:a',
			'768k',
		],
	},
	{
		name: 'Long GOP MP4 (2020).mp4',
		videoCodec: 'h264',
		seconds: 24,
		description: 'x264 veryfast at 25 fps in MP4 with AC3 audio (not playable as it is: remuxed)',
		args: () => [
			...picture(24, '25'),
			...tone(24, 440),
			'-filter_complex',
			`${SCENES}[v]`,
			'-map',
			'[v]',
			'-map',
			'2:a',
			...X264,
			'-c:a',
			'ac3',
			'-b:a',
			'96k',
		],
	},
	{
		name: 'HEVC 10-bit (2022).mkv',
		videoCodec: 'hevc',
		seconds: 20,
		description: 'x265 veryfast 10-bit at 24 fps, EAC3 (transcoded)',
		args: () => [
			...picture(20, '24'),
			...tone(20, 440),
			'-filter_complex',
			`${SCENES}[v]`,
			'-map',
			'[v]',
			'-map',
			'2:a',
			...X265,
			'-pix_fmt',
			'yuv420p10le',
			'-c:a',
			'eac3',
			'-b:a',
			'96k',
		],
	},
]

export const CORPUS_EMPTY_FILE = 'Empty (2017).mkv'

export const CORPUS: CorpusFile[] = [
	...RECIPES.map(({ name, videoCodec, seconds, description }) => ({ name, videoCodec, seconds, description })),
	{ name: CORPUS_EMPTY_FILE, videoCodec: null, seconds: 0, description: 'zero bytes' },
]

function findFfmpeg(): string {
	if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH
	if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0) return 'ffmpeg'
	const require = createRequire(import.meta.url)
	return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path
}

const thisFile = fileURLToPath(import.meta.url)
const repoRoot = path.resolve(path.dirname(thisFile), '..')

/** The corpus folder, made first when this version of the script has not made it yet. */
export function mediaCorpus(ffmpeg = findFfmpeg()): string {
	// Another ffmpeg makes other bytes: it gets its own folder.
	const hash = crypto.createHash('sha256').update(fs.readFileSync(thisFile)).update(ffmpeg).digest('hex').slice(0, 16)
	const base = path.join(repoRoot, 'node_modules', '.cache', 'willow-media-corpus')
	const dir = path.join(base, hash)
	if (fs.existsSync(path.join(dir, 'done'))) return dir
	// Made aside and renamed into place, so parallel test files never see half a corpus.
	fs.mkdirSync(base, { recursive: true })
	const work = fs.mkdtempSync(path.join(base, '.work-'))
	fs.writeFileSync(path.join(work, 'subs.ass'), ASS)
	fs.writeFileSync(path.join(work, 'subs.srt'), SRT)
	for (const recipe of RECIPES) {
		execFileSync(
			ffmpeg,
			['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...recipe.args(work), '-threads', '2', path.join(work, recipe.name)],
			{ stdio: ['ignore', 'ignore', 'inherit'] },
		)
	}
	fs.rmSync(path.join(work, 'subs.ass'))
	fs.rmSync(path.join(work, 'subs.srt'))
	fs.writeFileSync(path.join(work, CORPUS_EMPTY_FILE), '')
	fs.writeFileSync(path.join(work, 'done'), new Date().toISOString())
	try {
		fs.renameSync(work, dir)
	} catch {
		// Another process finished first; its corpus is the same.
		fs.rmSync(work, { recursive: true, force: true })
	}
	return dir
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
	const started = Date.now()
	const dir = mediaCorpus()
	console.log(dir)
	console.error(`media corpus ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
