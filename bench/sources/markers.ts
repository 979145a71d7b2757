// npm run bench:sources (this file: npx tsx bench/sources/markers.ts [-- --variants=1,2,3])
//
// Intro and credits markers found by listening (server/sources/markers/), on
// corpora made by tests/support/intro-corpus.ts with tunes, cold opens and theme
// lengths the search's constants were NOT set on (variant 0 is the tests'
// corpus). Prints, per variant: intros right within ±1 s (start and end),
// credits starts within ±1 s, markers reported where there is no theme, and the
// time per episode (fingerprinting both ends and comparing). Goals: ≥ 90 %
// right, no marker where there is none. Needs ffmpeg with Chromaprint or fpcalc.
import { performance } from 'node:perf_hooks'
import { detectSeasonMarkers } from '#server/sources/markers/detect.server.ts'
import { fingerprintMethod } from '#server/sources/markers/fingerprint.server.ts'
import { makeIntroCorpus } from '#tests/support/intro-corpus.ts'

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]))
const variants = (args.get('variants') ?? '1,2,3').split(',').map(Number)

const method = await fingerprintMethod()
if (!method) {
	console.log('markers: not available (install ffmpeg with Chromaprint, or fpcalc from libchromaprint-tools)')
	process.exit(0)
}
console.log(`markers: fingerprints by ${method.kind === 'muxer' ? "ffmpeg's chromaprint muxer" : 'fpcalc'}`)
console.log('variant | intros right | credits right | false markers | ms per episode')
const totals = { intros: 0, introsRight: 0, credits: 0, creditsRight: 0, falseMarkers: 0 }
for (const variant of variants) {
	const { episodes } = makeIntroCorpus(variant)
	const key = (episode: (typeof episodes)[number]) => `${episode.season}:${episode.episode}`
	const started = performance.now()
	const found = new Map<string, Awaited<ReturnType<typeof detectSeasonMarkers>> extends Map<string, infer V> ? V : never>()
	for (const season of new Set(episodes.map((episode) => episode.season))) {
		const files = episodes
			.filter((episode) => episode.season === season)
			.map((episode) => ({ id: key(episode), file: episode.file, duration: episode.duration }))
		for (const [id, markers] of await detectSeasonMarkers(files)) found.set(id, markers)
	}
	const perEpisode = (performance.now() - started) / episodes.length
	const close = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) <= 1
	const withIntro = episodes.filter((episode) => episode.intro)
	const introsRight = withIntro.filter(
		(episode) =>
			close(found.get(key(episode))?.intro?.start, episode.intro!.start) && close(found.get(key(episode))?.intro?.end, episode.intro!.end),
	).length
	const withCredits = episodes.filter((episode) => episode.credits)
	const creditsRight = withCredits.filter((episode) => close(found.get(key(episode))?.credits?.start, episode.credits!.start)).length
	const falseMarkers = episodes.filter(
		(episode) => (!episode.intro && found.get(key(episode))?.intro) || (!episode.credits && found.get(key(episode))?.credits),
	).length
	const share = (right: number, all: number) => `${right}/${all} (${Math.round((right / all) * 100)} %)`
	console.log(
		`${variant} | ${share(introsRight, withIntro.length)} | ${share(creditsRight, withCredits.length)} | ${falseMarkers} | ${Math.round(perEpisode)}`,
	)
	totals.intros += withIntro.length
	totals.introsRight += introsRight
	totals.credits += withCredits.length
	totals.creditsRight += creditsRight
	totals.falseMarkers += falseMarkers
}
const rate = (right: number, all: number) => Math.round((right / all) * 1000) / 10
console.log(
	`all | ${rate(totals.introsRight, totals.intros)} % | ${rate(totals.creditsRight, totals.credits)} % | ${totals.falseMarkers} |`,
)
const met = totals.introsRight / totals.intros >= 0.9 && totals.creditsRight / totals.credits >= 0.9 && totals.falseMarkers === 0
console.log(met ? 'markers: goals met (≥ 90 % right, no false markers)' : 'markers: below the goals')
