import { describe, expect, it } from 'vitest'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { keepDataWhenOnlyPlayChanges, releaseYear } from '../../lib/watch/route-rules.ts'

const args = (from: string, to: string, extra: Partial<ShouldRevalidateFunctionArgs> = {}) =>
	({
		currentUrl: new URL(from, 'http://x'),
		nextUrl: new URL(to, 'http://x'),
		defaultShouldRevalidate: true,
		...extra,
	}) as ShouldRevalidateFunctionArgs

describe('keepDataWhenOnlyPlayChanges', () => {
	it('keeps the data when only ?play= is added or removed', () => {
		expect(keepDataWhenOnlyPlayChanges(args('/movies/1-a', '/movies/1-a?play=true'))).toBe(false)
		expect(keepDataWhenOnlyPlayChanges(args('/movies/1-a?x=1&play=true', '/movies/1-a?x=1'))).toBe(false)
	})

	it('revalidates as usual for another page, other parameters or a form', () => {
		expect(keepDataWhenOnlyPlayChanges(args('/series/1-a/1/1', '/series/1-a/1/2?play=true'))).toBe(true)
		expect(keepDataWhenOnlyPlayChanges(args('/movies/1-a', '/movies/1-a?x=2'))).toBe(true)
		expect(keepDataWhenOnlyPlayChanges(args('/movies/1-a', '/movies/1-a?play=true', { formMethod: 'POST' }))).toBe(true)
	})
})

describe('releaseYear', () => {
	it('reads the year of a TMDB date', () => {
		expect(releaseYear('2008-05-20')).toBe(2008)
		expect(releaseYear('')).toBeNull()
		expect(releaseYear(undefined)).toBeNull()
	})
})
