import type { TmdbSeasonSummary } from '../catalog/tmdb-types.ts'

/** Seasons offered in pickers: numbered seasons first, specials (season 0) last. */
export function pickableSeasons(seasons: readonly TmdbSeasonSummary[] | undefined): TmdbSeasonSummary[] {
	const list = (seasons ?? []).filter((season) => season.episode_count > 0 || season.season_number > 0)
	return [...list.filter((s) => s.season_number > 0), ...list.filter((s) => s.season_number === 0)]
}

/** The season shown first: the one asked for if it exists, else the first numbered season. */
export function initialSeasonNumber(seasons: readonly TmdbSeasonSummary[] | undefined, wanted?: number | null): number {
	const list = pickableSeasons(seasons)
	if (wanted !== undefined && wanted !== null && list.some((s) => s.season_number === wanted)) return wanted
	return list[0]?.season_number ?? 1
}

export interface EpisodeSelection {
	season: number
	episode: number
}

/** product.md §4: choosing a season resets the episode to 1. */
export function selectSeason(current: EpisodeSelection, season: number): EpisodeSelection {
	return season === current.season ? current : { season, episode: 1 }
}

export function selectEpisode(current: EpisodeSelection, episode: number): EpisodeSelection {
	return { ...current, episode }
}

/** Parses route params for /series/:id/:season/:episode; null when either is missing or not a number. */
export function parseEpisodeParams(season: string | undefined, episode: string | undefined): EpisodeSelection | null {
	if (!season || !episode || !/^\d{1,4}$/.test(season) || !/^\d{1,5}$/.test(episode)) return null
	return { season: Number(season), episode: Number(episode) }
}
