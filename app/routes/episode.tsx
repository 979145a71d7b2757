import { ArrowLeft, CalendarDays, Clock, Star } from 'lucide-react'
import { data, Link, useSearchParams } from 'react-router'
import { detailOr404, optional, originOf } from '#server/catalog/page-data.server.ts'
import { MediaImage } from '#app/components/catalog/media-image.tsx'
import { episodeCards } from '#app/components/catalog/season-browser.tsx'
import { keepDataWhenOnlyPlayChanges, releaseYear } from '#app/lib/watch/route-rules.ts'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { crewNames, DIRECTOR_JOBS, WRITER_JOBS } from '#app/lib/browse/credits.ts'
import { formatCount, formatLongDate, formatRating, formatRuntime } from '#app/lib/browse/format.ts'
import { isSeasonPlayable } from '#app/lib/browse/release.ts'
import { parseEpisodeParams } from '#app/lib/browse/seasons.ts'
import { absoluteUrl, metaDescription, pageMeta } from '#app/lib/browse/seo.ts'
import { imageUrl } from '#app/lib/catalog/images.ts'
import { episodeHref, parseMediaId, seriesHref } from '#app/lib/catalog/slug.ts'
import type { TmdbEpisode, TmdbSeasonDetails, TmdbTvDetails } from '#app/lib/catalog/tmdb-types.ts'
import type { RouteHandle } from '#app/root.tsx'
import { lazyHydrated } from '#app/components/ui/lazy-hydrated.tsx'
import type { Route } from './+types/episode.ts'

// The episode picker and list: in the HTML, their code loads after the first load.
const SeriesEpisodes = lazyHydrated(() => import('#app/components/catalog/season-browser.tsx').then((m) => m.SeriesEpisodes))
// The watch flow (lookups, the download panel) is in the HTML but not in the first load.
const WatchActions = lazyHydrated(() => import('#app/components/watch/watch-actions.tsx').then((m) => m.WatchActions))
// Guest stars and stills are only HTML: their code waits until after the first load.
const EpisodeExtras = lazyHydrated(() => import('#app/components/catalog/episode-extras.tsx').then((m) => m.EpisodeExtras))

/** On the episode page the top bar is not sticky (product.md §2). */
export const handle: RouteHandle = { stickyHeader: false }

const MISSING_PARAMS_TEXT = 'Missing required parameters'
const EPISODE_NOT_FOUND_TEXT = 'Episode Not Found'

export async function loader({ params, request }: Route.LoaderArgs) {
	const origin = originOf(request)
	const id = parseMediaId(params.seriesId)
	const selection = parseEpisodeParams(params.season, params.episode)
	if (id === null || selection === null) {
		return data({ state: 'missing' as const, origin }, { status: 400 })
	}
	const show = await detailOr404<TmdbTvDetails>(`/tv/${id}`)
	const name = show.name || show.original_name || 'Untitled Series'
	const series = {
		id: show.id,
		name,
		seasons: show.seasons ?? [],
		poster_path: show.poster_path,
		backdrop_path: show.backdrop_path,
		first_air_date: show.first_air_date,
	}
	const [episode, season] = await Promise.all([
		optional<TmdbEpisode>(`/tv/${id}/season/${selection.season}/episode/${selection.episode}`, {
			append_to_response: 'external_ids,credits,images',
		}),
		optional<TmdbSeasonDetails>(`/tv/${id}/season/${selection.season}`).catch(() => null),
	])
	if (!episode) return data({ state: 'not-found' as const, origin, series, selection }, { status: 404 })
	const crew = episode.crew ?? episode.credits?.crew
	const summary = series.seasons.find((s) => s.season_number === selection.season)
	return {
		state: 'found' as const,
		origin,
		series,
		selection,
		playable: isSeasonPlayable(summary?.air_date ?? season?.air_date ?? episode.air_date),
		directors: crewNames(crew, DIRECTOR_JOBS),
		writers: crewNames(crew, WRITER_JOBS),
		guestStars: (episode.guest_stars ?? episode.credits?.guest_stars ?? []).map((p) => ({
			id: p.id,
			name: p.name,
			character: p.character,
			profile_path: p.profile_path,
		})),
		stills: (episode.images?.stills ?? []).slice(0, 12).map((s) => s.file_path),
		seasonEpisodes: season ? { season: selection.season, episodes: episodeCards(season.episodes ?? []) } : null,
		episode: {
			id: episode.id,
			name: episode.name || `Episode ${episode.episode_number}`,
			overview: episode.overview,
			still_path: episode.still_path,
			air_date: episode.air_date,
			runtime: episode.runtime,
			vote_average: episode.vote_average,
			vote_count: episode.vote_count,
			season_number: episode.season_number,
			episode_number: episode.episode_number,
			imdb_id: episode.external_ids?.imdb_id ?? null,
		},
	}
}

export const shouldRevalidate = keepDataWhenOnlyPlayChanges

export function meta({ data }: Route.MetaArgs) {
	if (!data || data.state === 'missing') return pageMeta({ title: MISSING_PARAMS_TEXT, description: 'This episode address is incomplete.' })
	if (data.state === 'not-found')
		return pageMeta({ title: EPISODE_NOT_FOUND_TEXT, description: `This episode of ${data.series.name} could not be found.` })
	const { series, episode, origin } = data
	return pageMeta({
		title: `${series.name} S${episode.season_number}E${episode.episode_number}: ${episode.name}`,
		description: metaDescription(
			episode.overview,
			`Episode ${episode.episode_number} of season ${episode.season_number} of ${series.name}.`,
		),
		image: absoluteUrl(imageUrl(episode.still_path ?? series.poster_path, episode.still_path ? 'w300' : 'w500'), origin),
		url: `${origin}${episodeHref(series.id, series.name, episode.season_number, episode.episode_number)}`,
		type: 'video.episode',
	})
}

