import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS_EVENT, configureAnalytics, track, type AnalyticsEvent } from './analytics.ts'

let win: EventTarget & { location: { pathname: string } }
const beacon = vi.fn((_url: string, _body: Blob) => true)

beforeEach(() => {
	win = Object.assign(new EventTarget(), { location: { pathname: '/bookmarks' } })
	vi.stubGlobal('window', win)
	vi.stubGlobal('navigator', { sendBeacon: beacon })
	beacon.mockClear()
})
afterEach(() => {
	configureAnalytics({ endpoint: null })
	vi.unstubAllGlobals()
})

describe('analytics', () => {
	it('dispatches events in the page and sends nothing without an endpoint', () => {
		const seen: AnalyticsEvent[] = []
		win.addEventListener(ANALYTICS_EVENT, (e) => seen.push((e as CustomEvent<AnalyticsEvent>).detail))
		track('bookmark_add', { mediaId: 1, category: 'watchlist' })
		expect(seen).toMatchObject([{ name: 'bookmark_add', props: { mediaId: 1, category: 'watchlist' }, path: '/bookmarks' }])
		expect(beacon).not.toHaveBeenCalled()
	})

	it('sends each event as JSON to a configured endpoint', async () => {
		configureAnalytics({ endpoint: 'https://stats.example.org/e' })
		track('bookmark_remove', { mediaId: 2 })
		expect(beacon).toHaveBeenCalledTimes(1)
		const [url, body] = beacon.mock.calls[0]!
		expect(url).toBe('https://stats.example.org/e')
		expect(JSON.parse(await body.text())).toMatchObject({ name: 'bookmark_remove', props: { mediaId: 2 } })
	})

	it('is a no-op on the server', () => {
		vi.unstubAllGlobals()
		expect(() => track('x')).not.toThrow()
	})
})
