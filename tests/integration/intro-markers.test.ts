import { beforeAll, describe, expect, it } from 'vitest'
import { detectSeasonMarkers, type EpisodeMarkers } from '#server/sources/markers/detect.server.ts'
import { fingerprintMethod } from '#server/sources/markers/fingerprint.server.ts'
import { makeIntroCorpus, type CorpusEpisode } from '#tests/support/intro-corpus.ts'

// Intros and credits found by listening, on a corpus made by tests/support/intro-corpus.ts:
// two seasons sharing a theme song after cold opens of different lengths, and a
// season with no theme. Goals: start and end within ±1 s for at least 90 % of
// episodes, nothing found where there is nothing. Needs ffmpeg with Chromaprint or
// fpcalc (scripts/ensure-test-services.sh installs Debian's).

let episodes: CorpusEpisode[]
const found = new Map<string, EpisodeMarkers>()
const key = (episode: CorpusEpisode) => `${episode.season}:${episode.episode}`

beforeAll(async () => {
	expect(await fingerprintMethod(), 'ffmpeg with Chromaprint or fpcalc').not.toBeNull()
	episodes = makeIntroCorpus().episodes
	for (const season of new Set(episodes.map((episode) => episode.season))) {
		const files = episodes
			.filter((episode) => episode.season === season)
			.map((episode) => ({ id: key(episode), file: episode.file, duration: episode.duration }))
		for (const [id, markers] of await detectSeasonMarkers(files)) found.set(id, markers)
	}
}, 600_000)

const within = (got: { start: number; end: number } | null | undefined, want: { start: number; end: number }, field: 'start' | 'end') =>
	got != null && Math.abs(got[field] - want[field]) <= 1

describe('intro and credits markers', () => {
	it('finds each intro within ±1 s (start and end) for at least 90 % of the episodes that have one', () => {
		const withIntro = episodes.filter((episode) => episode.intro)
		expect(withIntro.length).toBeGreaterThanOrEqual(8)
		const right = withIntro.filter(
			(episode) =>
				within(found.get(key(episode))?.intro, episode.intro!, 'start') && within(found.get(key(episode))?.intro, episode.intro!, 'end'),
		)
		expect(
			right.length / withIntro.length,
			JSON.stringify(withIntro.map((episode) => [key(episode), episode.intro, found.get(key(episode))?.intro])),
		).toBeGreaterThanOrEqual(0.9)
	})

	it('finds where the credits start within ±1 s for at least 90 % of the episodes that have them', () => {
		const withCredits = episodes.filter((episode) => episode.credits)
		const right = withCredits.filter((episode) => within(found.get(key(episode))?.credits, episode.credits!, 'start'))
		expect(right.length / withCredits.length).toBeGreaterThanOrEqual(0.9)
	})

	it('reports no intro and no credits for the season that has none', () => {
		const bare = episodes.filter((episode) => !episode.intro)
		expect(bare.length).toBeGreaterThanOrEqual(3)
		for (const episode of bare) expect(found.get(key(episode))).toEqual({ intro: null, credits: null })
	})
})
