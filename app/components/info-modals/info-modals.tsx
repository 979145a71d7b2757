import { lazy, Suspense, useSyncExternalStore } from 'react'

// The owner's info modals (product.md §2 "An info modal may appear on load", §4
// queue). Nothing of them is in a page's first load: once the page is
// interactive, the host chunk asks GET /modalData.json, and the dialog chunk
// loads only when there is a modal to show.
const InfoModalHost = lazy(() => import('./info-modal-host.tsx'))
const noSubscription = () => () => {}

/** Mounted once in the root shell. */
export function InfoModals() {
	// False on the server and while hydrating, true from the render after.
	const hydrated = useSyncExternalStore(
		noSubscription,
		() => true,
		() => false,
	)
	if (!hydrated) return null
	return (
		<Suspense fallback={null}>
			<InfoModalHost />
		</Suspense>
	)
}