export default function EpisodePage({ loaderData }: Route.ComponentProps) {
	const autoPlay = useSearchParams()[0].get('play') === 'true'
	if (loaderData.state === 'missing') {
		return (
			<div data-testid="episode-missing">
				<EmptyState heading="h1" title={MISSING_PARAMS_TEXT}>
					<p>An episode address needs a series, a season number and an episode number.</p>
					<Link to="/series" prefetch="intent" className={`${buttonClass('primary')} mt-4`}>
						Browse series
					</Link>
				</EmptyState>
			</div>
		)
	}
	if (loaderData.state === 'not-found') {
		const { series, selection } = loaderData
		return (
			<div data-testid="episode-not-found">
				<EmptyState heading="h1" title={EPISODE_NOT_FOUND_TEXT}>
					<p>
						Season {selection.season}, episode {selection.episode} of {series.name} does not exist.
					</p>
					<Link to={seriesHref(series.id, series.name)} prefetch="intent" className={`${buttonClass('primary')} mt-4`}>
						Back to {series.name}
					</Link>
				</EmptyState>
			</div>
		)
	}
	const { series, episode, selection, playable, directors, writers, guestStars, stills, seasonEpisodes } = loaderData
	const date = formatLongDate(episode.air_date)
	const runtime = formatRuntime(episode.runtime)
	const rating = episode.vote_average ? formatRating(episode.vote_average) : undefined
	return (
		<article className="flex flex-col gap-10" data-testid="episode-page">
			<nav aria-label="Breadcrumb" className="text-sm">
				<Link
					to={seriesHref(series.id, series.name)}
					prefetch="intent"
					className="inline-flex items-center gap-1 text-accent hover:underline"
				>
					<ArrowLeft className="h-4 w-4" aria-hidden="true" />
					{series.name}
				</Link>
				<span className="text-muted">
					{' '}
					/ Season {episode.season_number} / Episode {episode.episode_number}
				</span>
			</nav>
			<div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
				<MediaImage
					path={episode.still_path}
					kind="still"
					alt={`Still from ${episode.name}`}
					priority
					sizes="(min-width: 1024px) 60vw, 100vw"
					className="w-full rounded-xl"
				/>
				<div className="flex flex-col gap-4">
					<p className="text-sm font-medium text-accent">
						Season {episode.season_number} · Episode {episode.episode_number}
					</p>
					<h1 className="text-3xl font-black tracking-tight" data-testid="detail-title">
						{episode.name}
					</h1>
					<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
						{rating ? (
							<>
								<dt className="text-muted">Rating</dt>
								<dd className="inline-flex items-center gap-1">
									<Star className="h-4 w-4 fill-current text-yellow-500" aria-hidden="true" />
									{rating} / 10 <span className="text-muted">({formatCount(episode.vote_count)} votes)</span>
								</dd>
							</>
						) : null}
						<dt className="text-muted">Air date</dt>
						<dd className="inline-flex items-center gap-1">
							<CalendarDays className="h-4 w-4" aria-hidden="true" />
							{date ?? 'Unknown'}
						</dd>
						{runtime ? (
							<>
								<dt className="text-muted">Runtime</dt>
								<dd className="inline-flex items-center gap-1">
									<Clock className="h-4 w-4" aria-hidden="true" />
									{runtime}
								</dd>
							</>
						) : null}
						{directors.length ? (
							<>
								<dt className="text-muted">Director</dt>
								<dd>{directors.join(', ')}</dd>
							</>
						) : null}
						{writers.length ? (
							<>
								<dt className="text-muted">Writer</dt>
								<dd>{writers.join(', ')}</dd>
							</>
						) : null}
					</dl>
					{episode.overview ? <p className="leading-relaxed">{episode.overview}</p> : <p className="text-muted">No overview yet.</p>}
					<WatchActions
						key={`${series.id}-${episode.season_number}-${episode.episode_number}`}
						media={{
							type: 'tv',
							tmdbId: series.id,
							title: series.name,
							year: releaseYear(series.first_air_date),
							posterPath: series.poster_path,
							backdropPath: series.backdrop_path,
							season: episode.season_number,
							episode: episode.episode_number,
							episodeId: episode.id,
							episodeTitle: episode.name,
							seasonTmdbId: series.seasons.find((s) => s.season_number === episode.season_number)?.id ?? null,
							seasons: series.seasons.map((s) => ({ season_number: s.season_number, episode_count: s.episode_count })),
						}}
						released={playable}
						watchLabel="Play"
						autoStart={autoPlay}
						breadcrumb={[
							{ label: 'Home', href: '/' },
							{ label: 'Series', href: '/series' },
							{ label: series.name, href: seriesHref(series.id, series.name) },
							{ label: `Season ${episode.season_number}` },
							{ label: `Episode ${episode.episode_number}` },
						]}
					/>
				</div>
			</div>
			<EpisodeExtras episodeName={episode.name} guestStars={guestStars} stills={stills} />
			<SeriesEpisodes
				key={`${series.id}-${selection.season}-${selection.episode}`}
				seriesId={series.id}
				seriesName={series.name}
				seasons={series.seasons}
				initial={seasonEpisodes}
				currentEpisode={selection}
				showPicker={false}
			/>
		</article>
	)
}
