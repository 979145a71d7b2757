import { describe, expect, it } from 'vitest'
import { pageNeighbours } from './pagination.tsx'

describe('pageNeighbours', () => {
	it('has no previous page on the first page', () => {
		expect(pageNeighbours(1, 5)).toEqual({ previous: null, next: 2 })
	})

	it('has both neighbours in the middle', () => {
		expect(pageNeighbours(3, 5)).toEqual({ previous: 2, next: 4 })
	})

	it('has no next page on the last page', () => {
		expect(pageNeighbours(5, 5)).toEqual({ previous: 4, next: null })
	})

	it('has neither when there is one page', () => {
		expect(pageNeighbours(1, 1)).toEqual({ previous: null, next: null })
	})

	it('leads back one page from a page past the end, and never forward', () => {
		expect(pageNeighbours(9, 5)).toEqual({ previous: 8, next: null })
	})
})
