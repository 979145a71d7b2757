import { describe, expect, it } from 'vitest'
import { isValidIdentifier, signupHints, SIGNUP_TEXT } from './auth-texts.ts'

describe('login identifier (product.md §5)', () => {
	it.each([
		['sailor@example.com', true],
		['  sailor@example.com  ', true],
		['bob', true],
		['bo', false],
		['bob@', false],
		['a b@c.io', false],
		['', false],
	])('%j → %s', (value, valid) => {
		expect(isValidIdentifier(value)).toBe(valid)
	})
})

describe('sign-up hints (product.md §5)', () => {
	it('names each problem with the product.md text', () => {
		expect(signupHints({ username: ' ab ', email: 'x y@z.io', password: '1234567' })).toEqual({
			username: SIGNUP_TEXT.usernameHint,
			email: SIGNUP_TEXT.emailHint,
			password: SIGNUP_TEXT.passwordHint,
		})
		expect(signupHints({ username: 'abc', email: ' a@b.io ', password: '12345678' })).toEqual({
			username: null,
			email: null,
			password: null,
		})
	})
})
