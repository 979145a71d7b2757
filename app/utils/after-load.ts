import { useEffect, useState } from 'react'

// Work a visitor did not ask for (the library boot and sync, the info modals,
// the rotating search placeholder, where to watch, the floating widget) waits
// until the page has loaded and the browser is idle, so it neither delays the
// first paint and hydration nor piles up into long tasks right after them
// (issue 27, decision 0043). Each caller gets an idle period of its own, in
// the order they asked: one piece of work per idle callback, not all at once.

/** How long an idle callback may wait for an idle moment on a page that is never idle. */
const IDLE_TIMEOUT_MS = 3_000

let queue: Promise<void> | undefined

function loaded(): Promise<void> {
	return new Promise((resolve) => {
		if (document.readyState === 'complete') resolve()
		else window.addEventListener('load', () => resolve(), { once: true })
	})
}

function idle(): Promise<void> {
	return new Promise((resolve) => {
		if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS })
		else setTimeout(resolve, 1)
	})
}

/** Resolves in an idle period after the page's load event, one caller per idle period. */
export function afterLoad(): Promise<void> {
	queue = (queue ?? loaded()).then(idle)
	return queue
}

/** False on the server, while hydrating and until afterLoad() resolves for this mount; true from then on. */
export function useAfterLoad(): boolean {
	const [ready, setReady] = useState(false)
	useEffect(() => {
		let mounted = true
		void afterLoad().then(() => {
			if (mounted) setReady(true)
		})
		return () => {
			mounted = false
		}
	}, [])
	return ready
}
