import { useEffect, useState } from 'react'
import { data } from 'react-router'
import { CalendarFeed } from '#app/components/calendar/calendar-feed.tsx'
import { CalendarView } from '#app/components/calendar/calendar-view.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { calendarToday, followedSeries, watchedEpisodes, type Calendar } from '#app/lib/calendar/calendar.ts'
import { apiRequest } from '#app/utils/api-client.ts'
import { getBookmarkSnapshot, getHistorySnapshot } from '#app/stores/library.ts'
import { getSessionUser } from '#server/auth/session.server.ts'
import { userCalendar } from '#server/calendar/calendar.server.ts'
import type { Route } from './+types/calendar.ts'

type CalendarData = Calendar & { seriesCount: number }

export function meta() {
	return [
		{ title: 'Calendar · Willow' },
		{ name: 'description', content: 'New and upcoming episodes of the series you follow.' },
		{ name: 'robots', content: 'noindex' },
	]
}

// A signed-in user's calendar is rendered on the server from the account's
// library (so the HTML carries user data: private, never stored); a visitor
// without an account gets it computed from this device's library after load.
export async function loader({ request }: Route.LoaderArgs) {
	const user = await getSessionUser(request.headers.get('cookie'), new URL(request.url).protocol === 'https:')
	const today = calendarToday()
	if (!user) return data({ today, calendar: null as CalendarData | null })
	return data({ today, calendar: await userCalendar(user.id) }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
	return loaderHeaders
}

function CalendarLoading() {
	return (
		<div role="status" aria-live="polite" className="flex flex-col gap-3">
			<span className="sr-only">Loading your calendar…</span>
			{Array.from({ length: 6 }, (_, i) => (
				<Skeleton key={i} className="h-16 w-full" />
			))}
		</div>
	)
}

/** The device library's calendar, asked of the server with ids only. */
function DeviceCalendar({ today }: { today: string }) {
	const [state, setState] = useState<{ calendar?: CalendarData; error?: string }>({})
	const [attempt, setAttempt] = useState(0)
	useEffect(() => {
		const controller = new AbortController()
		const history = getHistorySnapshot().history
		const body = { series: followedSeries(getBookmarkSnapshot().bookmarks, history), watched: watchedEpisodes(history) }
		apiRequest<CalendarData>('/api/calendar', { body, signal: controller.signal })
			.then((calendar) => setState({ calendar }))
			.catch(() => {
				if (!controller.signal.aborted) setState({ error: 'We could not load your calendar.' })
			})
		return () => controller.abort()
	}, [attempt])
	if (state.error) {
		return (
			<div role="alert" className="flex flex-col items-start gap-3">
				<p>{state.error}</p>
				<Button
					onClick={() => {
						setState({})
						setAttempt((n) => n + 1)
					}}
				>
					Retry
				</Button>
			</div>
		)
	}
	if (!state.calendar) return <CalendarLoading />
	return <CalendarView calendar={state.calendar} today={today} />
}

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
	const { today, calendar } = loaderData
	return (
		<div className="flex flex-col gap-8">
			<PageHeader
				title="Calendar"
				description="New episodes of the series you bookmarked or watched: what aired lately and what is coming."
			/>
			{calendar ? <CalendarView calendar={calendar} today={today} /> : <DeviceCalendar today={today} />}
			{calendar ? <CalendarFeed /> : null}
		</div>
	)
}
