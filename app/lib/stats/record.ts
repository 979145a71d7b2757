/**
 * The stats page's figures: product.md §3 "Static stats record" with the §9
 * constants (launch 2025-02-23, growth 37% monthly, server load 64%). The page
 * says they are only for show and not live; they are fixed here, not counted.
 * The watches by day add up to totalMoviesWatched, and the countries' users
 * stay below the month's active users.
 */
export interface StatsRecord {
	/** Seconds. */
	totalWatchTime: number
	totalMoviesWatched: number
	/** Terabytes. */
	totalDataTransferred: number
	activeUsers: { today: number; week: number; month: number }
	/** Percent. */
	serverLoad: number
	/** TMDB movie ids; a title links to its page when the catalogue has it. */
	topMovies: ReadonlyArray<{ id: number; title: string; watches: number }>
	watchesByDay: ReadonlyArray<{ day: string; count: number }>
	/** Percent, monthly. */
	growthRate: number
	/** YYYY-MM-DD. */
	launchDate: string
	mostActiveCountries: ReadonlyArray<{ country: string; users: number }>
}

export const STATIC_STATS: StatsRecord = {
	launchDate: '2025-02-23',
	totalWatchTime: 3_947_166_000,
	totalMoviesWatched: 1_284_512,
	totalDataTransferred: 2_861,
	activeUsers: { today: 18_402, week: 96_310, month: 241_877 },
	serverLoad: 64,
	growthRate: 37,
	topMovies: [
		{ id: 157336, title: 'Interstellar', watches: 21_847 },
		{ id: 155, title: 'The Dark Knight', watches: 19_362 },
		{ id: 27205, title: 'Inception', watches: 17_905 },
		{ id: 872585, title: 'Oppenheimer', watches: 16_433 },
		{ id: 19995, title: 'Avatar', watches: 15_218 },
		{ id: 24428, title: 'The Avengers', watches: 14_036 },
		{ id: 118340, title: 'Guardians of the Galaxy', watches: 12_771 },
		{ id: 603, title: 'The Matrix', watches: 11_489 },
		{ id: 550, title: 'Fight Club', watches: 10_254 },
	],
	watchesByDay: [
		{ day: 'Monday', count: 162_418 },
		{ day: 'Tuesday', count: 154_206 },
		{ day: 'Wednesday', count: 158_733 },
		{ day: 'Thursday', count: 167_950 },
		{ day: 'Friday', count: 198_541 },
		{ day: 'Saturday', count: 236_874 },
		{ day: 'Sunday', count: 205_790 },
	],
	mostActiveCountries: [
		{ country: 'United States', users: 71_204 },
		{ country: 'United Kingdom', users: 26_318 },
		{ country: 'Canada', users: 19_472 },
		{ country: 'India', users: 16_905 },
		{ country: 'Germany', users: 13_688 },
		{ country: 'Brazil', users: 11_937 },
		{ country: 'Australia', users: 9_846 },
		{ country: 'Philippines', users: 8_215 },
	],
}
