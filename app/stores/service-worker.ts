import { useEffect } from 'react'
import { useLocation } from 'react-router'

// The browser side of the service worker (app/service-worker/sw.ts, decision 0030):
// registered ten seconds after the page has loaded, when the browser is idle, so
// installing it (it downloads the client build: over a hundred requests, and a
// second of CPU time across the browser's processes and the server) never competes
// with the first load and its hydration (decision 0069). Loaded after hydration
// with the device boot, so it adds nothing to the first load.

const SCRIPT = '/sw.js'

let registering: Promise<ServiceWorkerRegistration | undefined> | undefined

function supported(): boolean {
	return typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator
}

/** How long after the page's load the worker is registered. */
export const REGISTER_AFTER_LOAD_MS = 10_000

/** Resolves when the browser is idle, `delayMs` after the page's load. */
function afterLoadAndIdle(delayMs: number): Promise<void> {
	return new Promise((resolve) => {
		const idle = () =>
			typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 5_000 }) : setTimeout(resolve, 1_000)
		const later = () => setTimeout(idle, delayMs)
		if (document.readyState === 'complete') later()
		else window.addEventListener('load', later, { once: true })
	})
}

/** Registers /sw.js for the whole site (once per page load); undefined where it cannot be. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
	if (!supported()) return Promise.resolve(undefined)
	registering ??= afterLoadAndIdle(REGISTER_AFTER_LOAD_MS)
		.then(() => navigator.serviceWorker.register(SCRIPT, { scope: '/', updateViaCache: 'none' }))
		.catch(() => undefined)
	return registering
}

/**
 * Tells the worker which page is shown, so it keeps a copy without user data for offline use.
 * A worker that already controls the page (installed on an earlier load) hears once the page
 * has loaded and the browser is idle; only the first install waits REGISTER_AFTER_LOAD_MS.
 */
async function reportVisit(url: string) {
	if (!supported()) return
	const controller = navigator.serviceWorker.controller
	if (controller) {
		// Its copy is a request to the server: not while this page loads.
		await afterLoadAndIdle(0)
		controller.postMessage({ type: 'visited', url })
		// Still registered (late) on every load, so the browser checks for a new worker.
		void registerServiceWorker()
		return
	}
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
