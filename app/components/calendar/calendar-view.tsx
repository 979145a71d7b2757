import { CalendarDays } from 'lucide-react'
import { Link } from 'react-router'
import type { Calendar, CalendarEpisode } from '#app/lib/calendar/calendar.ts'
import { episodeHref } from '#app/lib/catalog/slug.ts'
import { MediaImage } from '#app/components/catalog/media-image.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })
const shortDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

function dayLabel(date: string, today: string) {
	if (date === today) return 'Today'
	return dayFormat.format(new Date(`${date}T00:00:00Z`))
}

function EpisodeRow({ entry, showDate }: { entry: CalendarEpisode; showDate: boolean }) {
	return (
		<li>
			<Link
				to={episodeHref(entry.seriesId, entry.seriesName, entry.season, entry.episode)}
				className="flex items-center gap-3 rounded-md p-2 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
				data-testid="calendar-episode"
			>
				<MediaImage
					path={entry.posterPath}
					kind="poster"
					alt=""
					fixedSize="w92"
					className="h-16 w-11 shrink-0 rounded object-cover"
					placeholderClassName="h-16 w-11 shrink-0 rounded"
				/>
				<span className="flex min-w-0 flex-col">
					<span className="font-medium break-words">{entry.seriesName}</span>
					<span className="text-sm text-muted break-words">
						S{entry.season} E{entry.episode}
						{entry.name ? ` · ${entry.name}` : ''}
						{showDate ? ` · ${shortDayFormat.format(new Date(`${entry.airDate}T00:00:00Z`))}` : ''}
					</span>
				</span>
			</Link>
		</li>
	)
}

/** The release calendar: episodes aired lately and not watched, then the coming days. */
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
						{calendar.recent.map((entry) => (
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
					<ol className="flex flex-col gap-6" data-testid="calendar-upcoming">
						{calendar.upcoming.map((day) => (
							<li key={day.date} aria-labelledby={`day-${day.date}`}>
								<h3 id={`day-${day.date}`} className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
									<time dateTime={day.date}>{dayLabel(day.date, today)}</time>
								</h3>
								<ul className="grid gap-1 sm:grid-cols-2">
									{day.episodes.map((entry) => (
										<EpisodeRow key={`${entry.seriesId}-${entry.season}-${entry.episode}`} entry={entry} showDate={false} />
									))}
								</ul>
							</li>
						))}
					</ol>
				)}
			</section>
		</div>
	)
}
