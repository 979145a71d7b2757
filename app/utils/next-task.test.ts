import { afterEach, describe, expect, it, vi } from 'vitest'
import { inNextTask } from './next-task.ts'

afterEach(() => vi.useRealTimers())

describe('inNextTask', () => {
	it('runs the work in a later task, not in the current one or its microtasks', async () => {
		vi.useFakeTimers()
		const work = vi.fn(() => 'chunk')
		const result = inNextTask(work)
		expect(work).not.toHaveBeenCalled()
		// Every microtask queued so far has run: the work still waits for its own task.
		for (let i = 0; i < 10; i++) await Promise.resolve()
		expect(work).not.toHaveBeenCalled()
		await vi.runAllTimersAsync()
		expect(work).toHaveBeenCalledTimes(1)
		await expect(result).resolves.toBe('chunk')
	})

	it('passes a failed load on as a rejection', async () => {
		await expect(inNextTask(() => Promise.reject(new Error('chunk failed')))).rejects.toThrow('chunk failed')
	})
})
