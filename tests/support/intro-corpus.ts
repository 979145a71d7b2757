import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// A season corpus for the intro and credits search, made here: episodes whose
// audio is music (melodies with harmonics, bass and chords, each episode with its
// own; plain tones and noise fingerprint poorly), sharing a theme song of 20–60 s
// that starts after cold opens of different lengths, and an end-credits theme.
// One season has no intro at all. Files are small MKVs (a still grey picture and
// the audio) cached under the system's temp folder by this file's hash.

export interface CorpusEpisode {
	series: string
	season: number
	episode: number
	file: string
	duration: number
	/** Where the shared theme is (seconds), or null for the season without one. */
	intro: { start: number; end: number } | null
	credits: { start: number; end: number } | null
}

const RATE = 11_025
const SCALE = [0, 2, 3, 5, 7, 8, 10] // natural minor: tunes that sound like tunes

function prng(seed: number) {
	let state = seed >>> 0
	return () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12)

/** `seconds` of music from `seed`: a melody over a bass line and chords, its own tempo and key. */
function music(seed: number, seconds: number): Float32Array {
	const random = prng(seed)
	const out = new Float32Array(Math.round(seconds * RATE))
	const root = 45 + Math.floor(random() * 12)
	const beat = 0.18 + random() * 0.22
	const addNote = (start: number, length: number, hz: number, gain: number, harmonics: number) => {
		const from = Math.round(start * RATE)
		const to = Math.min(out.length, Math.round((start + length) * RATE))
		for (let i = from; i < to; i++) {
			const t = (i - from) / RATE
			const envelope = Math.min(1, t / 0.01) * Math.exp(-3 * t)
			let sample = 0
			for (let h = 1; h <= harmonics; h++) sample += Math.sin(2 * Math.PI * hz * h * t) / h
			out[i]! += gain * envelope * sample
		}
	}
	const degree = (d: number) => root + 12 * Math.floor(d / 7) + SCALE[((d % 7) + 7) % 7]!
	let time = 0
	let step = 0
	let melody = 7 + Math.floor(random() * 7)
	while (time < seconds) {
		const length = beat * (1 + Math.floor(random() * 2))
		melody = Math.max(3, Math.min(16, melody + Math.floor(random() * 5) - 2))
		addNote(time, length * 1.2, midiToHz(degree(melody) + 12), 0.28, 4)
		if (step % 4 === 0) {
			const chord = Math.floor(random() * 7)
			for (const d of [chord, chord + 2, chord + 4]) addNote(time, beat * 4, midiToHz(degree(d)), 0.12, 3)
			addNote(time, beat * 4, midiToHz(degree(chord) - 12), 0.2, 2)
		}
		time += length
		step++
	}
	return out
}

function wav(samples: Float32Array): Buffer {
	const data = Buffer.alloc(samples.length * 2)
	for (let i = 0; i < samples.length; i++) data.writeInt16LE(Math.max(-1, Math.min(1, samples[i]! * 0.6)) * 32767, i * 2)
	const header = Buffer.alloc(44)
	header.write('RIFF', 0)
	header.writeUInt32LE(36 + data.length, 4)
	header.write('WAVEfmt ', 8)
	header.writeUInt32LE(16, 16)
	header.writeUInt16LE(1, 20)
	header.writeUInt16LE(1, 22)
	header.writeUInt32LE(RATE, 24)
	header.writeUInt32LE(RATE * 2, 28)
	header.writeUInt16LE(2, 32)
	header.writeUInt16LE(16, 34)
	header.write('data', 36)
	header.writeUInt32LE(data.length, 40)
	return Buffer.concat([header, data])
}

interface SeasonPlan {
	season: number
	/** Theme song seed and length, or null for no intro. */
	intro: { seed: number; seconds: number } | null
	credits: { seed: number; seconds: number } | null
	/** Cold open length of each episode, in order. */
	coldOpens: number[]
	/** Episode length in seconds. */
	duration: number
}

export const INTRO_CORPUS_SERIES = 'The Listening Hour'
const PLAN: SeasonPlan[] = [
	{ season: 1, intro: { seed: 101, seconds: 45 }, credits: { seed: 151, seconds: 40 }, coldOpens: [0, 20, 34, 58, 12], duration: 420 },
	{ season: 2, intro: { seed: 202, seconds: 24 }, credits: { seed: 252, seconds: 30 }, coldOpens: [9, 47, 0, 28], duration: 400 },
	{ season: 3, intro: null, credits: null, coldOpens: [0, 0, 0], duration: 300 },
]

