const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/** Parses a TMDB date (YYYY-MM-DD, read as UTC midnight); absent or malformed → undefined. */
export function parseTmdbDate(date: string | null | undefined): number | undefined {
	if (!date) return undefined
	const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date)
	return Number.isNaN(time) ? undefined : time
}

/** product.md §5: a movie is released and playable only when its release date is more than 12 hours in the past. */
export function isMovieReleased(releaseDate: string | null | undefined, now: number = Date.now()): boolean {
	const time = parseTmdbDate(releaseDate)
	return time !== undefined && now - time > 12 * HOUR
}

/** product.md §5: a series is playable when the selected season's air date is more than 1 day in the past. */
export function isSeasonPlayable(airDate: string | null | undefined, now: number = Date.now()): boolean {
	const time = parseTmdbDate(airDate)
	return time !== undefined && now - time > DAY
}
