import { afterEach, describe, expect, it } from 'vitest'
import { resetEnvForTests } from '#server/env.server.ts'
import { loader as errorTestLoader } from './error-test.tsx'
import { loader as playbackSyncTestLoader } from './playback-sync-test.tsx'

// The test-only pages follow the parsed ENABLE_TEST_ROUTES, as the test cookies
// do: "1" turns both on, anything off answers 404.

const saved = process.env.ENABLE_TEST_ROUTES

afterEach(() => {
	if (saved === undefined) delete process.env.ENABLE_TEST_ROUTES
	else process.env.ENABLE_TEST_ROUTES = saved
	resetEnvForTests()
})

function setSwitch(value: string | undefined) {
	if (value === undefined) delete process.env.ENABLE_TEST_ROUTES
	else process.env.ENABLE_TEST_ROUTES = value
	resetEnvForTests()
}

/** The HTTP status a loader answers: 200 for a value, the status of a thrown `data()`, or 500 for a thrown Error. */
function statusOf(loader: () => unknown): number {
	try {
		loader()
		return 200
	} catch (thrown) {
		if (thrown instanceof Error) return 500
		const init = (thrown as { init?: { status?: number } }).init
		return init?.status ?? 200
	}
}

describe('test-only routes', () => {
	for (const value of ['true', '1']) {
		it(`answer when ENABLE_TEST_ROUTES=${value}`, () => {
			setSwitch(value)
			expect(statusOf(playbackSyncTestLoader)).toBe(200)
			// The error page's whole point is its deliberate error.
			expect(() => errorTestLoader()).toThrow('Deliberate test error')
		})
	}

	for (const value of [undefined, 'false', '0']) {
		it(`answer 404 when ENABLE_TEST_ROUTES is ${value ?? 'unset'}`, () => {
			setSwitch(value)
			expect(statusOf(playbackSyncTestLoader)).toBe(404)
			expect(statusOf(errorTestLoader)).toBe(404)
		})
	}
})
