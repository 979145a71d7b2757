import { ChevronDown } from 'lucide-react'
import { Link } from 'react-router'
import type { CalendarEpisode, CalendarRun } from '#app/lib/calendar/calendar.ts'
import { episodeHref } from '#app/lib/catalog/slug.ts'
import { MediaImage } from '#app/components/catalog/media-image.tsx'

const shortDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' })

const asDate = (date: string) => new Date(`${date}T00:00:00Z`)

function Poster({ path }: { path: string | null }) {
	return (
		<MediaImage
			path={path}
			kind="poster"
			alt=""
			fixedSize="w92"
			className="h-16 w-11 shrink-0 rounded object-cover"
			placeholderClassName="h-16 w-11 shrink-0 rounded"
		/>
	)
}

export function EpisodeRow({ entry, showDate, showPoster = true }: { entry: CalendarEpisode; showDate: boolean; showPoster?: boolean }) {
	return (
		<li>
			<Link
				to={episodeHref(entry.seriesId, entry.seriesName, entry.season, entry.episode)}
				className="flex items-center gap-3 rounded-md p-2 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
				data-testid="calendar-episode"
			>
				{showPoster ? <Poster path={entry.posterPath} /> : null}
				<span className="flex min-w-0 flex-col">
					<span className="font-medium break-words">{entry.seriesName}</span>
					<span className="text-sm break-words text-muted">
						S{entry.season} E{entry.episode}
						{entry.name ? ` · ${entry.name}` : ''}
						{showDate ? ` · ${shortDayFormat.format(asDate(entry.airDate))}` : ''}
					</span>
				</span>
			</Link>
		</li>
	)
}

/**
 * Several episodes of one series as one row ("Days of our Lives: 5 episodes
 * this week", its days beneath) that opens to list them: a native
 * <details>, so it works by keyboard and without JavaScript.
 */
export function RunRow({ run, span }: { run: CalendarRun; span: string }) {
	const first = run.episodes[0]!
	const last = run.episodes[run.episodes.length - 1]!
	const days =
		first.airDate === last.airDate
			? shortDayFormat.format(asDate(first.airDate))
			: `${weekdayFormat.format(asDate(first.airDate))} ${shortDayFormat.format(asDate(first.airDate))} to ${weekdayFormat.format(asDate(last.airDate))} ${shortDayFormat.format(asDate(last.airDate))}`
	return (
		<li className="sm:col-span-2">
			<details className="group rounded-md" data-testid="calendar-run">
				<summary className="flex cursor-pointer list-none items-center gap-3 rounded-md p-2 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent [&::-webkit-details-marker]:hidden">
					<Poster path={run.posterPath} />
					<span className="flex min-w-0 flex-1 flex-col">
						<span className="font-medium break-words" data-testid="calendar-run-title">
							{run.seriesName}: {run.episodes.length} episodes {span}
						</span>
						<span className="text-sm text-muted">
							S{first.season} E{first.episode} to S{last.season} E{last.episode} · {days}
						</span>
					</span>
					<ChevronDown className="h-5 w-5 shrink-0 text-muted transition-transform group-open:rotate-180" aria-hidden="true" />
				</summary>
				<ul className="grid gap-1 pl-4 sm:grid-cols-2">
					{run.episodes.map((entry) => (
						<EpisodeRow key={`${entry.season}-${entry.episode}`} entry={entry} showDate showPoster={false} />
					))}
				</ul>
			</details>
		</li>
	)
}
