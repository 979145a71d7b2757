import { afterEach, describe, expect, it } from 'vitest'
import { resetEnvForTests } from '#server/env.server.ts'
import { catalogFaultRequested } from './test-switches.server.ts'

const saved = process.env.ENABLE_TEST_ROUTES

afterEach(() => {
	if (saved === undefined) delete process.env.ENABLE_TEST_ROUTES
	else process.env.ENABLE_TEST_ROUTES = saved
	resetEnvForTests()
})

function withCookie(cookie: string) {
	return new Request('http://localhost/', { headers: { cookie } })
}

describe('test switches', () => {
	it('are inert unless ENABLE_TEST_ROUTES is on', () => {
		process.env.ENABLE_TEST_ROUTES = 'false'
		resetEnvForTests()
		expect(catalogFaultRequested(withCookie('willow-test-fault=catalog'))).toBe(false)
	})

	it('read the catalogue fault from its cookie when enabled', () => {
		process.env.ENABLE_TEST_ROUTES = 'true'
		resetEnvForTests()
		expect(catalogFaultRequested(withCookie('a=b; willow-test-fault=catalog'))).toBe(true)
		expect(catalogFaultRequested(withCookie('willow-test-fault=other'))).toBe(false)
		expect(catalogFaultRequested(new Request('http://localhost/'))).toBe(false)
	})
})
