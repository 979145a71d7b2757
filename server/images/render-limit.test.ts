import { describe, expect, it } from 'vitest'
import { HttpError } from '../http/errors.server.ts'
import { createRenderLimiter } from './render-limit.ts'

function deferred() {
	let resolve!: () => void
	const promise = new Promise<void>((r) => (resolve = r))
	return { promise, resolve }
}

describe('createRenderLimiter', () => {
	it('runs at most `concurrency` at once, queues up to the limit, refuses the rest with 503', async () => {
		const limiter = createRenderLimiter(2, 1)
		const gates = [deferred(), deferred(), deferred()]
		let running = 0
		let most = 0
		const task = (gate: ReturnType<typeof deferred>) => async () => {
			running++
			most = Math.max(most, running)
			await gate.promise
			running--
			return 'done'
		}
		const first = limiter.run(task(gates[0]!))
		const second = limiter.run(task(gates[1]!))
		const third = limiter.run(task(gates[2]!))
		expect([limiter.active, limiter.waiting]).toEqual([2, 1])
		const refused = await limiter.run(async () => 'never').catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(HttpError)
		expect((refused as HttpError).status).toBe(503)
		gates[0]!.resolve()
		await first
		gates[1]!.resolve()
		gates[2]!.resolve()
		expect(await Promise.all([second, third])).toEqual(['done', 'done'])
		expect(most).toBe(2)
		expect([limiter.active, limiter.waiting]).toEqual([0, 0])
	})

	it('frees its slot when a task fails', async () => {
		const limiter = createRenderLimiter(1, 0)
		await expect(limiter.run(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken')
		expect(await limiter.run(async () => 'next')).toBe('next')
	})
})
