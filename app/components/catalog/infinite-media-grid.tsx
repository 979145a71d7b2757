import { useCallback, useEffect, useRef, useState } from 'react'
import { infiniteTriggerIndex } from '#app/lib/browse/lists.ts'
import { uniqueMedia } from '#app/lib/browse/media.ts'
import { Button } from '#app/components/ui/button.tsx'
import type { CardMedia } from './media-card.tsx'
import { MediaGrid } from './media-row.tsx'

export interface LoadedPage {
	items: CardMedia[]
	/** Whether another page may follow (the caller applies the stop rule). */
	hasMore: boolean
}

/**
 * A grid that loads the next page when its fifth-from-last item becomes
 * visible (product.md §4), and stops once a page comes back short. A "Load more"
 * button does the same for keyboard users and browsers without observers.
 */
export function InfiniteMediaGrid({
	label,
	initialItems,
	initialHasMore,
	loadPage,
	emptyText,
}: {
	label: string
	initialItems: CardMedia[]
	initialHasMore: boolean
	loadPage: (page: number, signal: AbortSignal) => Promise<LoadedPage>
	emptyText: string
}) {
	const [items, setItems] = useState(initialItems)
	const [hasMore, setHasMore] = useState(initialHasMore)
	const [page, setPage] = useState(1)
	const [loading, setLoading] = useState(false)
	const [error, setError] = useState(false)
	const inFlight = useRef<AbortController | null>(null)
	const [trigger, setTrigger] = useState<HTMLLIElement | null>(null)

	useEffect(() => () => inFlight.current?.abort(), [])

	const loadMore = useCallback(() => {
		if (loading || !hasMore || inFlight.current) return
		const controller = new AbortController()
		inFlight.current = controller
		setLoading(true)
		setError(false)
		loadPage(page + 1, controller.signal)
			.then((next) => {
				setItems((current) => uniqueMedia([...current, ...next.items]))
				setHasMore(next.hasMore)
				setPage((p) => p + 1)
			})
			.catch((reason: unknown) => {
				if ((reason as Error).name !== 'AbortError') setError(true)
			})
			.finally(() => {
				if (inFlight.current === controller) inFlight.current = null
				setLoading(false)
			})
	}, [loading, hasMore, loadPage, page])

	useEffect(() => {
		if (!trigger || !hasMore || typeof IntersectionObserver === 'undefined') return
		const observer = new IntersectionObserver((entries) => {
			if (entries.some((entry) => entry.isIntersecting)) loadMore()
		})
		observer.observe(trigger)
		return () => observer.disconnect()
	}, [trigger, hasMore, loadMore])

	const triggerIndex = infiniteTriggerIndex(items.length)
	if (items.length === 0) {
		return (
			<p className="py-12 text-center text-muted" data-testid="grid-empty">
				{emptyText}
			</p>
		)
	}
	return (
		<div className="flex flex-col gap-6" data-testid="infinite-grid" data-page={page} data-count={items.length}>
			<MediaGrid items={items} label={label} priorityCount={6} itemRef={(index) => (index === triggerIndex ? setTrigger : undefined)} />
			<div className="flex justify-center" aria-live="polite">
				{error ? (
					<p className="text-sm text-muted">
						Could not load more.{' '}
						<Button variant="outline" size="sm" onClick={loadMore}>
							Try again
						</Button>
					</p>
				) : hasMore ? (
					<Button variant="outline" onClick={loadMore} disabled={loading} data-testid="load-more">
						{loading ? 'Loading…' : 'Load more'}
					</Button>
				) : (
					<p className="text-sm text-muted" data-testid="grid-end">
						You have reached the end.
					</p>
				)}
			</div>
		</div>
	)
}
