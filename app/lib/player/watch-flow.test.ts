import { describe, expect, it } from 'vitest'
import type { Stream } from '#app/lib/sources/contract.ts'
import {
	CHECKING_MIN_MS,
	checkingText,
	downloadGroups,
	lookupProgress,
	lookupRetries,
	paceChecking,
	qualityLabel,
	type CheckedSource,
} from './watch-flow.ts'

const sources = (statuses: Array<CheckedSource['status']>): CheckedSource[] =>
	statuses.map((status, i) => ({ id: `s${i}`, name: `Server ${i}`, status }))

describe('paceChecking', () => {
	it('shows the first source at once and nothing before any checking event', () => {
		expect(paceChecking([], { shownId: null, shownSince: 0 }, 100)).toEqual({ shownId: null, shownSince: 100, nextChangeAt: null })
		expect(paceChecking(sources(['checking', 'checking']), { shownId: null, shownSince: 0 }, 100)).toEqual({
			shownId: 's0',
			shownSince: 100,
			nextChangeAt: 100 + CHECKING_MIN_MS,
		})
	})

	it('keeps each name at least 1.5 s, then moves to the next source still checking, wrapping', () => {
		const list = sources(['checking', 'none', 'checking'])
		const shown = { shownId: 's0', shownSince: 1000 }
		expect(paceChecking(list, shown, 1000 + CHECKING_MIN_MS - 1)).toMatchObject({ shownId: 's0', shownSince: 1000 })
		const next = paceChecking(list, shown, 1000 + CHECKING_MIN_MS + 20)
		// s1 already answered, so it is passed over.
		expect(next).toEqual({ shownId: 's2', shownSince: 2520, nextChangeAt: 2520 + CHECKING_MIN_MS })
		expect(paceChecking(list, next, 5000)).toMatchObject({ shownId: 's0', shownSince: 5000 })
	})

	it('stays on the current name when no other source is still checking', () => {
		const list = sources(['checking', 'found'])
		expect(paceChecking(list, { shownId: 's0', shownSince: 0 }, 10_000)).toEqual({ shownId: 's0', shownSince: 0, nextChangeAt: null })
	})
})

describe('watch flow rules', () => {
	it('retries 3 times for a movie and 4 for an episode', () => {
		expect(lookupRetries('movie')).toBe(3)
		expect(lookupRetries('tv')).toBe(4)
	})

	it('words the checking message and measures progress by answered sources', () => {
		expect(checkingText('Sample clips')).toBe('Checking Sample clips...')
		expect(lookupProgress([])).toBe(0)
		expect(lookupProgress(sources(['checking', 'none', 'subtitles', 'checking']))).toBe(0.5)
	})

	it('names qualities as §9 does', () => {
		expect(['360', '480', '720', '1080', '4k', 'unknown'].map((k) => qualityLabel(k as never))).toEqual([
			'360p',
			'480p',
			'720p',
			'1080p',
			'4K',
			'Original',
		])
	})

	it('lists files best first, the HLS playlist, captions, then add-on subtitles', () => {
		const caption = { id: 'c', language: 'en', label: 'English', url: '/c.vtt', type: 'vtt' as const }
		const streams: Stream[] = [
			{
				id: 'f',
				sourceId: 'x',
				label: 'Files',
				type: 'file',
				qualities: {
					'480': { type: 'mp4', url: '/480.mp4' },
					unknown: { type: 'webm', url: '/o.webm' },
					'1080': { type: 'mp4', url: '/1080.mp4' },
				},
				captions: [caption],
			},
			{ id: 'h', sourceId: 'x', label: 'HLS', type: 'hls', playlist: '/master.m3u8', captions: [] },
		]
		expect(downloadGroups(streams, [{ ...caption, id: 'a', label: '', language: 'fr', type: 'srt', url: '/a.srt' }])).toEqual([
			{
				id: 'f',
				title: 'Files',
				files: [
					{ label: 'Original', url: '/o.webm', format: 'webm' },
					{ label: '1080p', url: '/1080.mp4', format: 'mp4' },
					{ label: '480p', url: '/480.mp4', format: 'mp4' },
				],
				captions: [{ label: 'English', url: '/c.vtt', format: 'vtt' }],
			},
			{ id: 'h', title: 'HLS', files: [{ label: 'HLS playlist', url: '/master.m3u8', format: 'm3u8' }], captions: [] },
			{ id: 'subtitles', title: 'Subtitles', files: [], captions: [{ label: 'fr', url: '/a.srt', format: 'srt' }] },
		])
	})
})
