import { Upload } from 'lucide-react'
import { useId, useState } from 'react'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import { planImport, type ImportPlan, type MatchedImportRow } from '#app/lib/library/import-plan.ts'
import { mergeBookmarkStates } from '#app/lib/sync/bookmarks.ts'
import { mergeWatchHistories } from '#app/lib/sync/watch-history.ts'
import { ApiError, apiRequest } from '#app/utils/api-client.ts'
import { getBookmarkSnapshot, getHistorySnapshot, replaceBookmarkState, replaceWatchHistory } from '#app/stores/library.ts'
import { toast } from '#app/stores/toast.ts'

interface Preview {
	plan: ImportPlan
	unmatched: Array<{ origin: string; reason: string }>
	files: number
}

type State =
	| { phase: 'idle' }
	| { phase: 'reading' }
	| { phase: 'preview'; preview: Preview }
	| { phase: 'error'; message: string }
	| { phase: 'done'; message: string }

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * Import from Trakt (its JSON export) or Letterboxd (its CSV export): the
 * server matches each row to the catalogue, the page shows what would be
 * added, what did not match and why, and what is already here; nothing is
 * written until the visitor confirms, and then only added (never replaced).
 */
export function ServiceImport({ ready, headingLevel = 2 }: { ready: boolean; headingLevel?: 2 | 3 }) {
	const Heading = headingLevel === 2 ? 'h2' : 'h3'
	const [state, setState] = useState<State>({ phase: 'idle' })
	const ids = useId()

	const readFiles = async (list: FileList) => {
		setState({ phase: 'reading' })
		try {
			const files = await Promise.all(Array.from(list).map(async (file) => ({ name: file.name, text: await file.text() })))
			const answer = await apiRequest<{ matched: MatchedImportRow[]; unmatched: Array<{ origin: string; reason: string }> }>(
				'/api/library-import/preview',
				{ body: { files } },
			)
			const bookmarks = getBookmarkSnapshot()
			const plan = planImport(answer.matched, { bookmarks, history: getHistorySnapshot().history })
			setState({ phase: 'preview', preview: { plan, unmatched: answer.unmatched, files: files.length } })
		} catch (error) {
			setState({
				phase: 'error',
				message: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'The files could not be read. Try again.',
			})
		}
	}

	const apply = (plan: ImportPlan) => {
		const current = getBookmarkSnapshot()
		const now = Date.now()
		const merged = mergeBookmarkStates(
			{ bookmarks: current.bookmarks, tombstones: current.tombstones },
			{ bookmarks: plan.bookmarks, tombstones: [] },
		)
		if (!replaceBookmarkState(merged, current.customCategories, now)) {
			setState({ phase: 'error', message: 'The library could not be saved on this device. Nothing was imported.' })
			return
		}
		if (!replaceWatchHistory(mergeWatchHistories(getHistorySnapshot().history, plan.history), now)) {
			setState({ phase: 'error', message: 'Bookmarks were imported, but the watch history could not be saved on this device.' })
			return
		}
		const message = `Imported ${plural(plan.bookmarks.length, 'bookmark', 'bookmarks')} and ${plural(Object.keys(plan.history).length, 'watched title', 'watched titles')}.`
		setState({ phase: 'done', message })
		toast.success(message)
	}

	const preview = state.phase === 'preview' ? state.preview : null
	const adds = preview ? preview.plan.bookmarks.length + Object.keys(preview.plan.history).length : 0
	return (
		<section aria-labelledby={`${ids}-heading`} className="rounded-lg border border-border bg-surface p-4" data-testid="service-import">
			<Heading id={`${ids}-heading`} className="text-lg font-semibold">
				Import from Trakt or Letterboxd
			</Heading>
			<p className="mt-1 text-sm text-muted">
				Choose Letterboxd's <code>watchlist.csv</code>, <code>watched.csv</code> or <code>diary.csv</code>, or Trakt's JSON export files.
				You see what would be added before anything is saved.
			</p>
			<label
				className={cn(
					buttonClass('outline'),
					'mt-3 cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
					(!ready || state.phase === 'reading') && 'pointer-events-none opacity-50',
				)}
			>
				<Upload className="h-4 w-4" aria-hidden="true" />
				Choose export files
				<input
					type="file"
					multiple
					accept=".csv,.json,text/csv,application/json"
					className="sr-only"
					disabled={!ready || state.phase === 'reading'}
					data-testid="service-import-files"
					onChange={(event) => {
						const files = event.target.files
						if (files && files.length > 0) void readFiles(files)
						event.target.value = ''
					}}
				/>
			</label>
			<div aria-live="polite">
				{state.phase === 'reading' ? (
					<p role="status" className="mt-3 text-sm">
						Matching your titles with the catalogue...
					</p>
				) : null}
				{state.phase === 'error' ? (
					<p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
						{state.message}
					</p>
				) : null}
				{state.phase === 'done' ? (
					<p role="status" className="mt-3 text-sm" data-testid="service-import-result">
						{state.message}
					</p>
				) : null}
				{preview ? (
					<div className="mt-3 flex flex-col gap-3" data-testid="service-import-preview">
						<p className="text-sm">
							{plural(adds, 'title', 'titles')} to add: {plural(preview.plan.bookmarks.length, 'bookmark', 'bookmarks')} and{' '}
							{plural(Object.keys(preview.plan.history).length, 'watched title', 'watched titles')}.{' '}
							{plural(preview.unmatched.length, 'row', 'rows')} not matched,{' '}
							{plural(preview.plan.duplicates.length, 'duplicate', 'duplicates')}.
						</p>
						{preview.unmatched.length > 0 ? (
							<details>
								<summary className="cursor-pointer text-sm font-medium">Not matched ({preview.unmatched.length})</summary>
								<ul className="mt-2 max-h-60 overflow-y-auto text-sm text-muted" data-testid="service-import-unmatched">
									{preview.unmatched.map((row) => (
										<li key={row.origin}>
											{row.origin}: {row.reason}
										</li>
									))}
								</ul>
							</details>
						) : null}
						{preview.plan.duplicates.length > 0 ? (
							<details>
								<summary className="cursor-pointer text-sm font-medium">Duplicates, left out ({preview.plan.duplicates.length})</summary>
								<ul className="mt-2 max-h-60 overflow-y-auto text-sm text-muted" data-testid="service-import-duplicates">
									{preview.plan.duplicates.map((row) => (
										<li key={row.origin}>
											{row.origin}: {row.title}, {row.reason.toLowerCase()}
										</li>
									))}
								</ul>
							</details>
						) : null}
						<div className="flex flex-wrap gap-2">
							<Button onClick={() => apply(preview.plan)} disabled={adds === 0}>
								{adds === 0 ? 'Nothing to import' : `Import ${plural(adds, 'title', 'titles')}`}
							</Button>
							<Button variant="secondary" onClick={() => setState({ phase: 'idle' })}>
								Cancel
							</Button>
						</div>
					</div>
				) : null}
			</div>
		</section>
	)
}
