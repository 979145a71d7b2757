import { Download, FileSpreadsheet, Upload } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import { buildLibraryFile, libraryFileName, mergeLibraryFile, parseLibraryFile } from '#app/lib/library/library-file.ts'
import { getBookmarkSnapshot, getHistorySnapshot, replaceBookmarkState, replaceWatchHistory } from '#app/stores/library.ts'
import { toast } from '#app/stores/toast.ts'

/** Saves a file the page made (an object URL on a temporary link). */
function downloadFile(blob: Blob, name: string) {
	const url = URL.createObjectURL(blob)
	const link = document.createElement('a')
	link.href = url
	link.download = name
	document.body.append(link)
	link.click()
	link.remove()
	setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Export the whole library as a JSON file (or a CSV for spreadsheets) and import one back (merged, never deleting). */
export function LibraryTransfer({ ready }: { ready: boolean }) {
	const input = useRef<HTMLInputElement>(null)
	const [result, setResult] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null)
	const ids = useId()

	const exportLibrary = () => {
		const bookmarks = getBookmarkSnapshot()
		const file = buildLibraryFile({ bookmarks, categories: bookmarks.customCategories, watchHistory: getHistorySnapshot().history })
		downloadFile(new Blob([JSON.stringify(file, null, '\t')], { type: 'application/json' }), libraryFileName())
		setResult({
			kind: 'ok',
			text: `Exported ${file.bookmarks.length} bookmarks and ${Object.keys(file.watchHistory).length} watched titles.`,
		})
	}

	const exportCsv = async () => {
		// The CSV writer loads only when asked for.
		const { buildLibraryCsv, libraryCsvFileName, libraryCsvRows } = await import('#app/lib/library/library-csv.ts')
		const contents = { bookmarks: getBookmarkSnapshot(), watchHistory: getHistorySnapshot().history }
		const rows = libraryCsvRows(contents)
		downloadFile(new Blob([buildLibraryCsv(contents)], { type: 'text/csv;charset=utf-8' }), libraryCsvFileName())
		const bookmarks = rows.filter((row) => row.record === 'bookmark').length
		setResult({
			kind: 'ok',
			text: `Exported ${bookmarks} ${bookmarks === 1 ? 'bookmark' : 'bookmarks'} and ${rows.length - bookmarks} watch history ${rows.length - bookmarks === 1 ? 'row' : 'rows'} as CSV.`,
		})
	}

	const importLibrary = async (file: File) => {
		const parsed = parseLibraryFile(await file.text())
		if (!parsed.ok) {
			setResult({ kind: 'error', text: parsed.error })
			return
		}
		const bookmarks = getBookmarkSnapshot()
		const { contents, summary } = mergeLibraryFile(
			{ bookmarks, categories: bookmarks.customCategories, watchHistory: getHistorySnapshot().history },
			parsed.file,
		)
		// A refused write has its own toast; the library then stays as it was.
		const now = Date.now()
		if (!replaceBookmarkState(contents.bookmarks, contents.categories, now)) {
			setResult({ kind: 'error', text: 'The library could not be saved on this device. Nothing was imported.' })
			return
		}
		if (!replaceWatchHistory(contents.watchHistory, now)) {
			setResult({ kind: 'error', text: 'Bookmarks were imported, but the watch history could not be saved on this device.' })
			return
		}
		const text = `Imported ${summary.bookmarksAdded} new ${summary.bookmarksAdded === 1 ? 'bookmark' : 'bookmarks'} and ${summary.historyItems} watched ${summary.historyItems === 1 ? 'title' : 'titles'}.`
		setResult({ kind: 'ok', text })
		toast.success(text)
	}

	return (
		<section aria-labelledby={`${ids}-heading`} className="rounded-lg border border-border bg-surface p-4">
			<h2 id={`${ids}-heading`} className="text-lg font-semibold">
				Export or import
			</h2>
			<p className="mt-1 text-sm text-muted">
				Your bookmarks, lists and watch history as one JSON file. Importing adds to what is here. The CSV file is for spreadsheets.
			</p>
			<div className="mt-3 flex flex-wrap gap-2">
				<Button variant="secondary" onClick={exportLibrary} disabled={!ready}>
					<Download className="h-4 w-4" aria-hidden="true" />
					Export library
				</Button>
				<Button variant="secondary" onClick={() => void exportCsv()} disabled={!ready} data-testid="export-csv">
					<FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
					Export CSV
				</Button>
				<label
					className={cn(
						buttonClass('outline'),
						'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
						!ready && 'pointer-events-none opacity-50',
					)}
				>
					<Upload className="h-4 w-4" aria-hidden="true" />
					Import library
					<input
						ref={input}
						type="file"
						accept="application/json,.json"
						className="sr-only"
						disabled={!ready}
						data-testid="import-library"
						onChange={(event) => {
							const file = event.target.files?.[0]
							event.target.value = ''
							if (file) void importLibrary(file)
						}}
					/>
				</label>
			</div>
			<p
				role={result?.kind === 'error' ? 'alert' : 'status'}
				className={cn('mt-2 text-sm', result?.kind === 'error' ? 'text-red-600 dark:text-red-400' : 'text-muted')}
				data-testid="import-result"
			>
				{result?.text}
			</p>
		</section>
	)
}
