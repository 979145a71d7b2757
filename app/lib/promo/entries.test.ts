import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { parseEntries } from './entries.ts'

const schema = z.object({ id: z.string().min(1), n: z.number().default(0) })

describe('reading an owner list entry by entry', () => {
	it('keeps the valid entries and reports each bad one with its position and id', () => {
		const result = parseEntries([{ id: 'a' }, { id: 'b', n: 'x' }, 42, { id: 'c', n: 2 }], schema, { listKey: 'items' })
		expect(result.entries).toEqual([
			{ id: 'a', n: 0 },
			{ id: 'c', n: 2 },
		])
		expect(result.problems).toEqual([
			{ index: 1, id: 'b', message: expect.stringMatching(/^n: /) as string },
			{ index: 2, id: undefined, message: expect.any(String) as string },
		])
	})

	it('takes the list inside an object, null as empty, and reports anything else', () => {
		expect(parseEntries({ items: [{ id: 'a' }] }, schema, { listKey: 'items' }).entries).toEqual([{ id: 'a', n: 0 }])
		expect(parseEntries(null, schema, { listKey: 'items' })).toEqual({ entries: [], problems: [] })
		expect(parseEntries({ id: 'a' }, schema, { listKey: 'items' })).toEqual({
			entries: [],
			problems: [{ index: -1, message: 'expected a list, or { "items": [...] }' }],
		})
		expect(parseEntries('text', schema, { listKey: 'items' }).problems).toHaveLength(1)
	})

	it('skips repeated ids when asked, and bounds the list', () => {
		const unique = parseEntries([{ id: 'a' }, { id: 'a', n: 1 }], schema, { listKey: 'items', unique: (entry) => entry.id })
		expect(unique.entries).toEqual([{ id: 'a', n: 0 }])
		expect(unique.problems[0]).toMatchObject({ index: 1, id: 'a', message: 'id "a" is used by an earlier entry' })
		const long = parseEntries(
			Array.from({ length: 8 }, (_, i) => ({ id: `x${i}` })),
			schema,
			{ listKey: 'items', max: 5 },
		)
		expect(long.entries).toHaveLength(5)
		expect(long.problems).toEqual([{ index: 5, message: 'more than 5 entries; the rest are left out' }])
	})
})
