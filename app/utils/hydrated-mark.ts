import { useEffect, useSyncExternalStore } from 'react'

/**
 * Marks `<html data-hydrated>` once React has hydrated the document. A loaded
 * route module does not mean its handlers are attached: a change made before
 * this (a select picked, a key typed) can be lost to hydration, so the
 * end-to-end tests wait for the mark before they touch a control.
 */
export function useHydratedMark() {
	useEffect(() => {
		document.documentElement.dataset.hydrated = ''
	}, [])
}

const subscribeNothing = () => () => {}

/** False on the server and while this component hydrates; true from the render after (and for a component mounted later). */
export function useHydrated() {
	return useSyncExternalStore(
		subscribeNothing,
		() => true,
		() => false,
	)
}

/** In the browser: whether the document has hydrated (the mark above is set). False while it hydrates. */
export function documentHydrated(): boolean {
	return document.documentElement.hasAttribute('data-hydrated')
}
