import { lazy, memo, Suspense, type ComponentType, type ReactNode } from 'react'
import { captureEarlyInput } from '#app/utils/early-input.ts'
import { inNextTask } from '#app/utils/next-task.ts'

/** The parts whose modules the server is still importing. */
const loadingOnServer = new Set<Promise<void>>()

/**
 * On the server: resolves once every lazily hydrated part's module has been imported (undefined when
 * none is pending). The first page request after a start waits for it (entry.server.tsx), so no part
 * suspends in its render.
 */
export function serverPartsLoaded(): Promise<unknown> | undefined {
	return loadingOnServer.size > 0 ? Promise.all(loadingOnServer) : undefined
}

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
	// The browser asks for the chunk in a task of its own, not in hydration's (see inNextTask). Once it
	// has come, and before the part hydrates, what was chosen or typed in the part's controls since the
	// page hydrated is taken down too (entry.client took down only what came before): React puts back the
	// server's value when it hydrates them, and a CI run lost an episode picked in that window.
	const Loaded = lazy(() =>
		inNextTask(load).then((component) => {
			captureEarlyInput()
			return { default: component }
		}),
	)
	// On the server the part's module is imported at once, when the route module is: a lazy component
	// suspends on its first render, and a part that suspends is sent after the rest of the page and put
	// in by script after the first paint, moving what is below it. So each page's first visitor after a
	// server start saw it move (Lighthouse on a fresh server: CLS 0.37-0.64 on /movies).
	let loadedOnServer: ComponentType<Props> | undefined
	if (import.meta.env.SSR) {
		const loading: Promise<void> = load()
			.then(
				(component) => void (loadedOnServer = component),
				() => {}, // The lazy component reports it when rendered.
			)
			.finally(() => loadingOnServer.delete(loading))
		loadingOnServer.add(loading)
	}
	function LazyHydrated(props: Props) {
		const Part = (import.meta.env.SSR && loadedOnServer) || Loaded
		return (
			<Suspense fallback={fallback}>
				<Part {...props} />
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
