import { describe, expect, it } from 'vitest'
import {
	isAcceptableToken,
	mapServiceStreams,
	qualityKey,
	resolveServiceUrl,
	StreamsAnswerSchema,
	streamsQuery,
	TokenBodySchema,
	type ServiceStream,
} from './protocol.ts'

const SERVICE = 'http://127.0.0.1:8787/base'
const sign = async (upstream: URL) => `/proxied/${encodeURIComponent(upstream.href)}`
const context = { sourceId: 'fourk', sourceName: '4K service', serviceUrl: SERVICE, sign }
const entry = (overrides: Partial<ServiceStream>): ServiceStream => ({
	url: 'https://cdn.example/a.mp4',
	quality: 'unknown',
	type: 'mp4',
	captions: [],
	...overrides,
})

describe('the §5 token rule', () => {
	it('needs at least 50 characters and "ey"', () => {
		expect(isAcceptableToken(`ey${'a'.repeat(48)}`)).toBe(true)
		expect(isAcceptableToken(`ey${'a'.repeat(47)}`)).toBe(false)
		expect(isAcceptableToken(`${'a'.repeat(30)}ey${'a'.repeat(30)}`)).toBe(true)
		expect(isAcceptableToken('a'.repeat(80))).toBe(false)
	})

	it('refuses tokens that cannot travel in a header, with the §8 text', () => {
		const result = TokenBodySchema.safeParse({ token: `ey${'a'.repeat(50)}\nX-Other: 1` })
		expect(result.success).toBe(false)
		expect(result.error?.issues[0]?.message).toBe('Invalid token, please check and try again.')
		expect(TokenBodySchema.safeParse({ token: `ey${'a'.repeat(50)}` }).success).toBe(true)
	})
})

describe('the listing query', () => {
	it('asks movies by TMDB id and shows with season and episode', () => {
		expect(streamsQuery({ type: 'movie', tmdbId: 550 }).toString()).toBe('type=movie&tmdbId=550')
		expect(
			streamsQuery({ type: 'show', tmdbId: 1399, season: { number: 1, tmdbId: null }, episode: { number: 2, tmdbId: null } }).toString(),
		).toBe('type=tv&tmdbId=1399&season=1&episode=2')
	})
})

describe('quality keys', () => {
	it.each([
		['4k', '4k'],
		['2160p', '4k'],
		['UHD HDR', '4k'],
		['1080p', '1080'],
		['FHD', '1080'],
		['720', '720'],
		['480p', '480'],
		['360p', '360'],
		['original', 'unknown'],
		[undefined, 'unknown'],
	])('%s → %s', (quality, key) => {
		expect(qualityKey(quality)).toBe(key)
	})
})

describe('answers', () => {
	it('resolve relative URLs against the service and refuse non-http schemes', () => {
		expect(resolveServiceUrl('media/a.mp4', SERVICE)?.href).toBe('http://127.0.0.1:8787/base/media/a.mp4')
		expect(resolveServiceUrl('file:///etc/passwd', SERVICE)).toBeNull()
		expect(resolveServiceUrl('data:video/mp4;base64,AAAA', SERVICE)).toBeNull()
		expect(resolveServiceUrl('http://[bad', SERVICE)).toBeNull()
	})

	it('are validated: a wrong stream type or a missing list fails', () => {
		expect(StreamsAnswerSchema.safeParse({ streams: [{ url: 'x', type: 'dash' }] }).success).toBe(false)
		expect(StreamsAnswerSchema.safeParse({ items: [] }).success).toBe(false)
		expect(StreamsAnswerSchema.safeParse({ streams: [{ url: 'x', type: 'hls' }] }).data?.streams[0]).toEqual({
			url: 'x',
			type: 'hls',
			quality: 'unknown',
			captions: [],
		})
	})
})

describe('mapping to Willow streams', () => {
	it('makes one HLS stream per entry and gathers MP4 qualities into file streams', async () => {
		const streams = await mapServiceStreams(
			[
				entry({ type: 'hls', url: 'https://cdn.example/master.m3u8', quality: '2160p' }),
				entry({ url: 'https://cdn.example/uhd.mp4', quality: '4k', captions: [{ url: 'https://cdn.example/en.vtt', language: 'eng' }] }),
				entry({ url: 'https://cdn.example/fhd.mp4', quality: '1080p', captions: [{ url: 'https://cdn.example/en.vtt', language: 'eng' }] }),
				entry({ url: 'https://cdn.example/other-uhd.mp4', quality: '2160p' }),
				entry({ url: 'file:///etc/passwd' }),
			],
			context,
		)
		expect(streams).toHaveLength(3)
		const [hls, files, more] = streams
		expect(hls).toMatchObject({
			type: 'hls',
			sourceId: 'fourk',
			label: '4K service · 4K',
			playlist: `/proxied/${encodeURIComponent('https://cdn.example/master.m3u8')}`,
			captions: [],
		})
		expect(files).toMatchObject({ type: 'file', label: '4K service' })
		if (files?.type !== 'file' || more?.type !== 'file') throw new Error('expected file streams')
		expect(Object.keys(files.qualities).sort()).toEqual(['1080', '4k'])
		expect(files.qualities['4k']).toEqual({ type: 'mp4', url: `/proxied/${encodeURIComponent('https://cdn.example/uhd.mp4')}` })
		// The caption both qualities list appears once, with an ISO 639-1 code and an Intl label.
		expect(files.captions).toEqual([
			{
				id: `${files.id}-c0`,
				language: 'en',
				label: 'English',
				url: `/proxied/${encodeURIComponent('https://cdn.example/en.vtt')}`,
				type: 'vtt',
			},
		])
		expect(Object.keys(more.qualities)).toEqual(['4k'])
		expect(new Set(streams.map((stream) => stream.id)).size).toBe(3)
	})

	it('drops captions with an unknown language or a bad URL and reads the type from the name', async () => {
		const [stream] = await mapServiceStreams(
			[
				entry({
					captions: [
						{ url: 'https://cdn.example/es.srt', language: 'spa' },
						{ url: 'https://cdn.example/x.vtt', language: 'klingonese' },
						{ url: 'javascript:alert(1)', language: 'en' },
					],
				}),
			],
			context,
		)
		expect(stream?.captions).toEqual([expect.objectContaining({ language: 'es', label: 'Spanish', type: 'srt' })])
	})
})
