import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { lazyObject } from './lazy-object.ts'

describe('lazyObject', () => {
	it('builds nothing until a property is read, then builds once', () => {
		let builds = 0
		const schema = lazyObject(() => {
			builds++
			return z.object({ id: z.number().int() })
		})
		expect(builds).toBe(0)
		expect(schema.safeParse({ id: 1 }).success).toBe(true)
		expect(schema.safeParse({ id: 1.5 }).success).toBe(false)
		expect(builds).toBe(1)
	})

	it('behaves as the schema inside other schemas, through methods that derive new ones, and to instanceof', () => {
		const id = lazyObject(() => z.number().int().positive())
		const item = lazyObject(() => z.object({ id, name: z.string() }))
		const list = z.array(item)
		expect(list.parse([{ id: 2, name: 'a' }])).toEqual([{ id: 2, name: 'a' }])
		expect(list.safeParse([{ id: -2, name: 'a' }]).success).toBe(false)
		const extended = item.extend({ note: z.string().optional() })
		expect(extended.parse({ id: 1, name: 'b', note: 'c' })).toEqual({ id: 1, name: 'b', note: 'c' })
		expect(item.shape.id.safeParse(0).success).toBe(false)
		expect(item instanceof z.ZodObject).toBe(true)
		expect(Object.keys(lazyObject(() => ({ a: 1, b: 2 })))).toEqual(['a', 'b'])
		expect('a' in lazyObject(() => ({ a: 1 }))).toBe(true)
	})
})
