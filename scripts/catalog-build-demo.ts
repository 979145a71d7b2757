// Builds server/catalog/demo/catalogue.jsonl.gz, the embedded demo catalogue,
// from the hand-written sources in server/catalog/demo/ and the movie facts in
// ../shared/data/tmdb-movies-3000.jsonl (ids, dates, genres, runtimes, ratings,
// companies; its overviews and taglines are NOT used).
// Usage: npx tsx scripts/catalog-build-demo.ts [path/to/tmdb-movies-3000.jsonl]
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { artPath } from '#app/lib/catalog/images.ts'
import {
	DEMO_MOVIES,
	EXTRA_MOVIE_FACTS,
	EXTRA_MOVIES,
	NEWER_TMDB_FACTS,
	type DemoMovieSource,
} from '../server/catalog/demo/source-movies.ts'
import { demoAlternativeTitles } from '../server/catalog/demo/source-alternative-titles.ts'
import { DEMO_SERIES, type DemoSeriesSource } from '../server/catalog/demo/source-series.ts'
import { demoWatchProviders } from '../server/catalog/demo/source-providers.ts'

const factsFile = path.resolve(process.argv[2] ?? path.resolve(process.cwd(), '../shared/data/tmdb-movies-3000.jsonl'))
const outFile = path.resolve(process.cwd(), 'server/catalog/demo/catalogue.jsonl.gz')

function fnv(text: string) {
	let hash = 0x811c9dc5
	for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0
	return hash
}

// Stable synthetic person ids (the demo has names, not TMDB person records).
const personIds = new Map<string, number>()
const usedIds = new Set<number>()
function personId(name: string) {
	let id = personIds.get(name)
	if (id) return id
	id = 90_000_000 + (fnv(name) % 9_000_000)
	while (usedIds.has(id)) id++
	usedIds.add(id)
	personIds.set(name, id)
	return id
}

const person = (name: string) => ({ id: personId(name), name, profile_path: artPath('profile', `person-${personId(name)}`) })

const providers = (kind: 'movie' | 'tv', id: number, codes: string, upcoming: boolean) =>
	demoWatchProviders({ kind, id, codes, upcoming, seed: fnv(`${kind}-${id}`) }, (providerId) => artPath('logo', `provider-${providerId}`))

interface FileMovie {
	id: number
	title: string
	original_title?: string
	original_language?: string
	genre_ids: number[]
	release_date: string
	runtime: number | null
	popularity: number
	vote_average: number
	vote_count: number
	status?: string
	budget?: number
	revenue?: number
	homepage?: string
	production_companies?: Array<{ id: number; name: string }>
	production_countries?: unknown[]
	spoken_languages?: unknown[]
}

function movieLine(source: DemoMovieSource, facts: FileMovie, upcoming: boolean) {
	const [id, imdb, codes, director, cast, overview, tagline] = source
	return {
		media_type: 'movie',
		id,
		title: facts.title,
		original_title: facts.original_title ?? facts.title,
		...demoAlternativeTitles('movie', id),
		original_language: facts.original_language ?? 'en',
		overview,
		tagline,
		genre_ids: facts.genre_ids,
		release_date: facts.release_date,
		runtime: facts.runtime,
		popularity: facts.popularity,
		vote_average: facts.vote_average,
		vote_count: facts.vote_count,
		status: upcoming ? 'Post Production' : (facts.status ?? 'Released'),
		budget: facts.budget ?? 0,
		revenue: facts.revenue ?? 0,
		homepage: facts.homepage ?? '',
		production_companies: (facts.production_companies ?? []).map((c) => ({ id: c.id, name: c.name, logo_path: null, origin_country: '' })),
		production_countries: facts.production_countries ?? [],
		spoken_languages: facts.spoken_languages ?? [],
		imdb_id: imdb || null,
		external_ids: { imdb_id: imdb || null },
		poster_path: artPath('poster', `movie-${id}`),
		backdrop_path: artPath('backdrop', `movie-${id}`),
		logo_path: artPath('logo', `movie-${id}`),
		credits: {
			cast: cast
				.split(', ')
				.filter(Boolean)
				.map((name, order) => ({ ...person(name), character: '', order, known_for_department: 'Acting' })),
			crew: director
				.split(', ')
				.map((name) => ({ ...person(name), job: 'Director', department: 'Directing', known_for_department: 'Directing' })),
		},
		'watch/providers': providers('movie', id, codes, upcoming),
		...(upcoming ? { _upcoming: true } : {}),
	}
}

