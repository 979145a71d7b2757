import { lazy, Suspense } from 'react'
import { BarList } from '#app/components/stats/bar-list.tsx'
import { StatCard } from '#app/components/stats/stat-card.tsx'
import { ActivePeriodBars, StatsSection, StatsTitleLink } from '#app/components/stats/stats-section.tsx'
import { ViewsByDayChart } from '#app/components/stats/views-by-day-chart.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import {
	barPercent,
	barPercents,
	dailyAverage,
	formatFullCount,
	formatGigabytes,
	formatGrowth,
	formatTerabytes,
	formatWatchTime,
	gbPerMovie,
	loadBarColour,
	splitWatchTime,
} from '#app/lib/stats/format.ts'
import { getDatabase } from '#server/db/db.server.ts'
import { getEnv } from '#server/env.server.ts'
import { liveStatsPageData, statsPageData } from '#server/stats/stats.server.ts'
import type { Route } from './+types/stats.ts'

// Only instances with STATS_SOURCE=live load the live view; the default page does not carry it.
const LiveStatsView = lazy(() => import('#app/components/stats/live-stats.tsx'))

export async function loader() {
	// STATS_SOURCE=live: this instance's own figures; by default the spec's fixed record, labelled as such.
	if (getEnv().STATS_SOURCE === 'live') return { source: 'live' as const, live: await liveStatsPageData(getDatabase()) }
	return { source: 'fixed' as const, ...(await statsPageData()) }
}

export function meta() {
	return [
		{ title: 'Platform Statistics · Willow' },
		{
			name: 'description',
			content: 'Willow in numbers: movies watched, watch time, data transferred, active users and the most watched movies.',
		},
	]
}

const launchDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

function NoData() {
	return <p className="text-muted">No figures yet.</p>
}

export default function Stats({ loaderData }: Route.ComponentProps) {
	if (loaderData.source === 'live') {
		return (
			<div className="mx-auto flex max-w-5xl flex-col gap-6">
				<PageHeader title="Platform Statistics" description="What the accounts on this site have watched, counted from its own database." />
				<Suspense fallback={null}>
					<LiveStatsView data={loaderData.live} />
				</Suspense>
			</div>
		)
	}
	const { stats: s, daysSinceLaunch } = loaderData
	const watchTime = splitWatchTime(s.totalWatchTime)
	const moviePercents = barPercents(s.topMovies.map((m) => m.watches))
	const countryPercents = barPercents(s.mostActiveCountries.map((c) => c.users))
	return (
		<div className="mx-auto flex max-w-5xl flex-col gap-6">
			<PageHeader
				title="Platform Statistics"
				description={
					<span data-testid="stats-launch">
						Launched {launchDay.format(new Date(`${s.launchDate}T00:00:00Z`))} · {formatFullCount(daysSinceLaunch)}{' '}
						{daysSinceLaunch === 1 ? 'day' : 'days'} ago
					</span>
				}
			/>
			{/* Read first: a visitor must not take the sample figures for this site's (issue 26). */}
			<p
				role="note"
				className="rounded-lg border border-amber-500/60 bg-amber-500/10 px-4 py-3 text-sm font-medium text-foreground"
				data-testid="stats-about"
			>
				These numbers are only for show and are not live.
			</p>
			<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
				<StatCard title="Movies Watched" value={formatFullCount(s.totalMoviesWatched)} testId="stat-movies">
					<span data-testid="stat-movies-daily">{formatFullCount(dailyAverage(s.totalMoviesWatched, daysSinceLaunch))}</span> per day on
					average
				</StatCard>
				<StatCard title="Total Watch Time" value={formatWatchTime(watchTime)} testId="stat-watch-time">
					<span data-testid="stat-watch-time-hours">{formatFullCount(watchTime.totalHours)}</span> total hours
				</StatCard>
				<StatCard title="Data Transferred" value={formatTerabytes(s.totalDataTransferred)} testId="stat-data">
					<span data-testid="stat-data-per-movie">{formatGigabytes(gbPerMovie(s.totalDataTransferred, s.totalMoviesWatched))}</span> per
					movie
				</StatCard>
				<StatCard title="Active Users" value={formatFullCount(s.activeUsers.month)} testId="stat-active">
					this month · <span data-testid="stat-active-growth">{formatGrowth(s.growthRate)}</span> monthly growth
				</StatCard>
			</ul>

			<div className="grid gap-6 lg:grid-cols-2">
				<StatsSection id="server-load" title="Server Load">
					<div
						className="h-3 w-full overflow-hidden rounded-full bg-surface-3"
						role="meter"
						aria-valuenow={s.serverLoad}
						aria-valuemin={0}
						aria-valuemax={100}
						aria-valuetext={`${s.serverLoad}%`}
						aria-label="Server load"
					>
						<div className={`h-3 rounded-full ${loadBarColour(s.serverLoad)}`} style={{ width: `${barPercent(s.serverLoad, 100)}%` }} />
					</div>
					<p className="text-2xl font-bold tabular-nums" data-testid="server-load-value">
						{s.serverLoad}%
					</p>
					<p className="text-sm text-muted">Green below 70%, yellow from 70%, red from 90%.</p>
				</StatsSection>
				<StatsSection id="active-users" title="Active Users">
					<ActivePeriodBars label="Active users by period" counts={s.activeUsers} />
				</StatsSection>
			</div>

			<div className="grid gap-6 lg:grid-cols-2">
				<StatsSection id="top-movies" title="Most Watched Movies">
					{s.topMovies.length === 0 ? (
						<NoData />
					) : (
						<BarList
							ordered
							label="Most watched movies, by views"
							testId="top-movies-list"
							items={s.topMovies.map((movie, index) => ({
								key: movie.id,
								label: movie.href ? (
									<StatsTitleLink to={movie.href}>{movie.title}</StatsTitleLink>
								) : (
									<span className="font-medium">{movie.title}</span>
								),
								value: `${formatFullCount(movie.watches)} views`,
								percent: moviePercents[index]!,
							}))}
						/>
					)}
				</StatsSection>
				<StatsSection id="views-by-day" title="Views by Day of Week">
					{s.watchesByDay.length === 0 ? <NoData /> : <ViewsByDayChart days={s.watchesByDay} />}
				</StatsSection>
			</div>

			<StatsSection id="top-locations" title="Top User Locations">
				{s.mostActiveCountries.length === 0 ? (
					<NoData />
				) : (
					<BarList
						label="Users by country"
						testId="top-locations-list"
						items={s.mostActiveCountries.map((entry, index) => ({
							key: entry.country,
							label: entry.country,
							value: `${formatFullCount(entry.users)} users`,
							percent: countryPercents[index]!,
						}))}
					/>
				)}
			</StatsSection>
		</div>
	)
}
