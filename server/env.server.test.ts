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

	it('fails with a clear message naming the variable', () => {
		expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/)
		expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/)
	})
})
