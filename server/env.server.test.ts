import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server.ts'

describe('environment', () => {
	it('has working defaults with nothing set', () => {
		const env = parseEnv({})
		expect(env.PORT).toBe(3000)
		expect(env.DATA_DIR).toBe('./data')
		expect(env.DATABASE_URL).toBeUndefined()
		expect(env.REDIS_URL).toBeUndefined()
	})

	it('treats empty strings as unset', () => {
		expect(parseEnv({ DATABASE_URL: '', REDIS_URL: '' }).DATABASE_URL).toBeUndefined()
	})

	it('reads the build folder, demo catalogue file and test switch the server used to read itself', () => {
		expect(parseEnv({}).WILLOW_BUILD_DIR).toBe('build')
		expect(parseEnv({ WILLOW_BUILD_DIR: '' }).WILLOW_BUILD_DIR).toBe('build')
		expect(parseEnv({ WILLOW_BUILD_DIR: '.builds/e2e' }).WILLOW_BUILD_DIR).toBe('.builds/e2e')
		expect(parseEnv({}).WILLOW_DEMO_CATALOGUE).toBeUndefined()
		expect(parseEnv({ WILLOW_DEMO_CATALOGUE: '/tmp/demo.jsonl.gz' }).WILLOW_DEMO_CATALOGUE).toBe('/tmp/demo.jsonl.gz')
		expect(parseEnv({ ENABLE_TEST_ROUTES: '1' }).ENABLE_TEST_ROUTES).toBe(true)
		expect(parseEnv({}).ENABLE_TEST_ROUTES).toBe(false)
	})

	it('fails with a clear message naming the variable', () => {
		expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/)
		expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/)
	})

	it('reads TRUST_PROXY as Express does: true/false, a hop count, or a list of subnets', () => {
		expect(parseEnv({}).TRUST_PROXY).toBe(false)
		expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
		expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true)
		// A number is how many proxies are in front, not "trust everything".
		expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
		expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false)
		expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
		expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ,fd00::/8' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8'])
		expect(() => parseEnv({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/)
		expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/)
	})
})
