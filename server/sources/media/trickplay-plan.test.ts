import { describe, expect, it } from 'vitest'
import { spriteRows, thumbnailCount, thumbnailIntervalSeconds, thumbnailPlace, trickplayVtt, vttTimestamp } from './trickplay-plan.ts'

describe('trickplay plan', () => {
	it('takes one thumbnail every 10 s under 300 s of media, else every 30 s (§9)', () => {
		expect(thumbnailIntervalSeconds(299.9)).toBe(10)
		expect(thumbnailIntervalSeconds(300)).toBe(30)
		expect(thumbnailCount(25)).toBe(3)
		expect(thumbnailCount(7200)).toBe(240)
		expect(thumbnailCount(0)).toBe(0)
	})

	it('places thumbnails in 10x10 sprites of 160x90', () => {
		expect(thumbnailPlace(0)).toEqual({ sprite: 0, x: 0, y: 0 })
		expect(thumbnailPlace(13)).toEqual({ sprite: 0, x: 480, y: 90 })
		expect(thumbnailPlace(100)).toEqual({ sprite: 1, x: 0, y: 0 })
		expect(spriteRows(3)).toBe(1)
		expect(spriteRows(11)).toBe(2)
		expect(spriteRows(240)).toBe(10)
	})

	it('formats WebVTT timestamps', () => {
		expect(vttTimestamp(0)).toBe('00:00:00.000')
		expect(vttTimestamp(3725.5)).toBe('01:02:05.500')
	})

	it('writes a WebVTT thumbnails track ending at the media end', () => {
		expect(trickplayVtt(25, 3)).toBe(
			[
				'WEBVTT',
				'',
				'00:00:00.000 --> 00:00:10.000',
				'sprite-0.jpg#xywh=0,0,160,90',
				'',
				'00:00:10.000 --> 00:00:20.000',
				'sprite-0.jpg#xywh=160,0,160,90',
				'',
				'00:00:20.000 --> 00:00:25.000',
				'sprite-0.jpg#xywh=320,0,160,90',
				'',
			].join('\n'),
		)
	})
})
