import { lazy, Suspense, useId, useState } from 'react'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import type { WatchOptions } from '#app/lib/catalog/watch-providers.ts'
import { DEFAULT_WATCH_REGION } from '#app/lib/sync/settings-options.ts'
import { LIBRARY_KEYS, useDeviceHolds } from '#app/stores/device-presence.ts'
import { useAfterLoad } from '#app/utils/after-load.ts'

// "Where to watch" on the movie and series pages. The region comes from the
// viewer's settings or browser, which the server does not know: the server
// renders the section's frame, and the offers appear for the right region
// once the page has loaded and the browser is idle (no flash of another
// region's offers, and no work competing with the first paint). A device
// that has stored settings loads the settings store (and zod) with the
// offers; one that has not shows the automatic region and loads the store
// only when a region is picked (decision 0064).
const WhereToWatchOffers = lazy(() => import('./where-to-watch-offers.tsx').then((m) => ({ default: m.WhereToWatchOffers })))
const StoredWhereToWatchOffers = lazy(() => import('./where-to-watch-stored.tsx').then((m) => ({ default: m.StoredWhereToWatchOffers })))

/** The settings store, loaded when the visitor reaches for the region picker (so a pick is saved at once). */
const settingsStore = () => import('#app/stores/settings.ts')

/** A region picked on a device without settings: shown at once, saved as the setting once the store has loaded. */
function saveRegion(region: string) {
	void settingsStore().then(({ updateSetting }) => updateSetting('content.watchRegion', region))
}

function OffersPlaceholder() {
	return (
		<div role="status" className="flex flex-col gap-3">
			<span className="sr-only">Loading where to watch…</span>
			<Skeleton className="h-5 w-40" />
			<div className="flex gap-3">
				<Skeleton className="h-12 w-12" />
				<Skeleton className="h-12 w-12" />
				<Skeleton className="h-12 w-12" />
			</div>
		</div>
	)
}

export function WhereToWatch({ options, title }: { options: WatchOptions; title: string }) {
	const id = useId()
	const ready = useAfterLoad()
	const holdsSettings = useDeviceHolds(LIBRARY_KEYS)
	// Chosen once, when the offers first show: a setting saved from this section later keeps the offers as they are.
	const [source, setSource] = useState<'stored' | 'default' | null>(null)
	if (ready && source === null) setSource(holdsSettings ? 'stored' : 'default')
	const [picked, setPicked] = useState<string | null>(null)
	return (
		<section
			aria-labelledby={`${id}-heading`}
			className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 sm:p-6"
			data-testid="where-to-watch"
		>
			<h2 id={`${id}-heading`} className="text-xl font-semibold">
				Where to watch
			</h2>
			{source ? (
				<Suspense fallback={<OffersPlaceholder />}>
					{source === 'stored' ? (
						<StoredWhereToWatchOffers options={options} title={title} />
					) : (
						<WhereToWatchOffers
							options={options}
							title={title}
							regionSetting={picked ?? DEFAULT_WATCH_REGION}
							onRegionIntent={() => void settingsStore().catch(() => {})}
							onRegionChange={(region) => {
								setPicked(region)
								saveRegion(region)
							}}
						/>
					)}
				</Suspense>
			) : (
				<OffersPlaceholder />
			)}
		</section>
	)
}
