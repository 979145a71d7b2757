import fs from 'node:fs'
import path from 'node:path'
import { movieHref } from '#app/lib/catalog/slug.ts'
import { sampleCoverageReason, sampleShowCoverage } from '#app/lib/sources/reasons.ts'
import { catalogGet, catalogMode } from '../../catalog/catalog.server.ts'
import { demoCataloguePath } from '../../catalog/demo.server.ts'
import { getEnv } from '../../env.server.ts'
import { captionLabel } from '../captions.ts'
import { signPath } from '../signing.server.ts'
import type { Caption, PlaybackSource, ScrapeRequest, SourceResult, Stream } from '../types.ts'
import { SAMPLE_FILES, SAMPLE_INTRO, SAMPLE_LABEL, SAMPLE_MOVIES, SAMPLE_SHOW, SAMPLE_SUBTITLES, hasSampleClip } from './clips.ts'

// "Sample clips": Willow's own generated test-pattern clips, answering for the
// demo catalogue's open films and the first episodes of one demo series, so a
// fresh install can play something with no configuration. Active while the
// catalogue is the embedded demo and SAMPLE_MEDIA is on.

export const SAMPLE_SOURCE_ID = 'sample'
export const SAMPLE_STREAM_BASE = '/api/stream/sample'

/** The committed clips folder (beside this module in the source tree; the cwd-relative path first, as the demo catalogue does). */
let clipsDir: string | undefined

export function sampleClipsDir(): string | undefined {
	if (clipsDir) return clipsDir
	const candidates = [
		path.resolve(process.cwd(), 'server/sources/sample/clips'),
		(() => {
			try {
				return new URL('./clips', import.meta.url).pathname
			} catch {
				return undefined
			}
		})(),
	]
	clipsDir = candidates.find((dir): dir is string => !!dir && fs.existsSync(path.join(dir, SAMPLE_FILES.playlist)))
	return clipsDir
}

export function sampleSourceActive(): boolean {
	const env = getEnv()
	return env.SAMPLE_MEDIA && env.CATALOG_DEMO && catalogMode() === 'local' && !!demoCataloguePath() && !!sampleClipsDir()
}

const signed = (file: string) => signPath(`${SAMPLE_STREAM_BASE}/${file}`)

async function sampleStreams(request: ScrapeRequest): Promise<Stream[]> {
	const captions: Caption[] = await Promise.all(
		SAMPLE_SUBTITLES.map(async (subtitle) => ({
			id: `sample-${subtitle.language}`,
			language: subtitle.language,
			label: captionLabel(subtitle.language),
			url: await signed(subtitle.file),
			type: subtitle.type,
		})),
	)
	const key = request.type === 'movie' ? `${request.tmdbId}` : `${request.tmdbId}:${request.season?.number}:${request.episode?.number}`
	const [q1080, q720, q480, playlist] = await Promise.all([
		signed(SAMPLE_FILES.mp4['1080']),
		signed(SAMPLE_FILES.mp4['720']),
		signed(SAMPLE_FILES.mp4['480']),
		signed(SAMPLE_FILES.playlist),
	])
	const shared = {
		sourceId: SAMPLE_SOURCE_ID,
		label: SAMPLE_LABEL,
		captions,
		intro: { ...SAMPLE_INTRO },
		...(request.type === 'show' ? { bingeGroup: 'willow-sample' } : {}),
	}
	return [
		{
			...shared,
			id: `sample:${key}:file`,
			type: 'file',
			qualities: { '1080': { type: 'mp4', url: q1080 }, '720': { type: 'mp4', url: q720 }, '480': { type: 'mp4', url: q480 } },
		},
		{ ...shared, id: `sample:${key}:hls`, type: 'hls', playlist },
	]
}

type NoneResult = Extract<SourceResult, { kind: 'none' }>
let coverage: Promise<NoneResult> | undefined

/**
 * What the clips answer for a title they lack (issue 25 item 4): the titles
 * they cover, named by the catalogue from the clips' own list (clips.ts), and
 * a link to the first film, so a visitor on a fresh install finds something
 * that plays. Built once; a title the catalogue lacks is left out.
 */
export function sampleCoverage(): Promise<NoneResult> {
	coverage ??= (async () => {
		const movies = await Promise.all(
			[...SAMPLE_MOVIES].map(async (id) => {
				const movie = await catalogGet<{ title?: string | null }>(`/movie/${id}`).catch(() => null)
				return movie?.title ? { id, title: movie.title } : null
			}),
		)
		const named = movies.filter((movie) => movie !== null).sort((a, b) => a.title.localeCompare(b.title))
		const show = await catalogGet<{ name?: string | null }>(`/tv/${SAMPLE_SHOW.tmdbId}`).catch(() => null)
		const covered = [...named.map((movie) => movie.title)]
		if (show?.name) covered.push(sampleShowCoverage(show.name, SAMPLE_SHOW.season, SAMPLE_SHOW.episodes))
		const first = named[0]
		return {
			kind: 'none',
			reason: sampleCoverageReason(covered),
			...(first ? { next: { href: movieHref(first.id, first.title), label: `Watch ${first.title}` } } : {}),
		} satisfies NoneResult
	})()
	return coverage
}

export function sampleSource(): PlaybackSource | null {
	if (!sampleSourceActive()) return null
	return {
		id: SAMPLE_SOURCE_ID,
		name: 'Sample clips',
		kind: 'sample',
		async lookup(request: ScrapeRequest): Promise<SourceResult> {
			if (!hasSampleClip(request)) return sampleCoverage()
			return { kind: 'found', streams: await sampleStreams(request) }
		},
	}
}
