import * as Dialog from '@radix-ui/react-dialog'
import { Search, X } from 'lucide-react'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { filterSearchResults, OVERLAY_SKELETON_ROWS, SEARCH_DEBOUNCE_MS, type SearchResult } from '#app/lib/browse/search.ts'
import type { TmdbMultiItem, TmdbPage } from '#app/lib/catalog/tmdb-types.ts'
import { catalogRequest } from '#app/utils/api-client.ts'
import { SearchResultRow } from './search-result-row.tsx'
import { RotatingPlaceholder } from './rotating-placeholder.tsx'
import { usePopularTitles } from './use-popular-titles.ts'

export const OVERLAY_EMPTY_TEXT = 'No results found'
export const OVERLAY_ERROR_TEXT = 'Error fetching search results'

type OverlayState =
	| { kind: 'idle' }
	| { kind: 'loading' }
	| { kind: 'results'; query: string; results: SearchResult[] }
	| { kind: 'empty' }
	| { kind: 'error' }

/**
 * The full-screen search overlay (product.md §2, §4). Searches 300 ms after the
 * last keystroke; shows four pulsing rows while loading, then results, "No
 * results found", or the error in red. Closes on Escape, Close, a backdrop
 * click, the advanced-search link and any route change; Radix locks page
 * scrolling while it is open.
 *
 * It takes over whatever was typed into the header box while its code loaded
 * (`takeDraft`). Enter opens the search page for the query; the arrow keys
 * move between the box and the results, and Enter on a result opens it.
 */
