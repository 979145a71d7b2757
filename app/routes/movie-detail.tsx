import { CreditsList } from '#app/components/catalog/credits-list.tsx'
import { CalendarDays, Clock } from 'lucide-react'
import { data, useSearchParams } from 'react-router'
import { detailOr404, originOf, pickLogo } from '#server/catalog/page-data.server.ts'
import { DetailFact, DetailHero, DetailOverview, GenreChips, LanguageFact, RatingFact } from '#app/components/catalog/detail-title.tsx'
import { DetailBookmark } from '#app/components/catalog/lazy-library.tsx'
import { MediaRow } from '#app/components/catalog/media-row.tsx'
import { keepDataWhenOnlyPlayChanges, releaseYear } from '#app/lib/watch/route-rules.ts'
import { crewNames, DIRECTOR_JOBS, orderedCast, uniqueCrew } from '#app/lib/browse/credits.ts'
import { formatLongDate, formatRating, formatRuntime, yearText } from '#app/lib/browse/format.ts'
import { toCards, withKind } from '#app/lib/browse/media.ts'
import { isMovieReleased } from '#app/lib/browse/release.ts'
import { absoluteUrl, metaDescription, pageMeta } from '#app/lib/browse/seo.ts'
import { imageUrl } from '#app/lib/catalog/images.ts'
import { compactWatchOptions } from '#app/lib/catalog/watch-providers.ts'
import { movieHref, parseMediaId } from '#app/lib/catalog/slug.ts'
import type { TmdbMovieDetails } from '#app/lib/catalog/tmdb-types.ts'
import { lazyHydrated } from '#app/components/ui/lazy-hydrated.tsx'
import { languageName } from '#app/lib/catalog/languages.ts'
import type { Route } from './+types/movie-detail.ts'

// The watch flow (lookups, the download panel) is in the HTML but not in the first load.
const WatchActions = lazyHydrated(() => import('#app/components/watch/watch-actions.tsx').then((m) => m.WatchActions))
// Structured data is for crawlers: in the server's HTML, its builders outside the first load.
const MovieJsonLd = lazyHydrated(() => import('#app/components/catalog/json-ld.tsx').then((m) => m.MovieJsonLd))
// Where to watch waits for the first load to finish before it asks; its code does too.
const WhereToWatch = lazyHydrated(() => import('#app/components/catalog/where-to-watch.tsx').then((m) => m.WhereToWatch))

export async function loader({ params, request }: Route.LoaderArgs) {
	const id = parseMediaId(params.movieId)
	if (id === null) throw data(null, { status: 404 })
	const movie = await detailOr404<TmdbMovieDetails>(`/movie/${id}`, {
		append_to_response: 'credits,similar,external_ids,images,watch/providers',
		include_image_language: 'en,null',
	})
	const origin = originOf(request)
	const cast = orderedCast(movie.credits?.cast).map((p) => ({ id: p.id, name: p.name, role: p.character, profile_path: p.profile_path }))
	const crew = uniqueCrew(movie.credits?.crew).map((p) => ({ id: p.id, name: p.name, role: p.job, profile_path: p.profile_path }))
	const similar = toCards(withKind(movie.similar?.results ?? movie.recommendations?.results ?? [], 'movie'))
	return {
		origin,
		originalLanguage: languageName(movie.original_language) ?? null,
		released: isMovieReleased(movie.release_date),
		logoPath: pickLogo(movie.images),
		directors: crewNames(movie.credits?.crew, DIRECTOR_JOBS),
		cast,
		crew,
		similar,
		watch: compactWatchOptions(movie['watch/providers']?.results),
		movie: {
			id: movie.id,
			title: movie.title || movie.original_title || 'Untitled Movie',
			tagline: movie.tagline,
			overview: movie.overview,
			poster_path: movie.poster_path,
			backdrop_path: movie.backdrop_path,
			genres: movie.genres ?? [],
			release_date: movie.release_date,
			runtime: movie.runtime,
			vote_average: movie.vote_average,
			vote_count: movie.vote_count,
			imdb_id: movie.imdb_id ?? movie.external_ids?.imdb_id ?? null,
			original_language: movie.original_language ?? null,
		},
	}
}

