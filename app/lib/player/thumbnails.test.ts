import { describe, expect, it } from 'vitest'
import { thumbnailInterval, thumbnailsVtt, thumbnailTimes } from './thumbnails.ts'

describe('browser thumbnails (§9)', () => {
	it('takes one every 10 s under 300 s, else every 30 s', () => {
		expect(thumbnailInterval(299)).toBe(10)
		expect(thumbnailInterval(300)).toBe(30)
		expect(thumbnailTimes(30)).toEqual([0, 10, 20])
		expect(thumbnailTimes(95)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90])
		expect(thumbnailTimes(3600)).toHaveLength(120)
		expect(thumbnailTimes(Number.NaN)).toEqual([])
	})

	it('writes a WebVTT track whose cues run from one image to the next, each naming its box (media-chrome needs #xywh)', () => {
		expect(
			thumbnailsVtt(
				[
					{ at: 10, url: 'blob:b' },
					{ at: 0, url: 'blob:a' },
				],
				25,
			),
		).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:10.000\nblob:a#xywh=0,0,160,90\n\n00:00:10.000 --> 00:00:25.000\nblob:b#xywh=0,0,160,90\n')
	})
})
