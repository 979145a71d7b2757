import { describe, expect, it } from 'vitest'
import { captionLabel, captionLanguage } from './captions.ts'

describe('caption languages', () => {
	it('turns 639-1, 639-2 and English names into 639-1', () => {
		expect(captionLanguage('en')).toBe('en')
		expect(captionLanguage('eng')).toBe('en')
		expect(captionLanguage('ENG')).toBe('en')
		expect(captionLanguage('ger')).toBe('de')
		expect(captionLanguage('pt-BR')).toBe('pt')
		expect(captionLanguage('Spanish')).toBe('es')
	})
	it('answers null for what it does not know', () => {
		expect(captionLanguage('')).toBeNull()
		expect(captionLanguage(undefined)).toBeNull()
		expect(captionLanguage('xyzzy')).toBeNull()
		expect(captionLanguage('qqq')).toBeNull()
	})
	it('labels languages in English', () => {
		expect(captionLabel('en')).toBe('English')
		expect(captionLabel('es')).toBe('Spanish')
	})
})
