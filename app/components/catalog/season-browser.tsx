import { Play } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { cn } from '#app/lib/ui/cn.ts'
import { formatLongDate, formatRating, formatRuntime, truncateOverview } from '#app/lib/browse/format.ts'
import { isSeasonPlayable } from '#app/lib/browse/release.ts'
import { pickableSeasons, selectEpisode, selectSeason, type EpisodeSelection } from '#app/lib/browse/seasons.ts'
import { episodeHref } from '#app/lib/catalog/slug.ts'
import type { TmdbEpisode, TmdbSeasonDetails, TmdbSeasonSummary } from '#app/lib/catalog/tmdb-types.ts'
import { Button } from '#app/components/ui/button.tsx'
import { SegmentedControl } from '#app/components/ui/segmented-control.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { catalogRequest } from '#app/utils/api-client.ts'
import { useEarlyClicks } from '#app/utils/early-click.ts'
import { MediaImage } from './media-image.tsx'
import { useRenderRest } from './use-render-rest.ts'

export type EpisodeCardData = Pick<
	TmdbEpisode,
	'id' | 'name' | 'overview' | 'episode_number' | 'season_number' | 'air_date' | 'runtime' | 'still_path' | 'vote_average'
>

/** Characters of an episode card's overview. */
const EPISODE_OVERVIEW_LIMIT = 140
/** Episode cards in the page's HTML; a long season's other cards render once the list is on screen. */
export const EPISODES_FIRST_RENDER = 12

/** Only what an episode card shows: pages send a season's episodes without their crew and guest stars, overviews shortened. */
export function episodeCards(episodes: readonly TmdbEpisode[]): EpisodeCardData[] {
	return episodes.map(({ id, name, overview, episode_number, season_number, air_date, runtime, still_path, vote_average }) => ({
		id,
		name,
		overview: truncateOverview(overview, EPISODE_OVERVIEW_LIMIT),
		episode_number,
		season_number,
		air_date,
		runtime,
		still_path,
		vote_average,
	}))
}

/** Loads a season's episodes in the browser, remembering what it already loaded. */
function useSeasonEpisodes(seriesId: number, season: number, initial: { season: number; episodes: EpisodeCardData[] } | null) {
	const cache = useRef(new Map<number, EpisodeCardData[]>(initial ? [[initial.season, initial.episodes]] : []))
	const [state, setState] = useState<{ season: number; episodes: EpisodeCardData[] | null; error: boolean }>(() => ({
		season,
		episodes: cache.current.get(season) ?? null,
		error: false,
	}))
	useEffect(() => {
		const cached = cache.current.get(season)
		if (cached) {
			setState({ season, episodes: cached, error: false })
			return
		}
		const controller = new AbortController()
		setState({ season, episodes: null, error: false })
		catalogRequest<TmdbSeasonDetails>(`/tv/${seriesId}/season/${season}`, {}, controller.signal)
			.then((details) => {
				const episodes = details.episodes ?? []
				cache.current.set(season, episodes)
				setState({ season, episodes, error: false })
			})
			.catch((error: unknown) => {
				if ((error as Error).name !== 'AbortError') setState({ season, episodes: [], error: true })
			})
		return () => controller.abort()
	}, [seriesId, season])
	return state
}

/**
 * Series detail: season and episode pickers, "Watch selected episode", and the
 * season browser with episode cards. Choosing a season resets the episode to 1.
 */
