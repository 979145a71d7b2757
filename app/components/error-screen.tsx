import { useState } from 'react'
import { isRouteErrorResponse } from 'react-router'
import { apiRequest } from '#app/utils/api-client.ts'
import { clearDevice, removeDevice } from '#app/stores/device-storage-core.ts'
import { Button, buttonClass } from './ui/button.tsx'

function describe(error: unknown) {
	if (isRouteErrorResponse(error))
		return { name: `HTTP ${error.status}`, message: error.statusText || String(error.data ?? ''), stack: '', status: error.status }
	if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack ?? '', status: undefined }
	return { name: 'Error', message: String(error), stack: '', status: undefined }
}

/** The "Oops! Something Broke" screen: recovery actions and an optional report. */
export function ErrorScreen({ error }: { error: unknown }) {
	const info = describe(error)
	const [showDetails, setShowDetails] = useState(false)
	const [notes, setNotes] = useState('')
	const [reportState, setReportState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle')
	const [cleared, setCleared] = useState('')

	const clear = (label: string, keys: string[] | 'all') => {
		try {
			if (keys === 'all') clearDevice()
			else for (const key of keys) removeDevice(key)
			setCleared(`${label}: done.`)
		} catch {
			setCleared(`${label}: your browser refused; clear site data in its settings.`)
		}
	}

	const report = async () => {
		setReportState('sending')
		try {
			await apiRequest('/api/errors/report', {
				body: {
					name: info.name,
					message: info.message,
					url: window.location.href,
					status: info.status,
					browser: navigator.userAgent,
					notes: notes || undefined,
					stack: info.stack.slice(0, 1000),
				},
			})
			setReportState('sent')
		} catch {
			setReportState('failed')
		}
	}

	return (
		<main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-5 px-4 py-12" data-testid="error-screen">
			<h1 className="text-3xl font-bold">Oops! Something Broke</h1>
			<p className="text-muted">An unexpected error stopped this page. These may help:</p>
			<div className="flex flex-wrap gap-2">
				<a href="/" className={buttonClass('primary')}>
					Return Home
				</a>
				<Button variant="secondary" onClick={() => window.location.reload()}>
					Reload Page
				</Button>
				<Button variant="outline" onClick={() => clear('Clear Bookmarks', ['bookmarks', 'media-bookmarks'])}>
					Clear Bookmarks
				</Button>
				<Button variant="outline" onClick={() => clear('Clear Watchlist', ['media-tracking'])}>
					Clear Watchlist
				</Button>
				<Button variant="danger" onClick={() => clear('Reset all app data', 'all')}>
					Reset all app data
				</Button>
			</div>
			{cleared ? (
				<p role="status" className="text-sm">
					{cleared}
				</p>
			) : null}
			<div className="flex flex-col gap-2">
				<label htmlFor="error-notes" className="text-sm font-medium">
					What were you doing? (optional)
				</label>
				<textarea
					id="error-notes"
					value={notes}
					maxLength={2000}
					onChange={(e) => setNotes(e.target.value)}
					className="min-h-20 rounded-md border border-border bg-surface-2 p-2 text-sm"
				/>
				{reportState === 'sent' ? (
					<p role="status" className="font-semibold text-accent">
						Issue Reported
					</p>
				) : (
					<Button variant="secondary" onClick={report} disabled={reportState === 'sending'}>
						{reportState === 'sending' ? 'Reporting…' : 'Report This Issue'}
					</Button>
				)}
				{reportState === 'failed' ? (
					<p role="alert" className="text-sm text-red-500">
						The report could not be sent. Please try again.
					</p>
				) : null}
			</div>
			<button type="button" className="self-start text-sm underline" aria-expanded={showDetails} onClick={() => setShowDetails((v) => !v)}>
				{showDetails ? 'Hide technical details' : 'Show technical details'}
			</button>
			{showDetails ? (
				<pre className="max-h-64 overflow-auto rounded-md bg-surface-2 p-3 text-xs whitespace-pre-wrap" data-testid="error-details">
					{info.name}: {info.message}
					{info.stack ? `\n\n${info.stack}` : ''}
				</pre>
			) : null}
		</main>
	)
}
