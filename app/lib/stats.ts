/** The fixed figures of the stats page (spec §3 static stats record; §9 constants). */
export const STATIC_STATS = {
	launchDate: '2025-02-23',
	totalWatchTime: 3_942_000_000,
	totalMoviesWatched: 1_284_512,
	totalDataTransferred: 2_861,
	activeUsers: { today: 18_402, week: 96_310, month: 241_877 },
	serverLoad: 64,
	growthRate: 37,
} as const

/** Server load bar colour: green below 70, yellow from 70 to below 90, red from 90. */
export function loadBarColour(load: number) {
	if (load >= 90) return 'bg-red-600'
	if (load >= 70) return 'bg-yellow-500'
	return 'bg-green-600'
}

export function daysSince(isoDate: string, now: Date) {
	return Math.max(0, Math.floor((now.getTime() - Date.parse(`${isoDate}T00:00:00Z`)) / 86_400_000))
}