function ffmpegBinary(): string {
	for (const candidate of ['/usr/bin/ffmpeg', 'ffmpeg']) {
		try {
			execFileSync(candidate, ['-version'], { stdio: 'ignore' })
			return candidate
		} catch {
			// try the next
		}
	}
	throw new Error('ffmpeg is needed to make the intro corpus')
}

/**
 * Makes (or reuses) the corpus; returns its episodes in season and episode order.
 * `variant` 0 is the tests' corpus; the bench draws others (other tunes, other
 * cold opens and theme lengths), so its figures are not measured on the corpus
 * the search's constants were set on.
 */
export function makeIntroCorpus(variant = 0): { folder: string; episodes: CorpusEpisode[] } {
	const hash = crypto
		.createHash('sha256')
		.update(fs.readFileSync(new URL(import.meta.url)))
		.digest('hex')
		.slice(0, 12)
	const folder = path.join(os.tmpdir(), `willow-intro-corpus-${hash}-${variant}`)
	const vary = prng(variant * 7919 + 1)
	const plans: SeasonPlan[] =
		variant === 0
			? PLAN
			: PLAN.map((plan) => {
					const intro = plan.intro && { seed: plan.intro.seed + variant * 10_000, seconds: 20 + Math.floor(vary() * 41) }
					// The theme ends inside the searched first quarter, with room to spare (as in a 20-60 minute episode).
					const longestOpen = Math.min(60, plan.duration / 4 - (intro?.seconds ?? 0) - 8)
					return {
						...plan,
						intro,
						credits: plan.credits && { seed: plan.credits.seed + variant * 10_000, seconds: 20 + Math.floor(vary() * 31) },
						coldOpens: plan.coldOpens.map((open) => (open === 0 && vary() < 0.5 ? 0 : Math.floor(vary() * longestOpen))),
					}
				})
	const episodes: CorpusEpisode[] = []
	const ffmpeg = fs.existsSync(path.join(folder, 'done')) ? null : ffmpegBinary()
	for (const plan of plans) {
		plan.coldOpens.forEach((coldOpen, index) => {
			const episode = index + 1
			const name = `${INTRO_CORPUS_SERIES} - S${String(plan.season).padStart(2, '0')}E${String(episode).padStart(2, '0')}.mkv`
			const file = path.join(folder, INTRO_CORPUS_SERIES, `Season ${plan.season}`, name)
			const unique = (seed: number, seconds: number) => music(variant * 100_000 + plan.season * 1000 + episode * 10 + seed, seconds)
			const introEnd = plan.intro ? coldOpen + plan.intro.seconds : coldOpen
			const creditsStart = plan.credits ? plan.duration - plan.credits.seconds : plan.duration
			episodes.push({
				series: INTRO_CORPUS_SERIES,
				season: plan.season,
				episode,
				file,
				duration: plan.duration,
				intro: plan.intro ? { start: coldOpen, end: introEnd } : null,
				credits: plan.credits ? { start: creditsStart, end: plan.duration } : null,
			})
			if (!ffmpeg) return
			const audio = new Float32Array(plan.duration * RATE)
			if (coldOpen > 0) audio.set(unique(1, coldOpen), 0)
			if (plan.intro) audio.set(music(plan.intro.seed, plan.intro.seconds), coldOpen * RATE)
			audio.set(unique(2, creditsStart - introEnd), introEnd * RATE)
			if (plan.credits) audio.set(music(plan.credits.seed, plan.credits.seconds), creditsStart * RATE)
			fs.mkdirSync(path.dirname(file), { recursive: true })
			const wavFile = `${file}.wav`
			fs.writeFileSync(wavFile, wav(audio))
			execFileSync(ffmpeg, [
				'-v',
				'error',
				'-y',
				'-f',
				'lavfi',
				'-i',
				'color=c=gray:s=96x54:r=5',
				'-i',
				wavFile,
				'-shortest',
				'-c:v',
				'libx264',
				'-preset',
				'ultrafast',
				'-tune',
				'stillimage',
				'-c:a',
				'aac',
				'-b:a',
				'64k',
				file,
			])
			fs.rmSync(wavFile)
		})
	}
	if (ffmpeg) fs.writeFileSync(path.join(folder, 'done'), '')
	return { folder, episodes }
}
