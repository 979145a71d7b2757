import { describe, expect, it } from 'vitest'
import { movieHref, parseMediaId, slugify, titleSlug } from './slug.ts'

describe('slugify (product.md §5)', () => {
	it('lowercases, trims and hyphenates whitespace', () => {
		expect(slugify('  Science Fiction  ')).toBe('science-fiction')
	})
	it('removes other characters and collapses hyphens', () => {
		expect(slugify('Action & Adventure')).toBe('action-adventure')
		expect(slugify('Sci-Fi & Fantasy')).toBe('sci-fi-fantasy')
		expect(slugify('--Hello---World--')).toBe('hello-world')
	})
	it('gives an empty slug for nothing usable', () => {
		expect(slugify(' !!! ')).toBe('')
	})
})

describe('titleSlug (detail links)', () => {
	it('replaces every non-alphanumeric character with a dash', () => {
		expect(titleSlug('Spider-Man: No Way Home')).toBe('spider-man--no-way-home')
		expect(movieHref(550, 'Fight Club')).toBe('/movies/550-fight-club')
	})
})

describe('parseMediaId', () => {
	it('uses only the part before the first dash', () => {
		expect(parseMediaId('550-fight-club')).toBe(550)
		expect(parseMediaId('550')).toBe(550)
		expect(parseMediaId('550-')).toBe(550)
	})
	it('rejects ids that are not positive numbers', () => {
		expect(parseMediaId('abc-550')).toBeNull()
		expect(parseMediaId('0-zero')).toBeNull()
		expect(parseMediaId(undefined)).toBeNull()
		expect(parseMediaId('')).toBeNull()
	})
})