export default function SearchOverlay({
	open,
	onClose,
	onDismiss = onClose,
	takeDraft,
}: {
	open: boolean
	/** Closed by navigating away (a result, Enter, the advanced search). */
	onClose: () => void
	/** Closed by Escape, Close or a click beside it. */
	onDismiss?: () => void
	takeDraft?: () => string
}) {
	const location = useLocation()
	const navigate = useNavigate()
	const [openedAt] = useState(location.pathname + location.search)
	const [query, setQuery] = useState('')
	const [state, setState] = useState<OverlayState>({ kind: 'idle' })
	const titles = usePopularTitles()
	const inputRef = useRef<HTMLInputElement>(null)
	const resultsRef = useRef<HTMLDivElement>(null)

	useEffect(() => {
		if (location.pathname + location.search !== openedAt) onClose()
	}, [location.pathname, location.search, openedAt, onClose])

	useEffect(() => {
		const text = query.trim()
		if (!text) {
			setState({ kind: 'idle' })
			return
		}
		const controller = new AbortController()
		const timer = window.setTimeout(() => {
			// Earlier results stay (dimmed and busy) until this answer comes; skeleton rows only replace nothing.
			setState((previous) => (previous.kind === 'results' ? previous : { kind: 'loading' }))
			catalogRequest<TmdbPage<TmdbMultiItem>>('/search/multi', { query: text, page: 1 }, controller.signal)
				.then((page) => {
					const results = filterSearchResults(page.results ?? [], 'all')
					setState(results.length ? { kind: 'results', query: text, results } : { kind: 'empty' })
				})
				.catch((error: unknown) => {
					if ((error as Error).name !== 'AbortError') setState({ kind: 'error' })
				})
		}, SEARCH_DEBOUNCE_MS)
		return () => {
			window.clearTimeout(timer)
			controller.abort()
		}
	}, [query])

	// Results for an earlier query stay on screen until the new one's answer comes (no flash of
	// skeleton rows), but dimmed and busy, and the arrow keys do not walk into them: a fast ArrowDown + Enter would open a
	// title for the shorter query.
	const stale = state.kind === 'results' && state.query !== query.trim()
	const advancedHref = useMemo(() => `/search${query.trim() ? `?query=${encodeURIComponent(query.trim())}` : ''}`, [query])

	return (
		<Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onDismiss())}>
			<Dialog.Portal>
				<Dialog.Overlay className="fixed inset-0 z-50 bg-black/80 backdrop-blur-sm" data-testid="search-backdrop" />
				<Dialog.Content
					className="fixed inset-x-0 top-0 z-50 mx-auto flex max-h-[100dvh] w-full max-w-2xl flex-col gap-3 border-border bg-surface p-4 shadow-2xl sm:mt-16 sm:max-h-[80vh] sm:rounded-xl sm:border"
					onOpenAutoFocus={(event) => {
						event.preventDefault()
						const input = inputRef.current
						if (!input) return
						// The draft goes into the box at once (not only on the next render), so a
						// key typed before React renders again is appended to it, not to ''.
						const draft = takeDraft?.() ?? ''
						if (draft) {
							input.value = draft
							setQuery(draft)
						}
						input.focus()
					}}
					onKeyDown={(event) => moveThroughResults(event, inputRef.current, stale ? null : resultsRef.current)}
					data-testid="search-overlay"
				>
					<Dialog.Title className="sr-only">Search</Dialog.Title>
					<Dialog.Description className="sr-only">Search movies and series by name. Results appear as you type.</Dialog.Description>
					<form
						role="search"
						className="flex items-center gap-2"
						onSubmit={(event) => {
							event.preventDefault()
							if (query.trim()) void navigate(advancedHref)
						}}
					>
						<div className="relative flex-1">
							<Search className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-muted" aria-hidden="true" />
							<input
								ref={inputRef}
								type="search"
								aria-label="Search a movie, series or anime name"
								value={query}
								onChange={(event) => setQuery(event.target.value)}
								autoComplete="off"
								className="h-12 w-full rounded-lg border border-border bg-surface-2 pr-3 pl-10"
								data-testid="search-overlay-input"
							/>
							{query === '' ? <RotatingPlaceholder titles={titles} active={open} className="right-3 left-10" /> : null}
						</div>
						<Dialog.Close className="rounded-md p-2 hover:bg-surface-2" aria-label="Close" data-testid="search-close">
							<X className="h-5 w-5" aria-hidden="true" />
						</Dialog.Close>
					</form>
					<div
						ref={resultsRef}
						className="relative min-h-0 flex-1 overflow-y-auto"
						aria-live="polite"
						aria-busy={state.kind === 'loading' || stale}
					>
						{state.kind === 'loading' ? (
							<ul aria-label="Loading results" data-testid="search-skeleton">
								{Array.from({ length: OVERLAY_SKELETON_ROWS }, (_, i) => (
									<li key={i} className="flex animate-pulse gap-3 p-2 motion-reduce:animate-none" data-testid="search-skeleton-row">
										<div className="h-[69px] w-[46px] rounded bg-surface-3" />
										<div className="flex flex-1 flex-col gap-2">
											<div className="h-4 w-1/2 rounded bg-surface-3" />
											<div className="h-3 w-1/4 rounded bg-surface-3" />
											<div className="h-3 w-3/4 rounded bg-surface-3" />
										</div>
									</li>
								))}
							</ul>
						) : state.kind === 'results' ? (
							<ul aria-label="Search results" className={stale ? 'opacity-60' : undefined} data-stale={stale || undefined}>
								{state.results.map((item) => (
									<li key={`${item.media_type}-${item.id}`}>
										<SearchResultRow item={item} onNavigate={onClose} />
									</li>
								))}
							</ul>
						) : state.kind === 'empty' ? (
							<p className="p-4 text-center text-muted" data-testid="search-empty">
								{OVERLAY_EMPTY_TEXT}
							</p>
						) : state.kind === 'error' ? (
							<p role="alert" className="p-4 text-center font-medium text-red-700 dark:text-red-400" data-testid="search-error">
								{OVERLAY_ERROR_TEXT}
							</p>
						) : (
							<p className="p-4 text-center text-sm text-muted">Type a title to search movies and series.</p>
						)}
					</div>
					<p className="text-sm">
						<Link to={advancedHref} onClick={onClose} className="text-accent underline" data-testid="advanced-search-link">
							Advanced search
						</Link>
					</p>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}

/** ArrowDown and ArrowUp walk from the search box through the result links and back. */
function moveThroughResults(event: KeyboardEvent, input: HTMLInputElement | null, results: HTMLElement | null) {
	if ((event.key !== 'ArrowDown' && event.key !== 'ArrowUp') || !input || !results) return
	const stops: HTMLElement[] = [input, ...results.querySelectorAll<HTMLElement>('[data-testid="search-result"]')]
	const at = stops.indexOf(document.activeElement as HTMLElement)
	if (at < 0 || stops.length < 2) return
	event.preventDefault()
	const next = event.key === 'ArrowDown' ? Math.min(at + 1, stops.length - 1) : Math.max(at - 1, 0)
	stops[next]!.focus()
}
