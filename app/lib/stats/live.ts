/**
 * The stats page's live figures (STATS_SOURCE=live): this instance's own
 * viewing, summed from the synced watch history of its accounts. Pure: the
 * server reads the rows (server/stats/live.server.ts) and caches the result.
 *
 * Privacy floor (decision 0041): no figure is drawn from fewer than
 * LIVE_STATS_MIN_ACCOUNTS accounts, so a small instance does not reveal what one
 * person watched. Below it overall the page shows its empty state; an active
 * period below it reads "fewer than 5"; a title enters the most watched only
 * once that many accounts watched it.
 */

export const LIVE_STATS_MIN_ACCOUNTS = 5
export const LIVE_TOP_TITLES = 9
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

const DAY_MS = 86_400_000

/** One row of user_watch_items: the item's JSON without its episodes. */
export interface LiveItemRow {
	userId: string
	mediaId: number
	updatedAt: number
	data: string
}

/** One row of user_watch_episodes. */
export interface LiveEpisodeRow {
	userId: string
	mediaId: number
	updatedAt: number
	data: string
}

export interface LiveTopTitle {
	id: number
	type: 'movie' | 'show'
	title: string
	/** Accounts that watched it (at least LIVE_STATS_MIN_ACCOUNTS). */
	accounts: number
}

export interface LiveStats {
	/** Accounts with anything watched. */
	accounts: number
	/** Titles watched, counted once per account. */
	titlesWatched: number
	/** Movies plus episodes watched. */
	views: number
	/** Seconds. */
	watchSeconds: number
	/** null: fewer than LIVE_STATS_MIN_ACCOUNTS in that period. */
	activeAccounts: { today: number | null; week: number | null; month: number | null }
	topTitles: LiveTopTitle[]
	/** Monday first, the day a view was last recorded (UTC). */
	viewsByDay: Array<{ day: (typeof WEEKDAYS)[number]; count: number }>
}

export type LiveStatsResult = { kind: 'empty'; accounts: number } | { kind: 'figures'; stats: LiveStats }

interface ParsedProgress {
	watched: number
}

function parse(data: string): Record<string, unknown> | null {
	try {
		const value: unknown = JSON.parse(data)
		return value && typeof value === 'object' ? (value as Record<string, unknown>) : null
	} catch {
		return null
	}
}

function watchedSeconds(value: unknown): number {
	const progress = value as ParsedProgress | undefined
	const watched = typeof progress?.watched === 'number' && Number.isFinite(progress.watched) ? progress.watched : 0
	return watched > 0 ? watched : 0
}

/** Monday = 0. */
function weekdayIndex(at: number) {
	return (new Date(at).getUTCDay() + 6) % 7
}

const floored = (count: number) => (count >= LIVE_STATS_MIN_ACCOUNTS ? count : null)

/**
 * Sums the rows. A view is a movie or an episode with seconds watched; a
 * title removed from a history (removedAt) counts only for what was watched
 * after its removal.
 */
export function summarizeWatchRows(items: readonly LiveItemRow[], episodes: readonly LiveEpisodeRow[], now: number): LiveStatsResult {
	const titleInfo = new Map<number, { type: 'movie' | 'show'; title: string }>()
	const removedAt = new Map<string, number>()
	const views: Array<{ userId: string; mediaId: number; at: number; seconds: number }> = []
	for (const row of items) {
		const item = parse(row.data)
		if (!item) continue
		const type = item.type === 'show' ? 'show' : 'movie'
		if (typeof item.title === 'string' && item.title) titleInfo.set(row.mediaId, { type, title: item.title })
		const removed = typeof item.removedAt === 'number' ? item.removedAt : 0
		if (removed) removedAt.set(`${row.userId}:${row.mediaId}`, removed)
		if (type !== 'movie') continue
		const seconds = watchedSeconds(item.progress)
		if (seconds > 0 && row.updatedAt > removed) views.push({ userId: row.userId, mediaId: row.mediaId, at: row.updatedAt, seconds })
	}
	for (const row of episodes) {
		const episode = parse(row.data)
		const seconds = watchedSeconds(episode?.progress)
		const removed = removedAt.get(`${row.userId}:${row.mediaId}`) ?? 0
		if (seconds > 0 && row.updatedAt > removed) views.push({ userId: row.userId, mediaId: row.mediaId, at: row.updatedAt, seconds })
	}

	const accounts = new Set(views.map((view) => view.userId))
	if (accounts.size < LIVE_STATS_MIN_ACCOUNTS) return { kind: 'empty', accounts: accounts.size }

	const titlesByAccount = new Set<string>()
	const accountsByTitle = new Map<number, Set<string>>()
	const activeSince = (days: number) => new Set(views.filter((view) => view.at > now - days * DAY_MS).map((view) => view.userId)).size
	const byDay = WEEKDAYS.map(() => 0)
	let watchSeconds = 0
	for (const view of views) {
		titlesByAccount.add(`${view.userId}:${view.mediaId}`)
		let watchers = accountsByTitle.get(view.mediaId)
		if (!watchers) accountsByTitle.set(view.mediaId, (watchers = new Set()))
		watchers.add(view.userId)
		byDay[weekdayIndex(view.at)]! += 1
		watchSeconds += view.seconds
	}
	const topTitles = [...accountsByTitle]
		.filter(([id, watchers]) => watchers.size >= LIVE_STATS_MIN_ACCOUNTS && titleInfo.has(id))
		.map(([id, watchers]) => ({ id, ...titleInfo.get(id)!, accounts: watchers.size }))
		.sort((a, b) => b.accounts - a.accounts || a.title.localeCompare(b.title) || a.id - b.id)
		.slice(0, LIVE_TOP_TITLES)
	return {
		kind: 'figures',
		stats: {
			accounts: accounts.size,
			titlesWatched: titlesByAccount.size,
			views: views.length,
			watchSeconds: Math.round(watchSeconds),
			activeAccounts: { today: floored(activeSince(1)), week: floored(activeSince(7)), month: floored(activeSince(30)) },
			topTitles,
			viewsByDay: WEEKDAYS.map((day, index) => ({ day, count: byDay[index]! })),
		},
	}
}

/** What the live stats page receives: the figures, each most watched title with its page. */
export type LiveStatsPageData =
	| { kind: 'empty'; accounts: number }
	| { kind: 'figures'; stats: Omit<LiveStats, 'topTitles'> & { topTitles: Array<LiveTopTitle & { href: string }> } }
