import { describe, expect, it } from 'vitest'
import {
	HLS_SEGMENT_SECONDS,
	hlsPlaylist,
	IDLE_STOP_MS,
	indicesAfterEnd,
	MAX_SEGMENTS_AHEAD,
	numberChunk,
	planJob,
	segmentCount,
	segmentCutTimes,
	segmentDuration,
	type JobView,
} from './hls-plan.ts'

describe('segments', () => {
	it('splits a duration into fixed segments with a shorter last one', () => {
		expect(HLS_SEGMENT_SECONDS).toBe(6)
		expect(segmentCount(20)).toBe(4)
		expect(segmentCount(18)).toBe(3)
		expect(segmentCount(18.02)).toBe(3)
		expect(segmentCount(0)).toBe(0)
		expect(segmentCount(Number.NaN)).toBe(0)
		expect([0, 1, 2, 3, 4].map((i) => segmentDuration(i, 20))).toEqual([6, 6, 6, 2, 0])
	})

	it('writes a VOD playlist covering the whole duration', () => {
		const playlist = hlsPlaylist(20, (index) => `/api/stream/x/seg/${index}.ts?sig=a`)
		expect(playlist).toBe(
			[
				'#EXTM3U',
				'#EXT-X-VERSION:3',
				'#EXT-X-PLAYLIST-TYPE:VOD',
				'#EXT-X-TARGETDURATION:7',
				'#EXT-X-MEDIA-SEQUENCE:0',
				'#EXT-X-INDEPENDENT-SEGMENTS',
				'#EXTINF:6.000,',
				'/api/stream/x/seg/0.ts?sig=a',
				'#EXTINF:6.000,',
				'/api/stream/x/seg/1.ts?sig=a',
				'#EXTINF:6.000,',
				'/api/stream/x/seg/2.ts?sig=a',
				'#EXTINF:2.000,',
				'/api/stream/x/seg/3.ts?sig=a',
				'#EXT-X-ENDLIST',
				'',
			].join('\n'),
		)
	})

	it('cuts a job at every boundary after its first segment', () => {
		expect(segmentCutTimes(0, 4)).toEqual([6, 12, 18])
		expect(segmentCutTimes(2, 4)).toEqual([18])
		expect(segmentCutTimes(3, 4)).toEqual([])
	})
})

describe('numberChunk', () => {
	it('gives a job its first index whatever the keyframe before it', () => {
		expect(numberChunk(0, 5, null, 100)).toEqual({ index: 5, repeatPrevious: [] })
	})

	it('numbers later chunks by start time, tolerating rounding just before a boundary', () => {
		expect(numberChunk(36, 5, 5, 100)).toEqual({ index: 6, repeatPrevious: [] })
		expect(numberChunk(35.97, 5, 5, 100)).toEqual({ index: 6, repeatPrevious: [] })
		expect(numberChunk(36.4, 5, 5, 100)).toEqual({ index: 6, repeatPrevious: [] })
	})

	it('repeats the previous chunk for boundaries that had no keyframe of their own (long GOP)', () => {
		// GOP of 10 s: the chunk after index 6 starts at 50 s, which is index 8.
		expect(numberChunk(50, 5, 6, 100)).toEqual({ index: 8, repeatPrevious: [7] })
	})

	it('never goes backwards or past the last index', () => {
		expect(numberChunk(10, 5, 6, 100)).toEqual({ index: 7, repeatPrevious: [] })
		expect(numberChunk(1000, 0, 2, 5)).toEqual({ index: 4, repeatPrevious: [3] })
		expect(indicesAfterEnd(2, 5)).toEqual([3, 4])
		expect(indicesAfterEnd(4, 5)).toEqual([])
	})
})

describe('planJob', () => {
	const now = 1_000_000
	const view: JobView = { running: true, paused: false, startIndex: 10, nextIndex: 12, wantIndex: 11, wantAt: now, wantCached: true, now }

	it('keeps running while the viewer is near', () => {
		expect(planJob(view)).toBe('continue')
		expect(planJob({ ...view, wantIndex: 13, wantCached: false })).toBe('continue')
	})

	it('restarts at a seek before the job or far past it', () => {
		expect(planJob({ ...view, wantIndex: 3, wantCached: false })).toBe('restart')
		expect(planJob({ ...view, wantIndex: 40, wantCached: false })).toBe('restart')
		expect(planJob({ ...view, wantIndex: 3, wantCached: true })).toBe('continue')
	})

	it('pauses when too far ahead and resumes as the viewer catches up', () => {
		expect(planJob({ ...view, nextIndex: 11 + MAX_SEGMENTS_AHEAD + 1 })).toBe('pause')
		expect(planJob({ ...view, nextIndex: 11 + MAX_SEGMENTS_AHEAD + 1, paused: true })).toBe('continue')
		expect(planJob({ ...view, nextIndex: 14, paused: true })).toBe('resume')
	})

	it('stops when nobody has asked for a while', () => {
		expect(planJob({ ...view, wantAt: now - IDLE_STOP_MS - 1 })).toBe('stop')
	})
})
