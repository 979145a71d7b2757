import { describe, expect, it } from 'vitest'
import type { Caption, Stream } from '#app/lib/sources/contract.ts'
import {
	addSourceCaptions,
	captionsForStream,
	menuSources,
	rankStreams,
	sourceFailedNotice,
	streamMenuLabels,
	withArrivals,
} from './watch-flow.ts'

// Which stream plays, which captions it offers, and how the source menu names
// streams (issue 25 items 3 and 6, issue 26 item 4).

const file = (id: string, sourceId: string, label = id, captions: Caption[] = []): Stream => ({
	id,
	sourceId,
	label,
	type: 'file',
	qualities: { '720': { type: 'mp4', url: `/api/stream/${id}.mp4` } },
	captions,
})
const hls = (id: string, sourceId: string, label = id): Stream => ({
	id,
	sourceId,
	label,
	type: 'hls',
	playlist: `/api/stream/${id}.m3u8`,
	captions: [],
})
const caption = (id: string, language: string, label = language): Caption => ({
	id,
	language,
	label,
	url: `/api/stream/${id}.vtt`,
	type: 'vtt',
})

const ORDER = ['library', 'fourk', 'addon:owner', 'addon:user', 'sample']

describe('rankStreams', () => {
	it("puts the owner's sources first, then the user's add-ons, then the sample clips, keeping each source's order", () => {
		const found = [
			file('s1', 'sample'),
			file('u1', 'addon:user'),
			file('l1', 'library'),
			file('s2', 'sample'),
			file('o1', 'addon:owner'),
			file('l2', 'library'),
		]
		expect(rankStreams(found, ORDER).map((s) => s.id)).toEqual(['l1', 'l2', 'o1', 'u1', 's1', 's2'])
	})

	it('puts a source the order does not name last', () => {
		expect(rankStreams([file('x', 'unknown'), file('s1', 'sample')], ORDER).map((s) => s.id)).toEqual(['s1', 'x'])
	})
})

describe('withArrivals', () => {
	const sample = [file('s1', 'sample'), hls('s2', 'sample')]

	it('keeps the same list (no re-render) when nothing new arrived', () => {
		const result = withArrivals(sample, 1, [...sample], true)
		expect(result.streams).toBe(sample)
		expect(result.index).toBe(1)
	})

	it("lets the owner's stream that arrives within the window take over, and only within it", () => {
		const arrived = [file('l1', 'library'), ...sample]
		expect(withArrivals(sample, 0, arrived, true)).toEqual({ streams: arrived, index: 0 })
		// After the window it only joins the list; the sample keeps playing.
		expect(withArrivals(sample, 0, arrived, false)).toEqual({ streams: arrived, index: 1 })
		expect(withArrivals(sample, 1, arrived, false)).toEqual({ streams: arrived, index: 2 })
	})

	it('does not switch between streams of the source already playing', () => {
		const arrived = [file('s0', 'sample'), ...sample]
		expect(withArrivals(sample, 1, arrived, true)).toEqual({ streams: arrived, index: 2 })
	})

	it('keeps a stream chosen by a source change playing, with the arrivals before it', () => {
		const chosen = [file('u1', 'addon:user')]
		const result = withArrivals(chosen, 0, [file('l1', 'library')], true)
		expect(result.streams.map((s) => s.id)).toEqual(['l1', 'u1'])
		expect(result.index).toBe(1)
	})
})

describe('captions', () => {
	it('labels a subtitles-only source’s captions with its name, one per language from each source', () => {
		const subs = { id: 'addon:subs', name: 'OpenSubs' }
		let known = addSourceCaptions(
			[],
			[
				caption('addon:subs:sub:1', 'en', 'English'),
				caption('addon:subs:sub:2', 'en', 'English'),
				caption('addon:subs:sub:3', 'es', 'Spanish'),
			],
			subs,
		)
		known = addSourceCaptions(known, [caption('addon:other:sub:9', 'en', 'English')], { id: 'addon:other', name: 'Other' })
		// The same source again (a second lookup event): nothing doubles.
		known = addSourceCaptions(known, [caption('addon:subs:sub:4', 'en', 'English')], subs)
		expect(known.map((c) => [c.id, c.label])).toEqual([
			['addon:subs:sub:1', 'English · OpenSubs'],
			['addon:subs:sub:3', 'Spanish · OpenSubs'],
			['addon:other:sub:9', 'English · Other'],
		])
	})

	it('offers them on every stream, including one with captions of its own, each once', () => {
		const extra = [caption('addon:subs:sub:1', 'en', 'English · OpenSubs')]
		const own = file('s1', 'sample', 's1', [caption('sample-en', 'en', 'English'), caption('sample-es', 'es', 'Spanish')])
		expect(captionsForStream(own, extra).map((c) => c.id)).toEqual(['sample-en', 'sample-es', 'addon:subs:sub:1'])
		expect(captionsForStream(file('bare', 'library'), extra).map((c) => c.id)).toEqual(['addon:subs:sub:1'])
		// A stream that already carries the add-on's caption (attached by the add-on itself) does not list it twice.
		const carrying = file('a1', 'addon:subs', 'a1', extra)
		expect(captionsForStream(carrying, extra).map((c) => c.id)).toEqual(['addon:subs:sub:1'])
		expect(captionsForStream(undefined, extra)).toEqual(extra)
	})
})

describe('the source menu', () => {
	const sources = [
		{ id: 'library', name: 'Media folder' },
		{ id: 'sample', name: 'Sample clips' },
	]

	it('names each stream once: twins get their kind, then a number', () => {
		const label = 'Sample clip (test pattern)'
		expect(streamMenuLabels([file('a', 'sample', label), hls('b', 'sample', label)])).toEqual([
			'Sample clip (test pattern) · MP4',
			'Sample clip (test pattern) · HLS',
		])
		expect(streamMenuLabels([hls('a', 'x', 'Same'), hls('b', 'x', 'Same'), file('c', 'x', 'Other')])).toEqual([
			'Same · HLS 1',
			'Same · HLS 2',
			'Other',
		])
		expect(streamMenuLabels([file('a', 'x', 'One'), file('b', 'x', 'Two')])).toEqual(['One', 'Two'])
	})

	it('lists only the sources none of the listed streams come from', () => {
		const two = [file('a', 'sample'), hls('b', 'sample')]
		expect(menuSources(sources, two)).toEqual([{ id: 'library', name: 'Media folder' }])
		// With one stream the menu lists no streams, so every source stays (the one playing is pressed).
		expect(menuSources(sources, [file('a', 'sample')])).toEqual(sources)
	})
})

describe('sourceFailedNotice', () => {
	it("adds the source's own reason to §8's text", () => {
		expect(sourceFailedNotice('Media folder', [{ status: 'none', reason: "Sign in to play files from this site's library" }])).toBe(
			"Failed to load source: Media folder. Sign in to play files from this site's library.",
		)
		expect(sourceFailedNotice('4K service', [{ status: 'none', reason: 'Your 4K token is missing or expired: set it up on /4k' }])).toBe(
			'Failed to load source: 4K service. Your 4K token is missing or expired: set it up on /4k.',
		)
		expect(sourceFailedNotice('Add-on', [{ status: 'none', reason: 'timed out' }])).toBe('Failed to load source: Add-on. Timed out.')
		expect(sourceFailedNotice('Add-on', [{ status: 'subtitles' }])).toBe('Failed to load source: Add-on')
		expect(sourceFailedNotice('Add-on', [])).toBe('Failed to load source: Add-on')
	})
})
