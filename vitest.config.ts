import { defineConfig } from 'vitest/config'

export default defineConfig({
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
		environment: 'node',
		// Integration tests share one PostgreSQL and one Redis; files run in
		// parallel but each creates its own throwaway database or key prefix.
		testTimeout: 20_000,
		hookTimeout: 60_000,
		pool: 'forks',
		globalSetup: ['tests/support/vitest-global-setup.ts'],
		// A focused test (.only) fails the run instead of silently skipping the rest (Vitest allows it outside CI by default).
		allowOnly: false,
	},
})