const EPISODE_LINES = [
	(show: string) => `A turning point for everyone in ${show}, as old plans meet new trouble.`,
	(show: string) => `Loyalties are tested and one choice changes the course of ${show}.`,
	(show: string) => `A quieter chapter of ${show} that sets up what is coming.`,
	(show: string) => `Secrets surface, and the people of ${show} must decide whom to trust.`,
	(show: string) => `An unexpected visitor shakes up the world of ${show}.`,
	(show: string) => `The stakes rise in ${show} as a deadline draws near.`,
	(show: string) => `Old rivals cross paths again in a tense episode of ${show}.`,
	(show: string) => `Everything comes to a head in a chapter ${show} fans talk about for weeks.`,
]

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
// Seasons of shows that are on today are spread between their first air date
// and this day (the loader moves the latest season of airing shows to "now").
const SPREAD_UNTIL = Date.parse('2026-11-01')

/** Days from a season's start to each of its episodes: weekly when a season fits its slot, else spread evenly (daily shows). */
function episodeOffsets(count: number, slotDays: number): number[] {
	if ((count - 1) * 7 < slotDays) return Array.from({ length: count }, (_, e) => e * 7)
	const step = Math.max(1, slotDays - 7) / count
	return Array.from({ length: count }, (_, e) => Math.floor(e * step))
}

function seriesLine(show: DemoSeriesSource) {
	const first = Date.parse(show.first)
	const creator = person(show.creator)
	const castNames = show.cast.split(', ')
	const crew = [
		{ ...creator, job: 'Director', department: 'Directing' },
		{ ...creator, job: 'Writer', department: 'Writing' },
	]
	// One season a year, or closer together when a show has had more seasons
	// than years (Survivor, The Graham Norton Show), so no season is dated after
	// today (or after the last air date of an ended show that gives one).
	// Seasons with a known premiere (`premieres`) start on it; the rest follow
	// the last known one (or the first air date) at that pace.
	const until = show.last ? Date.parse(show.last) + DAY : SPREAD_UNTIL
	const known = (show.premieres ?? []).map((date) => Date.parse(date))
	const anchorIndex = Math.max(0, known.length - 1)
	const anchor = known.at(-1) ?? first
	const slotDays = show.upcoming
		? 365
		: Math.max(14, Math.min(365, Math.floor((until - anchor) / DAY / (show.seasons.length - anchorIndex))))
	const starts = show.seasons.map((_, index) => known[index] ?? anchor + (index - anchorIndex) * slotDays * DAY)
	const seasons = show.seasons.map((count, index) => {
		const seasonNumber = show.seasonNumbers?.[index] ?? index + 1
		const seasonStart = starts[index]!
		const next = starts[index + 1]
		const offsets = episodeOffsets(
			count,
			next === undefined || index >= known.length ? slotDays : Math.max(1, Math.round((next - seasonStart) / DAY)),
		)
		return {
			id: show.id * 100 + seasonNumber,
			season_number: seasonNumber,
			name: `Season ${seasonNumber}`,
			overview: '',
			poster_path: artPath('poster', `season-${show.id}-${seasonNumber}`),
			air_date: iso(seasonStart),
			episode_count: count,
			vote_average: Math.round(show.vote * 10) / 10,
			episodes: offsets.map((offset, e) => {
				const episodeNumber = e + 1
				const pick = fnv(`${show.id}-${seasonNumber}-${episodeNumber}`)
				return {
					id: (show.id * 100 + seasonNumber) * 1000 + episodeNumber,
					episode_number: episodeNumber,
					name: `Episode ${episodeNumber}`,
					overview: EPISODE_LINES[pick % EPISODE_LINES.length]!(show.name),
					air_date: iso(seasonStart + offset * DAY),
					runtime: show.runtime,
					still_path: artPath('still', `episode-${show.id}-${seasonNumber}-${episodeNumber}`),
					vote_average: show.upcoming ? 0 : Math.round((Math.max(5, Math.min(9.6, show.vote || 7)) - 0.6 + (pick % 13) / 10) * 10) / 10,
					vote_count: show.upcoming ? 0 : 5 + (pick % 200),
					crew,
					guest_stars: [],
				}
			}),
		}
	})
	const lastSeason = seasons.at(-1)
	const lastAir = show.upcoming ? null : (lastSeason?.episodes.at(-1)?.air_date ?? show.first)
	return {
		media_type: 'tv',
		id: show.id,
		name: show.name,
		original_name: show.original ?? show.name,
		...demoAlternativeTitles('tv', show.id),
		original_language: show.lang,
		origin_country: [show.country],
		overview: show.overview,
		tagline: show.tagline,
		genre_ids: show.genres,
		first_air_date: show.first,
		last_air_date: lastAir,
		episode_run_time: [show.runtime],
		number_of_seasons: seasons.length,
		number_of_episodes: show.seasons.reduce((a, b) => a + b, 0),
		popularity: show.pop,
		vote_average: show.vote,
		vote_count: show.votes,
		status: show.upcoming ? 'In Production' : show.ended ? 'Ended' : 'Returning Series',
		type: show.genres.includes(10767)
			? 'Talk Show'
			: show.genres.includes(10764)
				? 'Reality'
				: show.genres[0] === 99
					? 'Documentary'
					: 'Scripted',
		in_production: !show.ended,
		languages: [show.lang],
		networks: [{ id: 10_000 + (fnv(show.channel) % 90_000), name: show.channel, logo_path: null, origin_country: show.country }],
		created_by: [
			{
				id: creator.id,
				credit_id: `${creator.id}`,
				name: creator.name,
				original_name: creator.name,
				gender: 0,
				profile_path: creator.profile_path,
			},
		],
		imdb_id: show.imdb || null,
		external_ids: { imdb_id: show.imdb || null },
		poster_path: artPath('poster', `tv-${show.id}`),
		backdrop_path: artPath('backdrop', `tv-${show.id}`),
		logo_path: artPath('logo', `tv-${show.id}`),
		credits: {
			cast: castNames.map((name, order) => ({ ...person(name), character: '', order, known_for_department: 'Acting' })),
			crew: [{ ...creator, job: 'Creator', department: 'Writing', known_for_department: 'Writing' }],
		},
		'watch/providers': providers('tv', show.id, show.networks, show.upcoming === true),
		seasons,
		...(show.airing ? { _airing: true } : {}),
		...(show.upcoming ? { _upcoming: true } : {}),
	}
}

