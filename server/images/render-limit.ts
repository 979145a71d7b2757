import { HttpError } from '../http/errors.server.ts'

// At most `concurrency` image renders run at once in a process; up to
// `queueLimit` more wait their turn; beyond that the answer is 503 with
// Retry-After, so a burst of distinct images cannot take every CPU and all the
// memory while pages wait.

export const RENDER_BUSY = 'Too many images are being drawn right now, try again shortly'

export interface RenderLimiter {
	run<T>(task: () => Promise<T>): Promise<T>
	readonly active: number
	readonly waiting: number
}

export function createRenderLimiter(concurrency: number, queueLimit: number): RenderLimiter {
	let active = 0
	const queue: Array<() => void> = []
	const release = () => {
		active--
		const next = queue.shift()
		if (next) {
			active++
			next()
		}
	}
	return {
		get active() {
			return active
		},
		get waiting() {
			return queue.length
		},
		async run<T>(task: () => Promise<T>): Promise<T> {
			if (active >= concurrency) {
				if (queue.length >= queueLimit) throw new HttpError(503, RENDER_BUSY, { 'Retry-After': '1' })
				await new Promise<void>((resolve) => queue.push(resolve))
			} else {
				active++
			}
			try {
				return await task()
			} finally {
				release()
			}
		},
	}
}
