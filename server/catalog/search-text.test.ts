import { describe, expect, it } from 'vitest'
import {
	editDistance,
	normalizeSearchText,
	queryTokens,
	relevanceScore,
	searchTextFor,
	singleEdits,
	splitCommonWords,
	stripLeadingArticle,
	tsqueryFragment,
	wordShare,
	type SearchWord,
} from './search-text.ts'

describe('search text', () => {
	it('normalises case, accents, apostrophes, ampersands and punctuation', () => {
		expect(normalizeSearchText('Amélie')).toBe('amelie')
		expect(normalizeSearchText("Schindler's List")).toBe('schindlers list')
		expect(normalizeSearchText('Law & Order: SVU')).toBe('law and order svu')
		expect(normalizeSearchText('WALL·E')).toBe('wall e')
		expect(searchTextFor('Spirited Away', '千と千尋の神隠し')).toBe('spirited away 千と千尋の神隠し')
		expect(searchTextFor('Up', 'Up')).toBe('up')
	})

	it('drops a leading article from queries unless it is the whole query', () => {
		expect(stripLeadingArticle('the dark knight')).toBe('dark knight')
		expect(queryTokens('The Matrix')).toEqual(['matrix'])
		expect(queryTokens('An')).toEqual(['an'])
		expect(queryTokens('   ')).toEqual([])
	})

	it('lists one-edit typo candidates and measures edit distance', () => {
		const edits = singleEdits('knigt')
		expect(edits).toContain('knight')
		expect(edits).toContain('kingt')
		expect(edits).not.toContain('knigt')
		expect(editDistance('gladiater', 'gladiator')).toBe(1)
		expect(editDistance('shawshenk', 'shawshank')).toBe(1)
		expect(editDistance('abc', 'xyz', 1)).toBe(2)
	})
})

describe('relevance score', () => {
	const rank = (query: string, titles: Array<[string, number]>) =>
		titles
			.map(([title, popularity]) => ({ title, score: relevanceScore(query, { title, original_title: null, popularity }) }))
			.sort((a, b) => b.score - a.score)
			.map((t) => t.title)

	it('puts the exact title first, with or without its article, over more popular near-misses', () => {
		expect(
			rank('dark knight', [
				['The Dark Knight Rises', 120],
				['The Dark Knight', 80],
			])[0],
		).toBe('The Dark Knight')
		expect(
			rank('toy story', [
				['Toy Story 3', 60],
				['Toy Story', 40],
				['Toy Story 2', 50],
			])[0],
		).toBe('Toy Story')
		expect(
			rank('toy story 3', [
				['Toy Story', 60],
				['Toy Story 3', 40],
			])[0],
		).toBe('Toy Story 3')
	})

	it('prefers prefixes, then all words, then typos, with popularity breaking ties', () => {
		expect(
			rank('interst', [
				['Interstate 60', 2],
				['Interstellar', 700],
			])[0],
		).toBe('Interstellar')
		expect(
			rank('gladiater', [
				['Gladiator', 100],
				['The Gladiators of Rome', 1],
			])[0],
		).toBe('Gladiator')
		expect(
			rank('star', [
				['Star Trek', 50],
				['Star Wars', 120],
			])[0],
		).toBe('Star Wars')
	})

	describe('common words (PostgreSQL plan)', () => {
		const shares = new Map([
			['the', 0.5],
			['of', 0.17],
			['tiger', 0.02],
			['tigers', 0.01],
			['dark', 0.03],
		])
		const word = (token: string, prefix = false, alternatives: string[] = []): SearchWord => ({ token, prefix, alternatives })

		it('estimates a word, a prefix and a word with typo alternatives', () => {
			expect(wordShare(word('the'), shares)).toBe(0.5)
			expect(wordShare(word('tiger', true), shares)).toBeCloseTo(0.03)
			expect(wordShare(word('tigr', false, ['tiger']), shares)).toBeCloseTo(0.02)
			expect(wordShare(word('zanzibar'), shares)).toBe(0)
			expect(wordShare(word('t', true), shares)).toBeCloseTo(0.53)
			expect(wordShare(word('zq', true), shares)).toBe(0)
		})

		it('looks up uncommon words and checks common ones on each match', () => {
			const split = splitCommonWords([word('tiger'), word('of'), word('the'), word('t', true)], shares)
			expect(split.indexed.map((w) => w.token)).toEqual(['tiger'])
			expect(split.checked.map((w) => w.token)).toEqual(['of', 'the', 't'])
			// Only common words, and common together: walk by popularity.
			expect(splitCommonWords([word('the'), word('of', true)], shares).indexed).toEqual([])
			// Only common words, but rare together: look them all up.
			const rareTogether = [word('the'), word('of'), word('of', true), word('the', true)]
			expect(splitCommonWords(rareTogether, shares)).toEqual({ indexed: rareTogether, checked: [] })
		})

		it('writes tsquery fragments', () => {
			expect(tsqueryFragment(word('tiger'))).toBe('tiger')
			expect(tsqueryFragment(word('tig', true))).toBe('tig:*')
			expect(tsqueryFragment(word('tigr', true, ['tiger', 'tier']))).toBe('(tigr:* | tiger | tier)')
		})
	})
})
