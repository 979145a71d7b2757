import { useServiceWorker } from '#app/stores/service-worker.ts'

/**
 * The service worker (offline use, decision 0030), loaded after hydration by
 * LibraryBoot on every device: on its own, so a first visit registers it
 * without loading the device boot's zod and library schemas.
 */
export default function ServiceWorkerBoot() {
	useServiceWorker()
	return null
}