export const shouldRevalidate = keepDataWhenOnlyPlayChanges

export function meta({ data }: Route.MetaArgs) {
	if (!data) return pageMeta({ title: 'Movie not found', description: 'This movie could not be found.' })
	const { movie, origin } = data
	const year = yearText(movie.release_date)
	return pageMeta({
		title: year ? `${movie.title} (${year})` : movie.title,
		description: metaDescription(movie.overview, `Details, cast and crew of ${movie.title}.`),
		image: absoluteUrl(imageUrl(movie.poster_path, 'w500'), origin),
		url: `${origin}${movieHref(movie.id, movie.title)}`,
		type: 'video.movie',
	})
}

export default function MovieDetail({ loaderData }: Route.ComponentProps) {
	const { movie, released, logoPath, cast, crew, similar, directors, origin, watch, originalLanguage } = loaderData
	const autoPlay = useSearchParams()[0].get('play') === 'true'
	const url = `${origin}${movieHref(movie.id, movie.title)}`
	const runtime = formatRuntime(movie.runtime)
	const date = formatLongDate(movie.release_date)
	const rating = movie.vote_average ? formatRating(movie.vote_average) : undefined
	return (
		<article className="flex flex-col gap-10" data-testid="movie-detail">
			<MovieJsonLd
				input={{
					name: movie.title,
					url,
					description: movie.overview || undefined,
					image: absoluteUrl(imageUrl(movie.poster_path, 'w500'), origin),
					thumbnail: absoluteUrl(imageUrl(movie.backdrop_path, 'w780'), origin),
					datePublished: movie.release_date || undefined,
					runtimeMinutes: movie.runtime,
					genres: movie.genres.map((g) => g.name),
					directors,
					actors: cast.slice(0, 10).map((p) => p.name),
					ratingValue: movie.vote_average,
					ratingCount: movie.vote_count,
				}}
			/>
			<DetailHero
				title={movie.title}
				tagline={movie.tagline}
				backdropPath={movie.backdrop_path}
				posterPath={movie.poster_path}
				logoPath={logoPath}
			>
				<div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
					{!released ? (
						<span className="rounded-full bg-amber-500 px-3 py-1 text-xs font-bold text-black uppercase" data-testid="coming-soon">
							Coming Soon
						</span>
					) : null}
					{date ? (
						<DetailFact icon={<CalendarDays className="h-4 w-4" aria-hidden="true" />} label="Release date">
							{date}
						</DetailFact>
					) : null}
					{rating ? <RatingFact rating={rating} votes={movie.vote_count} /> : null}
					{runtime ? (
						<DetailFact icon={<Clock className="h-4 w-4" aria-hidden="true" />} label="Runtime">
							{runtime}
						</DetailFact>
					) : null}
					<LanguageFact name={originalLanguage} />
				</div>
				<GenreChips genres={movie.genres} />
				<div className="flex flex-wrap items-start gap-3">
					<WatchActions
						key={movie.id}
						media={{
							type: 'movie',
							tmdbId: movie.id,
							title: movie.title,
							year: releaseYear(movie.release_date),
							posterPath: movie.poster_path,
							backdropPath: movie.backdrop_path,
						}}
						released={released}
						autoStart={autoPlay}
						breadcrumb={[{ label: 'Home', href: '/' }, { label: 'Movies', href: '/movies' }, { label: movie.title }]}
					/>
					<DetailBookmark
						mediaId={movie.id}
						mediaType="movie"
						title={movie.title}
						posterPath={movie.poster_path}
						voteAverage={movie.vote_average}
						releaseDate={movie.release_date}
					/>
				</div>
				<DetailOverview text={movie.overview} />
			</DetailHero>
			<WhereToWatch options={watch} title={movie.title} />
			<MediaRow title="Recommendations" items={similar} emptyText="No recommendations yet." testId="row-recommendations" />
			<div className="grid gap-8 lg:grid-cols-2">
				<CreditsList title="Cast" people={cast} testId="cast-list" />
				<CreditsList title="Crew" people={crew} testId="crew-list" />
			</div>
		</article>
	)
}
