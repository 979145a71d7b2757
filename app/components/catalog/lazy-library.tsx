import { lazy, Suspense } from 'react'
import type { BookmarkButtonProps } from '#app/components/library/bookmark-button.tsx'
import { useDeviceHolds } from '#app/stores/device-presence.ts'

// The library controls bring the device store and toasts with them; loading
// them as separate chunks keeps them out of the pages' first-load JavaScript.
const BookmarkButton = lazy(() => import('#app/components/library/bookmark-button.tsx').then((m) => ({ default: m.BookmarkButton })))
const ContinueWatchingRow = lazy(() =>
	import('#app/components/library/continue-watching-row.tsx').then((m) => ({ default: m.ContinueWatchingRow })),
)

/** The watchlist control on detail pages. */
export function DetailBookmark(props: BookmarkButtonProps) {
	return (
		<Suspense fallback={<div className="h-10 w-40 rounded-md bg-surface-2" aria-hidden="true" />}>
			<BookmarkButton variant="full" {...props} />
		</Suspense>
	)
}

const HISTORY_KEYS = ['media-tracking'] as const

/**
 * Continue Watching on the home page. A device without a watch history loads
 * none of it (the row, the library store, zod): it appears when the history is
 * first written (a sync after signing in, another tab).
 */
export function HomeContinueWatching() {
	if (!useDeviceHolds(HISTORY_KEYS)) return null
	return (
		<Suspense fallback={null}>
			<ContinueWatchingRow />
		</Suspense>
	)
}
