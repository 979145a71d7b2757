import { afterAll, beforeAll } from 'vitest'
import { startApi, type RunningApi } from './api-test-client.ts'
import type { Dialect } from '#server/db/db.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { createTestDatabase, type TestDatabase } from './db.ts'

/**
 * For a describe block: a throwaway database of the dialect and the API on it,
 * behind a trusted proxy so each test client can stand for its own address.
 * Read `api` and `testDb` inside tests (they exist once beforeAll has run).
 */
export function useApiOnTestDatabase(dialect: Dialect) {
	const running = {} as { api: RunningApi; testDb: TestDatabase }
	beforeAll(async () => {
		process.env.TRUST_PROXY = 'true'
		resetEnvForTests()
		running.testDb = await createTestDatabase(dialect)
		running.api = await startApi(running.testDb.handle)
	})
	afterAll(async () => {
		await running.api?.close()
		await running.testDb?.destroy()
		delete process.env.TRUST_PROXY
		resetEnvForTests()
	})
	return running
}
