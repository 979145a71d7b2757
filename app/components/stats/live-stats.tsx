import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { LIVE_STATS_MIN_ACCOUNTS, type LiveStatsPageData } from '#app/lib/stats/live.ts'
import { barPercent, barPercents, dayAbbreviation, formatCompact, formatFullCount } from '#app/lib/stats/format.ts'
import { BarList } from './bar-list.tsx'
import { ColumnChart } from './column-chart.tsx'
import { StatCard } from './stat-card.tsx'

const FEWER = `fewer than ${LIVE_STATS_MIN_ACCOUNTS}`

/** Hours with one decimal while they are few (a small instance's first evening reads "0.4", not "0"). */
function formatHours(seconds: number) {
	const hours = seconds / 3600
	return hours < 10 ? hours.toFixed(1) : formatFullCount(Math.round(hours))
}

function LiveSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
	return (
		<section aria-labelledby={id} className="flex flex-col gap-4 rounded-xl border border-border p-4 sm:p-5" data-testid={id}>
			<h2 id={id} className="text-lg font-semibold">
				{title}
			</h2>
			{children}
		</section>
	)
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
	const active = [
		{ key: 'today', label: 'Today', value: s.activeAccounts.today },
		{ key: 'week', label: 'This week', value: s.activeAccounts.week },
		{ key: 'month', label: 'This month', value: s.activeAccounts.month },
	]
	const activeMax = Math.max(...active.map((a) => a.value ?? 0))
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
				<LiveSection id="active-users" title="Active Accounts">
					<BarList
						label="Active accounts by period"
						testId="active-users-bars"
						items={active.map((a) => ({
							key: a.key,
							label: a.label,
							value: a.value === null ? FEWER : formatFullCount(a.value),
							percent: a.value === null ? 0 : barPercent(a.value, activeMax),
						}))}
					/>
				</LiveSection>
				<LiveSection id="views-by-day" title="Views by Day of Week">
					<ColumnChart
						caption="Views by day of week"
						labelHeading="Day"
						valueHeading="Views"
						testId="views-by-day-chart"
						columns={s.viewsByDay.map((entry) => ({
							label: entry.day,
							shortLabel: dayAbbreviation(entry.day),
							value: entry.count,
							shortValue: formatCompact(entry.count),
							fullValue: formatFullCount(entry.count),
						}))}
					/>
				</LiveSection>
			</div>
			<LiveSection id="top-movies" title="Most Watched in the Catalogue">
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
							label: (
								<Link
									to={title.href}
									prefetch="intent"
									className="font-medium underline decoration-muted underline-offset-4 hover:decoration-current"
								>
									{title.title}
								</Link>
							),
							value: `${formatFullCount(title.accounts)} accounts`,
							percent: titlePercents[index]!,
						}))}
					/>
				)}
			</LiveSection>
		</>
	)
}