export function SeriesEpisodes({
	seriesId,
	seriesName,
	seasons,
	initial,
	currentEpisode,
	showPicker = true,
}: {
	seriesId: number
	seriesName: string
	seasons: TmdbSeasonSummary[]
	initial: { season: number; episodes: EpisodeCardData[] } | null
	/** On an episode page: the episode being shown. */
	currentEpisode?: EpisodeSelection
	showPicker?: boolean
}) {
	const navigate = useNavigate()
	const id = useId()
	// The browser's code is a file of its own (decision 0043): a season chip pressed before it has
	// hydrated is held and done once it has (decision 0065).
	const early = useEarlyClicks()
	const list = pickableSeasons(seasons)
	const [selection, setSelection] = useState<EpisodeSelection>(
		currentEpisode ?? { season: initial?.season ?? list[0]?.season_number ?? 1, episode: 1 },
	)
	const { episodes, error } = useSeasonEpisodes(seriesId, selection.season, initial)
	const summary = list.find((s) => s.season_number === selection.season)
	const episodeCount = Math.max(summary?.episode_count ?? 0, episodes?.length ?? 0)
	// A soap's season lists 260 episodes: one lookup per option, not a scan of the list for each.
	const namesByNumber = useMemo(() => new Map(episodes?.map((e) => [e.episode_number, e.name])), [episodes])
	const playable = isSeasonPlayable(summary?.air_date)
	const browser = useRef<HTMLElement>(null)
	// The episode being shown is always rendered (it is marked as the current one).
	const longList = (episodes?.length ?? 0) > EPISODES_FIRST_RENDER && (currentEpisode?.episode ?? 0) <= EPISODES_FIRST_RENDER
	const { all, renderRest } = useRenderRest(browser, longList)
	const rendered = all ? episodes : episodes?.slice(0, EPISODES_FIRST_RENDER)
	return (
		<div className="flex flex-col gap-6">
			{showPicker ? (
				<form
					className="flex flex-wrap items-end gap-3 rounded-xl bg-surface-2 p-4"
					onSubmit={(event) => {
						event.preventDefault()
						navigate(`${episodeHref(seriesId, seriesName, selection.season, selection.episode)}?play=true`)
					}}
					data-testid="episode-picker"
				>
					<div className="flex flex-col gap-1">
						<label htmlFor={`${id}-season`} className="text-sm font-medium">
							Season
						</label>
						<Select
							id={`${id}-season`}
							value={selection.season}
							onChange={(event) => setSelection((current) => selectSeason(current, Number(event.target.value)))}
							data-testid="season-select"
						>
							{list.map((season) => (
								<option key={season.id} value={season.season_number}>
									{season.name || `Season ${season.season_number}`}
								</option>
							))}
						</Select>
					</div>
					<div className="flex flex-col gap-1">
						<label htmlFor={`${id}-episode`} className="text-sm font-medium">
							Episode
						</label>
						<Select
							id={`${id}-episode`}
							value={selection.episode}
							onChange={(event) => setSelection((current) => selectEpisode(current, Number(event.target.value)))}
							data-testid="episode-select"
						>
							{Array.from({ length: Math.max(1, episodeCount) }, (_, i) => {
								const name = namesByNumber.get(i + 1)
								return (
									<option key={i + 1} value={i + 1}>
										{`Episode ${i + 1}${name ? `: ${name}` : ''}`}
									</option>
								)
							})}
						</Select>
					</div>
					<Button type="submit" variant="primary" size="md" disabled={!playable} data-testid="watch-selected">
						<Play className="h-4 w-4 fill-current" aria-hidden="true" />
						{playable ? 'Watch selected episode' : 'Coming Soon'}
					</Button>
				</form>
			) : null}
			<section
				ref={browser}
				aria-labelledby={`${id}-browser`}
				className="flex flex-col gap-4"
				data-testid="season-browser"
				onFocus={renderRest}
				onPointerEnter={renderRest}
			>
				<div className="flex flex-wrap items-center justify-between gap-3">
					<h2 id={`${id}-browser`} className="text-xl font-semibold">
						Episodes
					</h2>
					<SegmentedControl
						label="Seasons"
						variant="chips"
						className="relative max-w-full overflow-x-auto pb-1"
						itemClassName="shrink-0 py-1 text-sm"
						value={selection.season}
						onChange={(season) => setSelection((current) => selectSeason(current, season))}
						itemData={(season) => early(`season-${season}`)}
						options={list.map((season) => ({
							value: season.season_number,
							label: (
								<>
									{season.season_number === 0 ? 'Specials' : `S${season.season_number}`}
									<span className="sr-only">{season.season_number === 0 ? '' : `: Season ${season.season_number}`}</span>
								</>
							),
						}))}
					/>
				</div>
				{error ? (
					<p role="alert" className="text-sm text-muted">
						Failed to load episode information. Please try again later.
					</p>
				) : episodes === null ? (
					<div role="status" aria-label="Loading episodes" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
						{Array.from({ length: 6 }, (_, i) => (
							<div key={i} className="aspect-video animate-pulse rounded-lg bg-surface-2 motion-reduce:animate-none" />
						))}
					</div>
				) : episodes.length === 0 ? (
					<p className="text-sm text-muted">No episodes listed for this season yet.</p>
				) : (
					<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
						{(rendered ?? episodes).map((episode) => (
							<li key={episode.id}>
								<EpisodeCard
									seriesId={seriesId}
									seriesName={seriesName}
									episode={episode}
									current={currentEpisode?.season === episode.season_number && currentEpisode.episode === episode.episode_number}
								/>
							</li>
						))}
					</ul>
				)}
			</section>
		</div>
	)
}

export function EpisodeCard({
	seriesId,
	seriesName,
	episode,
	current,
}: {
	seriesId: number
	seriesName: string
	episode: EpisodeCardData
	current?: boolean
}) {
	const runtime = formatRuntime(episode.runtime)
	const date = formatLongDate(episode.air_date)
	const rating = episode.vote_average ? formatRating(episode.vote_average) : undefined
	return (
		<Link
			to={episodeHref(seriesId, seriesName, episode.season_number, episode.episode_number)}
			prefetch="intent"
			aria-current={current ? 'page' : undefined}
			className={cn(
				'group flex h-full flex-col overflow-hidden rounded-lg bg-surface-2 hover:bg-surface-3',
				current && 'ring-2 ring-accent',
			)}
			data-testid="episode-card"
		>
			<MediaImage
				path={episode.still_path}
				kind="still"
				alt=""
				sizes="(min-width: 1024px) 300px, (min-width: 640px) 45vw, 90vw"
				className="w-full"
			/>
			<div className="flex flex-col gap-1 p-3">
				<p className="text-xs text-muted">
					{`S${episode.season_number} · E${episode.episode_number}`}
					{date ? ` · ${date}` : ''}
					{runtime ? ` · ${runtime}` : ''}
					{rating ? ` · ★ ${rating}` : ''}
				</p>
				<p className="font-medium">{episode.name || `Episode ${episode.episode_number}`}</p>
				{episode.overview ? <p className="text-sm text-muted">{truncateOverview(episode.overview, EPISODE_OVERVIEW_LIMIT)}</p> : null}
			</div>
		</Link>
	)
}
