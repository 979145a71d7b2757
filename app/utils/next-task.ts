/**
 * Runs `work` in a task of its own, after the current one, and resolves with what it returns.
 *
 * For an `import()` asked for inside a long task (React hydrating, or the effects that follow
 * it): the bundle's preload helper adds a `<link rel="modulepreload">` per module the chunk
 * needs, synchronously, and on /bookmarks that made hydration's task 18 ms longer (72 ms of
 * Lighthouse's simulated time, most of it blocking). A timer puts that work in a task the
 * browser can run between others (issue 27).
 */
export function inNextTask<T>(work: () => T | Promise<T>): Promise<T> {
	return new Promise<void>((resolve) => setTimeout(resolve)).then(work)
}
