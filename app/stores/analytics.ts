/**
 * Product analytics: one small module, no third-party tracker. Events are
 * dispatched in the page (as `willow:analytics` events, for anything that
 * wants to observe them) and, only when an endpoint is configured, sent there
 * with sendBeacon. The server's ANALYTICS_ENDPOINT reaches it through the
 * root loader (see LibraryBoot). Events carry no personal data.
 */
import { sendInBackground } from '../utils/api-client.ts'

export type AnalyticsValue = string | number | boolean | null
export interface AnalyticsEvent {
	name: string
	props: Record<string, AnalyticsValue>
	at: number
	path?: string
}

export const ANALYTICS_EVENT = 'willow:analytics'

let endpoint: string | undefined

export function configureAnalytics(options: { endpoint?: string | null }) {
	endpoint = options.endpoint || undefined
}

export function analyticsEndpoint() {
	return endpoint
}

export function track(name: string, props: Record<string, AnalyticsValue> = {}) {
	if (typeof window === 'undefined') return
	const event: AnalyticsEvent = { name, props, at: Date.now(), path: window.location?.pathname }
	try {
		window.dispatchEvent(new CustomEvent<AnalyticsEvent>(ANALYTICS_EVENT, { detail: event }))
	} catch {
		// Observers never break the action that fired the event.
	}
	// Analytics is best effort: sendInBackground never throws.
	if (endpoint) sendInBackground(endpoint, event)
}
