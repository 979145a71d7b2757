/** Runs `run` over every item with at most `limit` running at once (calls to TMDB, ffmpeg jobs). */
export async function mapLimit<T>(items: readonly T[], limit: number, run: (item: T, index: number) => Promise<void>) {
	let next = 0
	await Promise.all(
		Array.from({ length: Math.min(Math.max(1, limit), items.length) }, async () => {
			while (next < items.length) {
				const index = next++
				await run(items[index]!, index)
			}
		}),
	)
}
