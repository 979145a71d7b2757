import { lazy, Suspense } from 'react'
import type { BookmarkButtonProps } from '#app/components/library/bookmark-button.tsx'

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

/** Continue Watching on the home page (renders nothing for new visitors). */
export function HomeContinueWatching() {
	return (
		<Suspense fallback={null}>
			<ContinueWatchingRow />
		</Suspense>
	)
}
