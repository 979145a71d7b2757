import { afterAll, describe, expect, it, vi } from 'vitest'
import { resetEnvForTests } from '#server/env.server.ts'
import { logger } from '#server/logger.server.ts'
import { allowFfmpegStart, closeClientLimits } from '#server/sources/limits.server.ts'

// The per-client limit on ffmpeg starts fails open when its counter cannot be
// reached (playback matters more than the limit), and says so in the log.

afterAll(async () => {
	await closeClientLimits()
	delete process.env.REDIS_URL
	resetEnvForTests()
})

describe('allowFfmpegStart', () => {
	it('lets a start through when the counter is down, with a warning naming the limit', async () => {
		process.env.REDIS_URL = 'redis://127.0.0.1:1'
		resetEnvForTests()
		const warn = vi.spyOn(logger, 'warn')
		try {
			expect(await allowFfmpegStart('ip:203.0.113.9')).toBe(true)
			expect(warn).toHaveBeenCalledWith(
				expect.objectContaining({ kind: 'remux' }),
				'client limit unavailable: ffmpeg start allowed without counting',
			)
		} finally {
			warn.mockRestore()
		}
	}, 20_000)
})
