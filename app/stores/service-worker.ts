import { useEffect } from 'react'
import { useLocation } from 'react-router'

// The browser side of the service worker (app/service-worker/sw.ts, decision 0030):
// registered once the page has loaded and the browser is idle, so installing it
// (it downloads the client build) never competes with the first load. Loaded
// after hydration with the device boot, so it adds nothing to the first load.

const SCRIPT = '/sw.js'

let registering: Promise<ServiceWorkerRegistration | undefined> | undefined

function supported(): boolean {
	return typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator
}

function afterLoadAndIdle(): Promise<void> {
	return new Promise((resolve) => {
		const idle = () =>
			typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 5_000 }) : setTimeout(resolve, 1_000)
		if (document.readyState === 'complete') idle()
		else window.addEventListener('load', idle, { once: true })
	})
}

/** Registers /sw.js for the whole site (once per page load); undefined where it cannot be. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
	if (!supported()) return Promise.resolve(undefined)
	registering ??= afterLoadAndIdle()
		.then(() => navigator.serviceWorker.register(SCRIPT, { scope: '/', updateViaCache: 'none' }))
		.catch(() => undefined)
	return registering
}

/** Tells the worker which page is shown, so it keeps a copy without user data for offline use. */
async function reportVisit(url: string) {
	const registration = await registerServiceWorker()
	if (!registration) return
	const ready = await navigator.serviceWorker.ready
	ready.active?.postMessage({ type: 'visited', url })
}

/** Mounted once in the device boot: registers the worker and reports every page shown. */
export function useServiceWorker() {
	const { pathname, search } = useLocation()
	useEffect(() => {
		if (!import.meta.env.PROD) return
		void reportVisit(`${pathname}${search}`).catch(() => {})
	}, [pathname, search])
}
