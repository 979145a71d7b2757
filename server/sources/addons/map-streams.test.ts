import { describe, expect, it } from 'vitest'
import type { ProxyTarget } from '../proxy/proxy.server.ts'
import { NOT_PLAYABLE, TRAILER_ONLY, mapAddonAnswer, qualityOf, type AddonAnswer } from './map-streams.ts'
import { offers, parseManifest, resourceUrl } from './protocol.ts'

function answer(partial: Partial<AddonAnswer>) {
	const signed: ProxyTarget[] = []
	const full: AddonAnswer = {
		sourceId: 'addon:test',
		sourceName: 'Test',
		manifestUrl: 'https://addon.example/manifest.json',
		owner: false,
		streams: [],
		subtitles: [],
		signProxyUrl: async (target) => {
			signed.push(target)
			return `/proxied/${signed.length - 1}`
		},
		...partial,
	}
	return { full, signed }
}

describe('qualityOf', () => {
	it.each([
		['Movie 2160p HDR', '4k'],
		['4K UHD', '4k'],
		['WEB-DL 1080p', '1080'],
		['720p', '720'],
		['DVDRip 480p', '480'],
		['360p mobile', '360'],
		['Some stream', 'unknown'],
		['x10800p', 'unknown'],
	])('%s → %s', (text, key) => {
		expect(qualityOf(text)).toBe(key)
	})
})

describe('mapAddonAnswer', () => {
	it('hands over a progressive https MP4 or WebM that needs nothing, and proxies everything else', async () => {
		const { full, signed } = answer({
			streams: [
				{ url: 'https://cdn.example/a.mp4', name: 'A', title: '1080p' },
				{ url: 'https://cdn.example/b.webm', name: 'B', description: '720p' },
				{ url: 'http://plain.example/c.mp4', name: 'C' },
				{ url: 'https://cdn.example/d.mp4', name: 'D', behaviorHints: { notWebReady: true } },
				{ url: 'https://cdn.example/e.mp4', name: 'E', behaviorHints: { proxyHeaders: { request: { Referer: 'https://x' } } } },
				{ url: 'https://cdn.example/f.mkv', name: 'F' },
				{ url: 'https://cdn.example/g/master.M3U8', name: 'G' },
			],
		})
		const result = await mapAddonAnswer(full)
		expect(result.kind).toBe('found')
		if (result.kind !== 'found') return
		const urls = result.streams.map((s) => (s.type === 'hls' ? s.playlist : Object.values(s.qualities)[0]!.url))
		expect(urls.slice(0, 2)).toEqual(['https://cdn.example/a.mp4', 'https://cdn.example/b.webm'])
		expect(urls.slice(2).every((url) => url.startsWith('/proxied/'))).toBe(true)
		expect(result.streams[1]).toMatchObject({ type: 'file', qualities: { '720': { type: 'webm' } } })
		expect(result.streams[6]).toMatchObject({ type: 'hls', label: 'G' })
		const withHeaders = signed.find((t) => t.url === 'https://cdn.example/e.mp4')!
		expect(withHeaders.headers).toEqual({ Referer: 'https://x' })
		// A user's add-on: only the hosts it named, none private.
		expect(withHeaders.allowPrivate).toBe(false)
		expect(new Set(withHeaders.allowedHosts)).toEqual(new Set(['addon.example:443', 'cdn.example:443', 'plain.example:80']))
	})

	it('offers files a browser cannot play as remuxed HLS when ffmpeg is there', async () => {
		const streams = [
			{ url: 'https://cdn.example/f.mkv' },
			{ url: 'https://cdn.example/g.mp4', behaviorHints: { notWebReady: true } },
			{ url: 'https://cdn.example/h.mp4' },
		]
		const { full, signed } = answer({ streams, remuxAvailable: true })
		const result = await mapAddonAnswer(full)
		expect(result.kind === 'found' && result.streams.map((s) => s.type)).toEqual(['hls', 'hls', 'file'])
		expect(signed.filter((t) => t.remux).map((t) => [t.url, t.filename])).toEqual([
			['https://cdn.example/f.mkv', 'remux.m3u8'],
			['https://cdn.example/g.mp4', 'remux.m3u8'],
		])
		const without = await mapAddonAnswer(answer({ streams }).full)
		expect(without.kind === 'found' && without.streams.map((s) => s.type)).toEqual(['file', 'file', 'file'])
	})

	it('lets an owner add-on use private addresses on its own host only', async () => {
		const { full, signed } = answer({
			owner: true,
			manifestUrl: 'http://nas.local:7000/manifest.json',
			streams: [{ url: 'http://nas.local:8096/v.mkv' }],
		})
		await mapAddonAnswer(full)
		expect(signed[0]).toMatchObject({ allowPrivate: true, privateHosts: ['nas.local'] })
	})

	it('skips torrents, usenet, external links and trailers with the reason', async () => {
		expect(
			await mapAddonAnswer(
				answer({ streams: [{ infoHash: 'abc' }, { nzbUrl: 'https://x/n.nzb' }, { externalUrl: 'https://x' }, { ytId: 'abc' }] }).full,
			),
		).toEqual({
			kind: 'none',
			reason: NOT_PLAYABLE,
		})
		expect(await mapAddonAnswer(answer({ streams: [{ ytId: 'abc' }] }).full)).toEqual({ kind: 'none', reason: TRAILER_ONLY })
		expect(await mapAddonAnswer(answer({ streams: [{ url: 'file:///etc/passwd' }, { url: 'javascript:alert(1)' }] }).full)).toEqual({
			kind: 'none',
			reason: NOT_PLAYABLE,
		})
		expect(await mapAddonAnswer(answer({ streams: [{ url: 5 }, 'nope'] }).full)).toEqual({ kind: 'none', reason: 'malformed stream list' })
		expect(await mapAddonAnswer(answer({ streams: [] }).full)).toEqual({ kind: 'none', reason: 'nothing returned' })
	})

	it('turns subtitles into captions on every stream, a stream’s own first, or answers subtitles alone', async () => {
		const subtitles = [
			{ id: 1, url: 'https://subs.example/x.vtt', lang: 'pob' },
			{ url: 'https://subs.example/y.srt', lang: 'ger' },
			{ url: 'data:text/vtt,hi', lang: 'en' },
		]
		const alone = await mapAddonAnswer(answer({ subtitles }).full)
		expect(alone.kind).toBe('subtitles')
		if (alone.kind !== 'subtitles') return
		expect(alone.captions.map((c) => [c.language, c.label, c.type])).toEqual([
			['und', 'pob', 'vtt'],
			['de', 'German', 'srt'],
		])
		const withStream = await mapAddonAnswer(
			answer({
				subtitles,
				streams: [{ url: 'https://cdn.example/a.mp4', subtitles: [{ id: 's', url: 'https://subs.example/own.srt', lang: 'fr' }] }],
			}).full,
		)
		expect(withStream.kind === 'found' && withStream.streams[0]!.captions.map((c) => c.language)).toEqual(['fr', 'und', 'de'])
	})

	it('keeps the bingeGroup and builds a label', async () => {
		const result = await mapAddonAnswer(
			answer({
				streams: [
					{ url: 'https://cdn.example/a.mp4', name: 'Add-on\n4K', title: 'Film.2160p.mkv\n💾 2 GB', behaviorHints: { bingeGroup: 'grp' } },
				],
			}).full,
		)
		expect(result.kind === 'found' && result.streams[0]).toMatchObject({
			label: 'Add-on 4K · Film.2160p.mkv 💾 2 GB',
			bingeGroup: 'grp',
			type: 'file',
			qualities: { '4k': { type: 'mp4' } },
		})
	})
})

