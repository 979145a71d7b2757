import { CreditsList } from '#app/components/catalog/credits-list.tsx'
import { CalendarDays, Layers } from 'lucide-react'
import { data } from 'react-router'
import { detailOr404, optional, originOf, pickLogo } from '#server/catalog/page-data.server.ts'
import { DetailFact, DetailHero, DetailOverview, GenreChips, LanguageFact, RatingFact } from '#app/components/catalog/detail-title.tsx'
import { DetailBookmark } from '#app/components/catalog/lazy-library.tsx'
import { MediaRow } from '#app/components/catalog/media-row.tsx'
import { episodeCards } from '#app/components/catalog/season-browser.tsx'
import { orderedCast, uniqueCrew } from '#app/lib/browse/credits.ts'
import { formatLongDate, formatRating, yearText } from '#app/lib/browse/format.ts'
import { toCards, withKind } from '#app/lib/browse/media.ts'
import { initialSeasonNumber } from '#app/lib/browse/seasons.ts'
import { absoluteUrl, metaDescription, pageMeta } from '#app/lib/browse/seo.ts'
import { imageUrl } from '#app/lib/catalog/images.ts'
import { compactWatchOptions } from '#app/lib/catalog/watch-providers.ts'
import { parseMediaId, seriesHref } from '#app/lib/catalog/slug.ts'
import type { TmdbSeasonDetails, TmdbTvDetails } from '#app/lib/catalog/tmdb-types.ts'
import { lazyHydrated } from '#app/components/ui/lazy-hydrated.tsx'
import { languageName } from '#app/lib/catalog/languages.ts'
import type { Route } from './+types/series-detail.ts'

// The episode picker and list: in the HTML, their code loads after the first load.
const SeriesEpisodes = lazyHydrated(() => import('#app/components/catalog/season-browser.tsx').then((m) => m.SeriesEpisodes))
// Structured data is for crawlers: in the server's HTML, its code outside the first load.
const JsonLd = lazyHydrated(() => import('#app/components/catalog/json-ld.tsx').then((m) => m.JsonLd))
// Where to watch waits for the first load to finish before it asks; its code does too.
const WhereToWatch = lazyHydrated(() => import('#app/components/catalog/where-to-watch.tsx').then((m) => m.WhereToWatch))

export async function loader({ params, request }: Route.LoaderArgs) {
	const id = parseMediaId(params.seriesId)
	if (id === null) throw data(null, { status: 404 })
	const show = await detailOr404<TmdbTvDetails>(`/tv/${id}`, {
		append_to_response: 'credits,similar,external_ids,images,watch/providers',
		include_image_language: 'en,null',
	})
	const wanted = Number(new URL(request.url).searchParams.get('season'))
	const seasonNumber = initialSeasonNumber(show.seasons, Number.isInteger(wanted) && wanted >= 0 ? wanted : null)
	const season = await optional<TmdbSeasonDetails>(`/tv/${id}/season/${seasonNumber}`).catch(() => null)
	const name = show.name || show.original_name || 'Untitled Series'
	return {
		origin: originOf(request),
		originalLanguage: languageName(show.original_language) ?? null,
		logoPath: pickLogo(show.images),
		cast: orderedCast(show.credits?.cast).map((p) => ({ id: p.id, name: p.name, role: p.character, profile_path: p.profile_path })),
		crew: uniqueCrew(show.credits?.crew).map((p) => ({ id: p.id, name: p.name, role: p.job, profile_path: p.profile_path })),
		similar: toCards(withKind(show.similar?.results ?? [], 'tv')),
		watch: compactWatchOptions(show['watch/providers']?.results),
		initialSeason: season ? { season: seasonNumber, episodes: episodeCards(season.episodes ?? []) } : null,
		show: {
			id: show.id,
			name,
			tagline: show.tagline ?? null,
			overview: show.overview,
			poster_path: show.poster_path,
			backdrop_path: show.backdrop_path,
			genres: show.genres ?? [],
			first_air_date: show.first_air_date,
			vote_average: show.vote_average,
			vote_count: show.vote_count,
			number_of_seasons: show.number_of_seasons,
			number_of_episodes: show.number_of_episodes,
			seasons: show.seasons ?? [],
			networks: show.networks ?? [],
			original_language: show.original_language ?? null,
		},
	}
}

export function meta({ data }: Route.MetaArgs) {
	if (!data) return pageMeta({ title: 'Series not found', description: 'This series could not be found.' })
	const { show, origin } = data
	const year = yearText(show.first_air_date)
	return pageMeta({
		title: year ? `${show.name} (${year})` : show.name,
		description: metaDescription(show.overview, `Seasons, episodes and cast of ${show.name}.`),
		image: absoluteUrl(imageUrl(show.poster_path, 'w500'), origin),
		url: `${origin}${seriesHref(show.id, show.name)}`,
		type: 'video.tv_show',
	})
}

export default function SeriesDetail({ loaderData }: Route.ComponentProps) {
	const { show, logoPath, cast, crew, similar, initialSeason, origin, watch, originalLanguage } = loaderData
	const date = formatLongDate(show.first_air_date)
	const rating = show.vote_average ? formatRating(show.vote_average) : undefined
	const structured = {
		'@context': 'https://schema.org',
		'@type': 'TVSeries',
		name: show.name,
		url: `${origin}${seriesHref(show.id, show.name)}`,
		description: show.overview || undefined,
		image: absoluteUrl(imageUrl(show.poster_path, 'w500'), origin),
		startDate: show.first_air_date || undefined,
		numberOfSeasons: show.number_of_seasons,
		numberOfEpisodes: show.number_of_episodes,
	}
	return (
		<article className="flex flex-col gap-10" data-testid="series-detail">
			<JsonLd data={structured} />
			<DetailHero
				title={show.name}
				tagline={show.tagline}
				backdropPath={show.backdrop_path}
				posterPath={show.poster_path}
				logoPath={logoPath}
			>
				<div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
					{date ? (
						<DetailFact icon={<CalendarDays className="h-4 w-4" aria-hidden="true" />} label="First aired">
							{date}
						</DetailFact>
					) : null}
					{rating ? <RatingFact rating={rating} votes={show.vote_count} /> : null}
					<DetailFact icon={<Layers className="h-4 w-4" aria-hidden="true" />}>
						{show.number_of_seasons} {show.number_of_seasons === 1 ? 'season' : 'seasons'} · {show.number_of_episodes} episodes
					</DetailFact>
					<LanguageFact name={originalLanguage} />
					{show.networks.length > 0 ? <span className="text-muted">{show.networks.map((n) => n.name).join(', ')}</span> : null}
				</div>
				<GenreChips genres={show.genres} />
				<div>
					<DetailBookmark
						mediaId={show.id}
						mediaType="tv"
						title={show.name}
						posterPath={show.poster_path}
						voteAverage={show.vote_average}
						releaseDate={show.first_air_date}
					/>
				</div>
				<DetailOverview text={show.overview} />
			</DetailHero>
			<WhereToWatch options={watch} title={show.name} />
			<SeriesEpisodes seriesId={show.id} seriesName={show.name} seasons={show.seasons} initial={initialSeason} />
			<MediaRow title="More Like This" items={similar} emptyText="No similar series yet." testId="row-similar" />
			<div className="grid gap-8 lg:grid-cols-2">
				<CreditsList title="Cast" people={cast} testId="cast-list" />
				<CreditsList title="Crew" people={crew} testId="crew-list" />
			</div>
		</article>
	)
}
