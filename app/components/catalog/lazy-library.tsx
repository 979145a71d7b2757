import { lazy, startTransition, Suspense, useState } from 'react'
import type { BookmarkWake } from '#app/components/library/bookmark-button-look.ts'
import type { BookmarkButtonProps } from '#app/components/library/bookmark-button.tsx'
import { LIBRARY_KEYS, useDeviceHolds } from '#app/stores/device-presence.ts'
import { useHydrated } from '#app/utils/hydrated-mark.ts'

// The library controls bring the device store and toasts with them; loading
// them as separate chunks keeps them out of the pages' first-load JavaScript.
const BookmarkButton = lazy(() => import('#app/components/library/bookmark-button.tsx').then((m) => ({ default: m.BookmarkButton })))
// The stand-in shows only after hydration, so it stays out of the first load too (a chunk of about 1 KB).
const RestingBookmarkButton = lazy(() =>
	import('#app/components/library/resting-bookmark-button.tsx').then((m) => ({ default: m.RestingBookmarkButton })),
)
const ContinueWatchingRow = lazy(() =>
	import('#app/components/library/continue-watching-row.tsx').then((m) => ({ default: m.ContinueWatchingRow })),
)

const BOOKMARK_SKELETON = <div className="h-10 w-40 rounded-md bg-surface-2" aria-hidden="true" />

/**
 * The watchlist control on detail pages. The server cannot know this device's
 * lists, so it sends a placeholder. A device with a library loads the control;
 * one without shows a resting stand-in and loads the control only when the
 * visitor reaches for it (decision 0064).
 */
export function DetailBookmark(props: BookmarkButtonProps) {
	const hydrated = useHydrated()
	const holdsLibrary = useDeviceHolds(LIBRARY_KEYS)
	const [wake, setWake] = useState<BookmarkWake | null>(null)
	// While a pointer is pressed on the stand-in, the control does not take its place: the release would land on
	// another element and the click would be lost (a mouse over the stand-in can load the control mid-press).
	const [pressed, setPressed] = useState(false)
	const onPressChange = (next: boolean) => {
		if (next) setPressed(true)
		// A transition renders in a later task: the click that follows the release in the same task reaches the stand-in.
		else startTransition(() => setPressed(false))
	}
	const onWake = (next: BookmarkWake) => {
		// A transition: the stand-in stays on screen (and keeps the focus) until the control has loaded.
		startTransition(() =>
			setWake((current) => (current && current.action === next.action && current.focus === next.focus ? current : next)),
		)
	}
	if (!hydrated) return BOOKMARK_SKELETON
	return (
		<Suspense fallback={BOOKMARK_SKELETON}>
			{holdsLibrary || (wake && !pressed) ? (
				<BookmarkButton variant="full" {...props} {...(wake ? { wake } : {})} />
			) : (
				<RestingBookmarkButton
					title={props.title}
					{...(props.category ? { category: props.category } : {})}
					onWake={onWake}
					onPressChange={onPressChange}
				/>
			)}
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