const facts = new Map<number, FileMovie>()
for (const line of fs.readFileSync(factsFile, 'utf8').split('\n')) {
	if (!line.trim()) continue
	const movie = JSON.parse(line) as FileMovie
	facts.set(movie.id, movie)
}
const extraFacts = new Map(EXTRA_MOVIE_FACTS.map((f) => [f.id, f]))

const lines: string[] = []
const seen = new Set<string>()
for (const source of DEMO_MOVIES) {
	const found = facts.get(source[0])
	if (!found) throw new Error(`movie ${source[0]} is not in ${factsFile}`)
	if (seen.has(`movie:${source[0]}`)) throw new Error(`duplicate movie ${source[0]}`)
	seen.add(`movie:${source[0]}`)
	lines.push(JSON.stringify(movieLine(source, { ...found, ...NEWER_TMDB_FACTS[source[0]] }, false)))
}
for (const source of EXTRA_MOVIES) {
	const found = extraFacts.get(source[0])
	if (!found) throw new Error(`movie ${source[0]} has no facts in EXTRA_MOVIE_FACTS`)
	if (seen.has(`movie:${source[0]}`)) throw new Error(`duplicate movie ${source[0]}`)
	seen.add(`movie:${source[0]}`)
	lines.push(JSON.stringify(movieLine(source, { ...found, original_language: found.original_language ?? 'en' }, found.upcoming === true)))
}
for (const show of DEMO_SERIES) {
	if (seen.has(`tv:${show.id}`)) throw new Error(`duplicate series ${show.id}`)
	seen.add(`tv:${show.id}`)
	lines.push(JSON.stringify(seriesLine(show)))
}

const body = zlib.gzipSync(`${lines.join('\n')}\n`, { level: 9 })
fs.writeFileSync(outFile, body)
const movies = DEMO_MOVIES.length + EXTRA_MOVIES.length
console.log(
	`wrote ${path.relative(process.cwd(), outFile)}: ${movies} movies, ${DEMO_SERIES.length} series, ${(body.length / 1024).toFixed(0)} KB`,
)
