import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'

/**
 * A component whose code is not in the page's first load, though its HTML is:
 * the server renders it in full, and the browser keeps that HTML (and hydrates
 * everything around it) until the chunk arrives, then hydrates it. For parts
 * of a page that work only once clicked (the watch buttons, the episode
 * picker), so first-load JavaScript stays within its budget (decision 0043).
 */
export function lazyHydrated<Props extends object>(load: () => Promise<ComponentType<Props>>, fallback: ReactNode = null) {
	const Loaded = lazy(() => load().then((component) => ({ default: component })))
	function LazyHydrated(props: Props) {
		return (
			<Suspense fallback={fallback}>
				<Loaded {...props} />
			</Suspense>
		)
	}
	return LazyHydrated
}
