import { describe, expect, it } from 'vitest'
import {
	fixedPlan,
	HLS_SEGMENT_SECONDS,
	hlsPlaylist,
	IDLE_STOP_MS,
	keyframePlan,
	MAX_SEGMENTS_AHEAD,
	numberChunk,
	planJob,
	segmentAt,
	segmentCount,
	segmentCutTimes,
	segmentDuration,
	transcodePlan,
	type JobView,
} from './hls-plan.ts'

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

describe('fixed segments (transcodes)', () => {
	it('splits a duration into fixed segments with a shorter last one', () => {
		expect(HLS_SEGMENT_SECONDS).toBe(6)
		expect(segmentCount(fixedPlan(20))).toBe(4)
		expect(segmentCount(fixedPlan(18))).toBe(3)
		expect(segmentCount(fixedPlan(18.02))).toBe(3)
		expect(segmentCount(fixedPlan(0))).toBe(0)
		expect(segmentCount(fixedPlan(Number.NaN))).toBe(0)
		expect([0, 1, 2, 3, 4].map((i) => segmentDuration(fixedPlan(20), i))).toEqual([6, 6, 6, 2, 0])
	})

	it('starts a transcode with two 2 s segments, then the fixed 6 s grid', () => {
		expect(transcodePlan(20).starts).toEqual([0, 2, 4, 6, 12, 18])
		expect([0, 1, 2, 3, 4, 5].map((i) => segmentDuration(transcodePlan(20), i))).toEqual([2, 2, 2, 6, 6, 2])
		expect(transcodePlan(3).starts).toEqual([0, 2])
		expect(transcodePlan(2.02).starts).toEqual([0])
		expect(transcodePlan(0).starts).toEqual([])
		expect(sum([0, 1, 2, 3, 4, 5].map((i) => segmentDuration(transcodePlan(20), i)))).toBe(20)
	})

	it('finds the segment holding a time (where a resumed transcode starts)', () => {
		const plan = fixedPlan(20)
		expect([0, 5.99, 6, 13, 19.9, 500, -3, Number.NaN].map((time) => segmentAt(plan, time))).toEqual([0, 0, 1, 2, 3, 3, 0, 0])
		expect(segmentAt(keyframePlan(30, [0, 10.4, 20.8]), 10.4)).toBe(1)
	})

	it('writes a VOD playlist covering the whole duration', () => {
		const playlist = hlsPlaylist(fixedPlan(20), (index) => `/api/stream/x/seg/${index}.ts?sig=a`)
		expect(playlist).toBe(
			[
				'#EXTM3U',
				'#EXT-X-VERSION:3',
				'#EXT-X-PLAYLIST-TYPE:VOD',
				'#EXT-X-TARGETDURATION:6',
				'#EXT-X-MEDIA-SEQUENCE:0',
				'#EXT-X-INDEPENDENT-SEGMENTS',
				'#EXTINF:6.000000,',
				'/api/stream/x/seg/0.ts?sig=a',
				'#EXTINF:6.000000,',
				'/api/stream/x/seg/1.ts?sig=a',
				'#EXTINF:6.000000,',
				'/api/stream/x/seg/2.ts?sig=a',
				'#EXTINF:2.000000,',
				'/api/stream/x/seg/3.ts?sig=a',
				'#EXT-X-ENDLIST',
				'',
			].join('\n'),
		)
	})

	it('cuts a job at every boundary after its first segment', () => {
		expect(segmentCutTimes(fixedPlan(20), 0)).toEqual([6, 12, 18])
		expect(segmentCutTimes(fixedPlan(20), 2)).toEqual([18])
		expect(segmentCutTimes(fixedPlan(20), 3)).toEqual([])
	})
})

describe('keyframe segments (remux)', () => {
	// x264 defaults at 25 fps: keyint 250 (10 s) plus scene cuts, first picture after the audio's priming.
	const longGop = [0.021, 10.021, 12.421, 16.861, 26.861]

	it('starts every segment on its own keyframe, at least 6 s apart, with nothing repeated', () => {
		const plan = keyframePlan(30.032, longGop)
		expect(plan.starts).toEqual([0, 10.021, 16.861, 26.861])
		expect(new Set(plan.starts).size).toBe(plan.starts.length)
	})

	it('gives durations that add up to the file (variable #EXTINF, the target the longest)', () => {
		const plan = keyframePlan(30.032, longGop)
		const durations = plan.starts.map((_, i) => segmentDuration(plan, i))
		expect(sum(durations)).toBeCloseTo(30.032, 6)
		const playlist = hlsPlaylist(plan, (i) => `s${i}.ts`)
		expect(playlist).toContain('#EXT-X-TARGETDURATION:11\n')
		expect(playlist).toContain('#EXTINF:10.021000,\ns0.ts')
		expect(playlist).toContain('#EXTINF:6.840000,\ns1.ts')
		expect(playlist).toContain('#EXTINF:3.171000,\ns3.ts')
		const extinf = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]))
		expect(sum(extinf)).toBeCloseTo(30.032, 5)
	})

	it('joins dense keyframes into ~6 s segments and ignores one at the very end', () => {
		const everyTwoSeconds = Array.from({ length: 16 }, (_, i) => i * 2)
		expect(keyframePlan(31, everyTwoSeconds).starts).toEqual([0, 6, 12, 18, 24, 30])
		// A keyframe 0.1 s before the end would make a segment of nothing.
		expect(keyframePlan(30.1, everyTwoSeconds).starts).toEqual([0, 6, 12, 18, 24])
	})

	it('makes one segment of a file with a single keyframe, none of an empty one', () => {
		expect(keyframePlan(40, [0]).starts).toEqual([0])
		expect(keyframePlan(0, [0]).starts).toEqual([])
	})

	it('cuts a job started by a seek at the later keyframe boundaries only', () => {
		expect(segmentCutTimes(keyframePlan(30.032, longGop), 1)).toEqual([16.861, 26.861])
	})
})

describe('numberChunk', () => {
	const plan = keyframePlan(60, [0, 10.021, 16.861, 26.861, 36.9, 47.3])

	it('gives a job its first index whatever its start', () => {
		expect(numberChunk(plan, 9.9, 1, null)).toEqual({ index: 1, skipped: [] })
	})

	it('numbers later chunks by start time, tolerating rounding just before a boundary', () => {
		expect(numberChunk(plan, 16.861, 1, 1)).toEqual({ index: 2, skipped: [] })
		expect(numberChunk(plan, 16.83, 1, 1)).toEqual({ index: 2, skipped: [] })
	})

	it('reports boundaries the muxer did not cut, never going backwards or past the end', () => {
		expect(numberChunk(plan, 36.9, 1, 2)).toEqual({ index: 4, skipped: [3] })
		expect(numberChunk(plan, 5, 0, 3)).toEqual({ index: 4, skipped: [] })
		expect(numberChunk(plan, 1000, 0, 5)).toEqual({ index: 5, skipped: [] })
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
