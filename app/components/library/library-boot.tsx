import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { useRouteLoaderData } from 'react-router'
import { configureAnalytics } from '#app/stores/analytics.ts'
import { useTheme } from '#app/stores/theme.ts'
import { onToastHostNeeded, TOASTER_PROPS, toastHostNeeded } from '#app/stores/toast.ts'

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))
const DeviceBoot = lazy(() => import('./device-boot.tsx'))
const noSubscription = () => () => {}

/**
 * Mounted once in the root shell: the library's load-time migrations and then
 * the account sync (DeviceBoot, loaded after hydration), the toast host
 * (product.md §9: bottom-right, 3 visible, 14 px gap, 4 s; loaded with the first
 * toast), and the configured analytics endpoint, if any.
 */
export function LibraryBoot() {
	const endpoint = (useRouteLoaderData('root') as { analyticsEndpoint?: string | null } | undefined)?.analyticsEndpoint
	useEffect(() => configureAnalytics({ endpoint }), [endpoint])
	// False on the server and while hydrating, true from the render after: DeviceBoot loads once the page is interactive.
	const hydrated = useSyncExternalStore(
		noSubscription,
		() => true,
		() => false,
	)
	const theme = useTheme()
	const needed = useSyncExternalStore(onToastHostNeeded, toastHostNeeded, () => false)
	return (
		<>
			{hydrated ? (
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
