import { describe, expect, it } from 'vitest'
import {
	bufferedEndAt,
	needsTurnOnPlay,
	nextPollMs,
	ordinal,
	readTurnAnswer,
	segmentNeedsTurn,
	TURN_AGAIN_AFTER_PAUSE_MS,
	waitingText,
} from './transcode-queue.ts'

describe('the waiting viewer’s status line', () => {
	it('says "Waiting for the server…" with the place in line', () => {
		expect(waitingText(1)).toBe('Waiting for the server… (1st in line)')
		expect(waitingText(2)).toBe('Waiting for the server… (2nd in line)')
		expect(waitingText(3)).toBe('Waiting for the server… (3rd in line)')
		expect(waitingText(null)).toBe('Waiting for the server…')
		expect(waitingText(0)).toBe('Waiting for the server…')
	})

	it('writes English ordinals', () => {
		expect([4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
			'4th',
			'11th',
			'12th',
			'13th',
			'21st',
			'22nd',
			'23rd',
			'101st',
			'111th',
			'112th',
		])
	})

	it('reads the queue answer, keeping the server’s pace within bounds', () => {
		expect(readTurnAnswer({ state: 'ready' })).toEqual({ state: 'ready' })
		expect(readTurnAnswer({ state: 'waiting', position: 2, ticket: 'abc', pollMs: 2000 })).toEqual({
			state: 'waiting',
			position: 2,
			ticket: 'abc',
			pollMs: 2000,
		})
		expect(readTurnAnswer({ state: 'waiting', position: 2 })).toBeNull()
		expect(readTurnAnswer('<html>')).toBeNull()
		expect(nextPollMs({ pollMs: 1 })).toBe(500)
		expect(nextPollMs({ pollMs: 60_000 })).toBe(10_000)
		expect(nextPollMs({})).toBe(2000)
	})
})

describe('resuming a transcoded stream after a pause (decision 0047)', () => {
	it('loads on from the end of the buffered range holding the playing point', () => {
		const ranges: Array<[number, number]> = [
			[0, 10],
			[40, 52],
		]
		expect(bufferedEndAt(ranges, 3)).toBe(10)
		expect(bufferedEndAt(ranges, 10)).toBe(10)
		expect(bufferedEndAt(ranges, 39.8)).toBe(52)
		expect(bufferedEndAt(ranges, 20)).toBe(20)
		expect(bufferedEndAt([], 7)).toBe(7)
	})

	it('asks for a turn again after a long pause or a refused segment, unless the rest is buffered', () => {
		const base = { pausedMs: 0, refusedWhilePaused: false, loadFrom: 10, duration: 30 }
		expect(needsTurnOnPlay(base)).toBe(false)
		expect(needsTurnOnPlay({ ...base, pausedMs: TURN_AGAIN_AFTER_PAUSE_MS - 1 })).toBe(false)
		expect(needsTurnOnPlay({ ...base, pausedMs: TURN_AGAIN_AFTER_PAUSE_MS })).toBe(true)
		expect(needsTurnOnPlay({ ...base, refusedWhilePaused: true })).toBe(true)
		expect(needsTurnOnPlay({ ...base, pausedMs: 60_000, loadFrom: 29.8 })).toBe(false)
		// Duration not known yet: ask.
		expect(needsTurnOnPlay({ ...base, pausedMs: 60_000, duration: Number.NaN })).toBe(true)
		expect(TURN_AGAIN_AFTER_PAUSE_MS).toBeLessThan(30_000)
	})

	it('takes a 503 segment (server busy, or its transcode stopped) as a turn to ask for again', () => {
		expect(segmentNeedsTurn(503)).toBe(true)
		expect([200, 404, 429, 500, undefined].map(segmentNeedsTurn)).toEqual([false, false, false, false, false])
	})
})
