import { describe, expect, it } from 'vitest'
import { languageName } from './languages.ts'

describe('languageName', () => {
	it('names ISO codes and regional variants', () => {
		expect(languageName('en')).toBe('English')
		expect(languageName('ja')).toBe('Japanese')
		expect(languageName('ko')).toBe('Korean')
		expect(languageName('spa')).toBe('Spanish')
		expect(languageName('pt-BR')).toBe('Brazilian Portuguese')
	})
	it("names TMDB's own codes", () => {
		expect(languageName('xx')).toBe('No Language')
		expect(languageName('cn')).toBe('Cantonese')
	})
	it('gives nothing for nothing or garbage', () => {
		expect(languageName(null)).toBeUndefined()
		expect(languageName('')).toBeUndefined()
		expect(languageName('not a code')).toBeUndefined()
		expect(languageName('qq')).toBeUndefined()
	})
})
