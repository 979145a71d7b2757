import { Download, X } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { IconButton } from '#app/components/ui/icon-button.tsx'
import { downloadGroups } from '#app/lib/player/watch-flow.ts'
import type { LookupOutcome } from '#app/stores/stream-lookups.ts'
import type { WatchPhase } from './use-watch-flow.ts'

/**
 * The download panel: a modal dialog (native <dialog>: focus is trapped and
 * Escape closes it) listing each stream's files by quality, its HLS playlist
 * and its caption files, with loading and empty states.
 */
export function DownloadPanel({
	open,
	onClose,
	title,
	phase,
	outcome,
}: {
	open: boolean
	onClose: () => void
	title: string
	phase: WatchPhase
	outcome: LookupOutcome | null
}) {
	const dialog = useRef<HTMLDialogElement>(null)
	const headingId = useId()
	useEffect(() => {
		const node = dialog.current
		if (!node) return
		if (open && !node.open) node.showModal()
		if (!open && node.open) node.close()
	}, [open])
	const groups = outcome ? downloadGroups(outcome.streams, outcome.subtitles) : []
	return (
		<dialog
			ref={dialog}
			aria-labelledby={headingId}
			onClose={onClose}
			onClick={(event) => {
				// A click on the backdrop (the dialog element itself) closes it.
				if (event.target === event.currentTarget) onClose()
			}}
			className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-border bg-surface p-0 text-foreground shadow-2xl backdrop:bg-black/70"
			data-testid="download-panel"
		>
			<div className="flex max-h-[80vh] flex-col gap-4 overflow-y-auto p-5">
				<div className="flex items-start justify-between gap-3">
					<h2 id={headingId} className="text-lg font-semibold">
						Download {title}
					</h2>
					<IconButton label="Close download panel" variant="ghost" onClick={onClose}>
						<X className="h-5 w-5" aria-hidden="true" />
					</IconButton>
				</div>
				<div role="status" aria-live="polite" className="text-sm text-muted">
					{phase === 'looking'
						? 'Looking for files…'
						: phase === 'failed' || (phase === 'found' && groups.length === 0)
							? 'No files to download were found.'
							: null}
				</div>
				{groups.map((group) => (
					<section key={group.id} aria-label={group.title} className="flex flex-col gap-2" data-testid="download-group">
						<h3 className="font-medium">{group.title}</h3>
						{group.files.length > 0 ? (
							<ul className="flex flex-wrap gap-2">
								{group.files.map((file) => (
									<li key={file.url}>
										<a
											href={file.url}
											download
											className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm hover:bg-surface-2"
											data-testid="download-file"
										>
											<Download className="h-4 w-4" aria-hidden="true" />
											{file.label}
											<span className="text-xs text-muted">{file.format}</span>
										</a>
									</li>
								))}
							</ul>
						) : null}
						{group.captions.length > 0 ? (
							<>
								<h4 className="text-sm text-muted">Captions</h4>
								<ul className="flex flex-wrap gap-2">
									{group.captions.map((caption) => (
										<li key={caption.url}>
											<a
												href={caption.url}
												download
												className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-2"
												data-testid="download-caption"
											>
												{caption.label}
												<span className="text-xs text-muted">{caption.format}</span>
											</a>
										</li>
									))}
								</ul>
							</>
						) : null}
					</section>
				))}
			</div>
		</dialog>
	)
}
