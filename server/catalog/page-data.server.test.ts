import { afterEach, describe, expect, it } from 'vitest'
import { resetEnvForTests } from '../env.server.ts'
import { originOf } from './page-data.server.ts'

describe('originOf', () => {
	afterEach(() => {
		delete process.env.CANONICAL_HOST
		resetEnvForTests()
	})

	it("is the request's origin without CANONICAL_HOST", () => {
		expect(originOf(new Request('http://localhost:3000/movies'))).toBe('http://localhost:3000')
	})

	it('names CANONICAL_HOST when set, whatever Host the request carried', () => {
		process.env.CANONICAL_HOST = 'willow.example'
		resetEnvForTests()
		expect(originOf(new Request('https://evil.example/movies'))).toBe('https://willow.example')
	})
})
