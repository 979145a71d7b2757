import { CalendarDays } from 'lucide-react'
import { Link } from 'react-router'
import { calendarWeeks, foldRuns, type Calendar, type CalendarWeek } from '#app/lib/calendar/calendar.ts'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { EpisodeRow, RunRow } from './calendar-run.tsx'

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })
const weekFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' })

function dayLabel(date: string, today: string) {
	if (date === today) return 'Today'
	return dayFormat.format(new Date(`${date}T00:00:00Z`))
}

function weekLabel(week: CalendarWeek) {
	if (week.index === 0) return 'This week'
	if (week.index === 1) return 'Next week'
	return `Week of ${weekFormat.format(new Date(`${week.start}T00:00:00Z`))}`
}

function weekSpan(week: CalendarWeek) {
	return week.index === 0 ? 'this week' : week.index === 1 ? 'next week' : 'that week'
}

/**
 * The release calendar: episodes aired lately and not watched, then the coming
 * days week by week; a series with several episodes in a week (or in the
 * recent list) shows as one row that opens (app/lib/calendar/calendar.ts).
 */
export function CalendarView({ calendar, today }: { calendar: Calendar & { seriesCount: number }; today: string }) {
	if (calendar.seriesCount === 0) {
		return (
			<EmptyState icon={<CalendarDays className="h-10 w-10" />} title="No series to follow yet">
				Bookmark a series or watch an episode, and its new episodes show up here.{' '}
				<Link to="/series" className="underline">
					Browse series
				</Link>
			</EmptyState>
		)
	}
	const recent = foldRuns(calendar.recent)
	const weeks = calendarWeeks(calendar.upcoming, today)
	return (
		<div className="flex flex-col gap-10">
			<section aria-labelledby="calendar-recent">
				<h2 id="calendar-recent" className="mb-3 text-xl font-semibold">
					Aired recently, not watched
				</h2>
				{calendar.recent.length === 0 ? (
					<p className="text-muted">You are up to date.</p>
				) : (
					<ul className="grid gap-1 sm:grid-cols-2" data-testid="calendar-recent">
						{recent.runs.map((run) => (
							<RunRow key={run.seriesId} run={run} span="not watched" />
						))}
						{recent.rest.map((entry) => (
							<EpisodeRow key={`${entry.seriesId}-${entry.season}-${entry.episode}`} entry={entry} showDate />
						))}
					</ul>
				)}
			</section>
			<section aria-labelledby="calendar-upcoming">
				<h2 id="calendar-upcoming" className="mb-3 text-xl font-semibold">
					Coming up
				</h2>
				{calendar.upcoming.length === 0 ? (
					<p className="text-muted">No episodes announced for the next weeks.</p>
				) : (
					<ol className="flex flex-col gap-8" data-testid="calendar-upcoming">
						{weeks.map((week) => (
							<li key={week.start} aria-labelledby={`week-${week.start}`} data-testid="calendar-week">
								<h3 id={`week-${week.start}`} className="mb-2 text-lg font-semibold">
									{weekLabel(week)}
								</h3>
								{week.runs.length > 0 ? (
									<ul className="mb-3 grid gap-1 sm:grid-cols-2">
										{week.runs.map((run) => (
											<RunRow key={run.seriesId} run={run} span={weekSpan(week)} />
										))}
									</ul>
								) : null}
								<ol className="flex flex-col gap-4">
									{week.days.map((day) => (
										<li key={day.date} aria-labelledby={`day-${day.date}`}>
											<h4 id={`day-${day.date}`} className="mb-1 text-sm font-semibold tracking-wide text-muted uppercase">
												<time dateTime={day.date}>{dayLabel(day.date, today)}</time>
											</h4>
											<ul className="grid gap-1 sm:grid-cols-2">
												{day.episodes.map((entry) => (
													<EpisodeRow key={`${entry.seriesId}-${entry.season}-${entry.episode}`} entry={entry} showDate={false} />
												))}
											</ul>
										</li>
									))}
								</ol>
							</li>
						))}
					</ol>
				)}
			</section>
		</div>
	)
}
