import { resetEnvForTests } from '#server/env.server.ts'

/** Sets (or, for undefined, removes) environment settings and has the server read its environment again. */
export function setEnv(values: Record<string, string | undefined>) {
	for (const [key, value] of Object.entries(values)) {
		if (value === undefined) delete process.env[key]
		else process.env[key] = value
	}
	resetEnvForTests()
}

/**
 * The settings a test file changes, as they were when it started: `saved` holds them and
 * `restore()` puts them back (call it in afterAll), so no file leaks its environment into the next.
 */
export function keepEnv(keys: readonly string[]) {
	const saved: Record<string, string | undefined> = Object.fromEntries(keys.map((key) => [key, process.env[key]]))
	return { saved, restore: () => setEnv(saved) }
}
