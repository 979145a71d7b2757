import { lazy, Suspense } from 'react'
import { useAfterLoad } from '#app/utils/after-load.ts'

// The owner's info modals (product.md §2 "An info modal may appear on load", §4
// queue). Nothing of them is in a page's first load: once the page has
// loaded and the browser is idle, the host chunk asks GET /modalData.json, and the dialog chunk
// loads only when there is a modal to show.
const InfoModalHost = lazy(() => import('./info-modal-host.tsx'))

/** Mounted once in the root shell. */
export function InfoModals() {
	if (!useAfterLoad()) return null
	return (
		<Suspense fallback={null}>
			<InfoModalHost />
		</Suspense>
	)
}
