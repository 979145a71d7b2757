import { useEffect } from 'react'
import { useHydrated } from './hydrated-mark.ts'

/**
 * Clicks on buttons whose handlers are not attached yet. The page paints before its scripts
 * run (decisions 0053, 0060), and the parts that work only once clicked hydrate when their own
 * chunk arrives (decision 0043): on a slow phone, Watch or Download can be tapped seconds
 * before React listens, and the tap did nothing. A button rendered with `data-early-click`
 * (the attribute goes at the render after its hydration) has such a click held by the
 * listener below, installed by an inline script in the document's head before the body is
 * parsed; the button's component replays it once its handlers are there (decision 0065).
 */
declare global {
	interface Window {
		/** The buttons clicked before they hydrated, in order, each once (the inline script's queue). */
		__earlyClicks?: Element[]
	}
}

const ATTRIBUTE = 'data-early-click'

/**
 * The inline script: a capture listener on the window, so it runs before React's own listeners.
 * It swallows the click (a second tap on the same button is not a second action) and keeps the button.
 */
export const EARLY_CLICK_SCRIPT = `(function(){var q=window.__earlyClicks=[];addEventListener('click',function(e){var t=e.target,b=t instanceof Element?t.closest('[${ATTRIBUTE}]'):null;if(!b)return;e.preventDefault();e.stopImmediatePropagation();if(q.indexOf(b)<0)q.push(b)},true)})()`

/** Clicks the held buttons that have hydrated since (their attribute gone) and are still on the page. */
function replayEarlyClicks() {
	const queue = window.__earlyClicks
	if (!queue) return
	for (const button of [...queue]) {
		if (button.hasAttribute(ATTRIBUTE)) continue
		queue.splice(queue.indexOf(button), 1)
		if (button.isConnected && button instanceof HTMLElement) button.click()
	}
}

/**
 * For a component whose buttons may be clicked before it hydrates: spread `early(name)` on
 * each such button. Until the component has hydrated it marks the button; after, it marks
 * nothing, and the clicks held meanwhile are replayed.
 */
export function useEarlyClicks() {
	const hydrated = useHydrated()
	useEffect(() => {
		if (hydrated) replayEarlyClicks()
	}, [hydrated])
	return (name: string): { [ATTRIBUTE]?: string } => (hydrated ? {} : { [ATTRIBUTE]: name })
}
