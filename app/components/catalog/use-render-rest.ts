import { startTransition, useEffect, useState, type RefObject } from 'react'

/**
 * For lists whose HTML carries only the first items: tells when to render the
 * rest. That is once the list's element is on screen, or at once through
 * `renderRest` (hover, focus, scroll), in a transition so it never holds up
 * input. Long pages of rows send and hydrate far less markup this way.
 */
export function useRenderRest(ref: RefObject<Element | null>, needed: boolean) {
	const [done, setDone] = useState(!needed)
	useEffect(() => {
		const node = ref.current
		if (done || !node) return
		if (typeof IntersectionObserver === 'undefined') {
			startTransition(() => setDone(true))
			return
		}
		const observer = new IntersectionObserver((entries) => {
			if (!entries.some((entry) => entry.isIntersecting)) return
			observer.disconnect()
			startTransition(() => setDone(true))
		})
		observer.observe(node)
		return () => observer.disconnect()
	}, [ref, done])
	const renderRest = () => {
		if (!done) startTransition(() => setDone(true))
	}
	return { all: done, renderRest, renderRestNow: () => setDone(true) }
}
