import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { useRouteLoaderData } from 'react-router'
import { configureAnalytics } from '#app/utils/analytics.ts'
import { useLibraryBoot } from '#app/utils/library-boot.ts'
import { useTheme } from '#app/utils/theme.ts'
import { onToastHostNeeded, TOASTER_PROPS, toastHostNeeded } from '#app/utils/toast.ts'

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/**
 * Mounted once in the root shell, before the account sync: the library's
 * load-time migrations (so sync always sees migrated data), the toast host
 * (spec §9: bottom-right, 3 visible, 14 px gap, 4 s; loaded with the first
 * toast), and the configured analytics endpoint, if any.
 */
export function LibraryBoot() {
	const endpoint = (useRouteLoaderData('root') as { analyticsEndpoint?: string | null } | undefined)?.analyticsEndpoint
	useEffect(() => configureAnalytics({ endpoint }), [endpoint])
	useLibraryBoot()
	const { theme } = useTheme()
	const needed = useSyncExternalStore(onToastHostNeeded, toastHostNeeded, () => false)
	if (!needed) return null
	return (
		<Suspense fallback={null}>
			<Toaster {...TOASTER_PROPS} theme={theme} closeButton />
		</Suspense>
	)
}
