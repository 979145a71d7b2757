import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { useRouteLoaderData } from 'react-router'
import { useAfterLoad } from '#app/utils/after-load.ts'
import { inNextTask } from '#app/utils/next-task.ts'
import { LIBRARY_KEYS, useDeviceHolds } from '#app/stores/device-presence.ts'
import { useOptionalUser } from '#app/utils/user.ts'
import { useTheme } from '#app/stores/theme.ts'
import { onToastHostNeeded, TOASTER_PROPS, toastHostNeeded } from '#app/stores/toast.ts'

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))
const DeviceBoot = lazy(() => import('./device-boot.tsx'))
const ServiceWorkerBoot = lazy(() => import('./service-worker-boot.tsx'))

/**
 * Mounted once in the root shell: the library's load-time migrations and then
 * the account sync (DeviceBoot, loaded when the browser is idle after the load
 * event, on a device that holds a library or an account: a first visit loads
 * none of it until something is stored), the service worker, the toast host
 * (product.md §9: bottom-right, 3 visible, 14 px gap, 4 s; loaded with the first
 * toast), and the configured analytics endpoint, if any.
 */
export function LibraryBoot() {
	const endpoint = (useRouteLoaderData('root') as { analyticsEndpoint?: string | null } | undefined)?.analyticsEndpoint
	// Loaded, not imported: events come from the library store, itself loaded on demand, so the
	// analytics module (and the API client it sends with) stays out of the first load. Asked for in a
	// task of its own, not in hydration's effects (see inNextTask).
	useEffect(() => {
		let current = true
		void inNextTask(() => (current ? import('#app/stores/analytics.ts') : undefined)).then((analytics) => {
			if (current) analytics?.configureAnalytics({ endpoint })
		})
		return () => {
			current = false
		}
	}, [endpoint])
	// DeviceBoot (migrations, sync) and the service worker load in an idle period after the page's load event.
	const ready = useAfterLoad()
	const holdsLibrary = useDeviceHolds(LIBRARY_KEYS)
	const signedIn = useOptionalUser() !== null
	const theme = useTheme()
	const needed = useSyncExternalStore(onToastHostNeeded, toastHostNeeded, () => false)
	return (
		<>
			{ready ? (
				<Suspense fallback={null}>
					<ServiceWorkerBoot />
				</Suspense>
			) : null}
			{ready && (holdsLibrary || signedIn) ? (
				<Suspense fallback={null}>
					<DeviceBoot />
				</Suspense>
			) : null}
			{needed ? (
				<Suspense fallback={null}>
					<Toaster {...TOASTER_PROPS} theme={theme} closeButton />
				</Suspense>
			) : null}
		</>
	)
}
