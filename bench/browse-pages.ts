// The browse pages every page bench measures (issue 27's list), found in the
// running server's catalogue: its first popular film and the first popular
// series whose first season lists episodes, so the episode page is a real one.

/** GETs a catalogue API path of the server under test and parses its JSON. */
type GetJson = (urlPath: string) => Promise<unknown>

interface Titles {
	results: Array<{ id: number; title?: string; name?: string }>
}
interface Series {
	seasons: Array<{ season_number: number; episode_count: number }>
}

export async function browsePages(json: GetJson) {
	const movies = (await json('/api/catalog/movie/popular')) as Titles
	const shows = (await json('/api/catalog/tv/popular')) as Titles
	const movie = movies.results[0]
	if (!movie || shows.results.length === 0) throw new Error('the catalogue is empty; the demo catalogue should load on first start')
	let show = shows.results[0]!
	let season = 1
	for (const candidate of shows.results) {
		const details = (await json(`/api/catalog/tv/${candidate.id}`)) as Series
		const first = details.seasons.find((s) => s.season_number > 0 && s.episode_count > 0)
		if (!first) continue
		const episodes = (await json(`/api/catalog/tv/${candidate.id}/season/${first.season_number}`)) as { episodes?: unknown[] }
		if (episodes.episodes?.length) {
			show = candidate
			season = first.season_number
			break
		}
	}
	const slug = (text = '') => text.toLowerCase().replace(/[^a-z0-9]/g, '-')
	const query = encodeURIComponent(movie.title?.split(' ')[0] ?? 'the')
	const pages = [
		['home', '/'],
		['movie detail', `/movies/${movie.id}-${slug(movie.title)}`],
		['series detail', `/series/${show.id}-${slug(show.name)}`],
		['episode', `/series/${show.id}-${slug(show.name)}/${season}/1`],
		['search', `/search?query=${query}`],
		['movies', '/movies'],
		['series', '/series'],
		['bookmarks', '/bookmarks'],
	] as const
	return { pages, movie: { id: movie.id, title: movie.title ?? '' }, show: { id: show.id } }
}
