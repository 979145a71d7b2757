import { lazy, memo, Suspense, type ComponentType, type ReactNode } from 'react'

/**
 * A component whose code is not in the page's first load, though its HTML is:
 * the server renders it in full, and the browser keeps that HTML (and hydrates
 * everything around it) until the chunk arrives, then hydrates it. For parts
 * of a page that work only once clicked (the watch buttons, the episode
 * picker), so first-load JavaScript stays within its budget (decision 0043).
 *
 * It is memoised on the structure of its props: a parent re-rendering with
 * equal data (a route re-rendered when the router's state changes) must not
 * reach the boundary before its chunk has arrived, or React drops the
 * server's HTML for the fallback and the page shifts.
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
	return memo(LazyHydrated, sameData)
}

/** Equal plain data (objects, arrays, primitives; anything else by identity), as props from loader data are. */
export function sameData(left: unknown, right: unknown): boolean {
	if (Object.is(left, right)) return true
	if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object') return false
	if (Array.isArray(left) !== Array.isArray(right)) return false
	const leftProto = Object.getPrototypeOf(left) as unknown
	if (leftProto !== Object.getPrototypeOf(right) || (leftProto !== Object.prototype && leftProto !== Array.prototype)) return false
	const leftKeys = Object.keys(left)
	if (leftKeys.length !== Object.keys(right).length) return false
	return leftKeys.every((key) => sameData((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]))
}