describe('manifests', () => {
	it('reads resources with their own types and idPrefixes', () => {
		const parsed = parseManifest({
			id: 'a',
			name: 'A',
			types: ['movie', 'series'],
			idPrefixes: ['tt'],
			resources: ['stream', { name: 'subtitles', types: ['movie'], idPrefixes: ['kitsu'] }],
			catalogs: [{ whatever: true }],
		})
		expect(parsed.ok).toBe(true)
		if (!parsed.ok) return
		expect(offers(parsed.manifest, 'stream', 'series', 'tt1:1:2')).toBe(true)
		expect(offers(parsed.manifest, 'stream', 'channel', 'tt1')).toBe(false)
		expect(offers(parsed.manifest, 'subtitles', 'movie', 'tt1')).toBe(false)
		expect(offers(parsed.manifest, 'subtitles', 'movie', 'kitsu:1')).toBe(true)
	})

	it('names the first problem of a malformed one', () => {
		expect(parseManifest({ id: 'a', resources: [], types: [] })).toEqual({
			ok: false,
			reason: expect.stringMatching(/^malformed manifest: .*name/),
		})
		expect(parseManifest('nope')).toMatchObject({ ok: false })
	})

	it('builds resource URLs from the manifest URL', () => {
		expect(resourceUrl('https://a.example/cfg/manifest.json', 'stream', 'series', 'tt1:1:2')).toBe(
			'https://a.example/cfg/stream/series/tt1%3A1%3A2.json',
		)
	})
})
