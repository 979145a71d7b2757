import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { LIVE_STATS_MIN_ACCOUNTS, type LiveStatsPageData } from '#app/lib/stats/live.ts'
import { barPercents, formatFullCount } from '#app/lib/stats/format.ts'
import { BarList } from './bar-list.tsx'
import { ActivePeriodBars, StatsSection, StatsTitleLink } from './stats-section.tsx'
import { StatCard } from './stat-card.tsx'
import { ViewsByDayChart } from './views-by-day-chart.tsx'

const FEWER = `fewer than ${LIVE_STATS_MIN_ACCOUNTS}`

/** Hours with one decimal while they are few (a small instance's first evening reads "0.4", not "0"). */
function formatHours(seconds: number) {
	const hours = seconds / 3600
	return hours < 10 ? hours.toFixed(1) : formatFullCount(Math.round(hours))
}

/**
 * The stats page with STATS_SOURCE=live: this instance's own viewing in the
 * fixed page's layout, or an empty state until enough accounts have watched
 * something (app/lib/stats/live.ts, decision 0041).
 */
export default function LiveStatsView({ data }: { data: LiveStatsPageData }) {
	if (data.kind === 'empty') {
		return (
			<div data-testid="stats-live-empty">
				<EmptyState title="No figures yet">
					<p>
						This page counts what the accounts on this site watch. It shows figures once {LIVE_STATS_MIN_ACCOUNTS} accounts have watched
						something, so no one&apos;s viewing can be picked out.
					</p>
				</EmptyState>
			</div>
		)
	}
	const s = data.stats
	const titlePercents = barPercents(s.topTitles.map((t) => t.accounts))
	return (
		<>
			<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
				<StatCard title="Titles Watched" value={formatFullCount(s.titlesWatched)} testId="stat-titles">
					<span data-testid="stat-views">{formatFullCount(s.views)}</span> movies and episodes
				</StatCard>
				<StatCard title="Watch Time" value={`${formatHours(s.watchSeconds)} h`} testId="stat-hours">
					hours watched in all
				</StatCard>
				<StatCard
					title="Active Accounts"
					value={s.activeAccounts.month === null ? FEWER : formatFullCount(s.activeAccounts.month)}
					testId="stat-active"
				>
					this month
				</StatCard>
				<StatCard title="Accounts Counted" value={formatFullCount(s.accounts)} testId="stat-accounts">
					with anything watched
				</StatCard>
			</ul>
			<div className="grid gap-6 lg:grid-cols-2">
				<StatsSection id="active-users" title="Active Accounts">
					<ActivePeriodBars label="Active accounts by period" counts={s.activeAccounts} hidden={FEWER} />
				</StatsSection>
				<StatsSection id="views-by-day" title="Views by Day of Week">
					<ViewsByDayChart days={s.viewsByDay} />
				</StatsSection>
			</div>
			<StatsSection id="top-movies" title="Most Watched in the Catalogue">
				{s.topTitles.length === 0 ? (
					<p className="text-muted" data-testid="top-titles-none">
						No title has been watched by {LIVE_STATS_MIN_ACCOUNTS} accounts yet.
					</p>
				) : (
					<BarList
						ordered
						label="Most watched titles, by accounts"
						testId="top-titles-list"
						items={s.topTitles.map((title, index) => ({
							key: title.id,
							label: <StatsTitleLink to={title.href}>{title.title}</StatsTitleLink>,
							value: `${formatFullCount(title.accounts)} accounts`,
							percent: titlePercents[index]!,
						}))}
					/>
				)}
			</StatsSection>
		</>
	)
}
