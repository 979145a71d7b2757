import { useEffect, useId, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { ApiError, apiRequest } from '#app/utils/api-client.ts'

type FeedState =
	{ phase: 'loading' } | { phase: 'none' } | { phase: 'active'; createdAt: number; url?: string } | { phase: 'error'; message: string }

/** A signed-in user's private calendar feed: make a link (shown once), make a new one (the old stops working), or turn it off. */
export function CalendarFeed({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
	const Heading = headingLevel === 2 ? 'h2' : 'h3'
	const [state, setState] = useState<FeedState>({ phase: 'loading' })
	const [copied, setCopied] = useState(false)
	const inputId = useId()
	useEffect(() => {
		const controller = new AbortController()
		apiRequest<{ createdAt: number | null }>('/api/calendar/feed', { signal: controller.signal })
			.then(({ createdAt }) => setState(createdAt ? { phase: 'active', createdAt } : { phase: 'none' }))
			.catch(() => {
				if (!controller.signal.aborted) setState({ phase: 'error', message: 'We could not load your calendar link.' })
			})
		return () => controller.abort()
	}, [])

	const fail = (error: unknown) =>
		setState({
			phase: 'error',
			message: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Something went wrong, try again.',
		})
	const makeLink = () => {
		setCopied(false)
		apiRequest<{ url: string }>('/api/calendar/feed', { method: 'POST' })
			.then(({ url }) => setState({ phase: 'active', createdAt: Date.now(), url }))
			.catch(fail)
	}
	const turnOff = () => {
		apiRequest('/api/calendar/feed', { method: 'DELETE' })
			.then(() => setState({ phase: 'none' }))
			.catch(fail)
	}

	return (
		<section
			aria-labelledby="calendar-feed-title"
			className="flex flex-col gap-3 rounded-lg border border-border p-4"
			data-testid="calendar-feed"
		>
			<Heading id="calendar-feed-title" className="text-lg font-semibold">
				Subscribe in your calendar app
			</Heading>
			<p className="text-sm text-muted">
				A private link to these episodes for Google Calendar, Apple Calendar or Outlook. Anyone with the link can see it: make a new one to
				stop the old.
			</p>
			{state.phase === 'loading' ? <p role="status">Loading...</p> : null}
			{state.phase === 'error' ? <p role="alert">{state.message}</p> : null}
			{state.phase === 'active' && state.url ? (
				<div className="flex flex-col gap-2">
					<label htmlFor={inputId} className="text-sm font-medium">
						Your calendar link (shown once: copy it now)
					</label>
					<div className="flex flex-wrap gap-2">
						<input
							id={inputId}
							readOnly
							value={state.url}
							className="min-w-0 flex-1 rounded-md border border-border bg-surface-2 px-3 py-2 text-sm"
							data-testid="calendar-feed-url"
							onFocus={(event) => event.currentTarget.select()}
						/>
						<Button
							variant="secondary"
							onClick={() => {
								void navigator.clipboard?.writeText(state.url!).then(() => setCopied(true))
							}}
						>
							{copied ? 'Copied' : 'Copy'}
						</Button>
					</div>
				</div>
			) : null}
			{state.phase === 'active' && !state.url ? (
				<p className="text-sm">A calendar link is active since {new Date(state.createdAt).toLocaleDateString()}.</p>
			) : null}
			<div className="flex flex-wrap gap-2">
				{state.phase === 'none' || state.phase === 'error' ? <Button onClick={makeLink}>Make a calendar link</Button> : null}
				{state.phase === 'active' ? (
					<>
						<Button variant="secondary" onClick={makeLink}>
							Make a new link
						</Button>
						<Button variant="secondary" onClick={turnOff}>
							Turn off the link
						</Button>
					</>
				) : null}
			</div>
		</section>
	)
}
