import { describe, expect, it } from 'vitest'
import { childFilename, isHlsPlaylist, rewritePlaylist } from './hls-rewrite.ts'

const sign = async (child: URL) => `/p/${encodeURIComponent(child.href)}`

describe('rewritePlaylist', () => {
	it('rewrites variant playlists, segments, keys, maps and renditions, relative or absolute', async () => {
		const master = [
			'#EXTM3U',
			'#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",URI="subs/en.m3u8"',
			'#EXT-X-STREAM-INF:BANDWIDTH=800000,SUBTITLES="subs"',
			'low/index.m3u8',
			'#EXT-X-STREAM-INF:BANDWIDTH=2000000',
			'https://cdn.example/high/index.m3u8',
		].join('\n')
		const base = new URL('http://origin.example:8080/movie/master.m3u8')
		const out = await rewritePlaylist(master, base, sign)
		expect(out.split('\n')).toEqual([
			'#EXTM3U',
			`#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",URI="/p/${encodeURIComponent('http://origin.example:8080/movie/subs/en.m3u8')}"`,
			'#EXT-X-STREAM-INF:BANDWIDTH=800000,SUBTITLES="subs"',
			`/p/${encodeURIComponent('http://origin.example:8080/movie/low/index.m3u8')}`,
			'#EXT-X-STREAM-INF:BANDWIDTH=2000000',
			`/p/${encodeURIComponent('https://cdn.example/high/index.m3u8')}`,
		])
		const media =
			'#EXTM3U\r\n#EXT-X-KEY:METHOD=AES-128,URI="/keys/k1",IV=0x1\r\n#EXT-X-MAP:URI="init.mp4"\r\n#EXTINF:4.0,\r\nseg-1.m4s\r\n#EXTINF:4.0,\r\n../other/seg-2.m4s?t=1\r\n#EXT-X-ENDLIST\r\n'
		const rewritten = await rewritePlaylist(media, base, sign)
		expect(rewritten).toContain(`URI="/p/${encodeURIComponent('http://origin.example:8080/keys/k1')}",IV=0x1`)
		expect(rewritten).toContain(`URI="/p/${encodeURIComponent('http://origin.example:8080/movie/init.mp4')}"`)
		expect(rewritten).toContain(`/p/${encodeURIComponent('http://origin.example:8080/other/seg-2.m4s?t=1')}`)
		expect(rewritten).not.toMatch(/^seg-1/m)
	})

	it('leaves URIs that are not http(s) for the browser and never signs them', async () => {
		const signed: string[] = []
		const out = await rewritePlaylist(
			'#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://key"\nfile:///etc/passwd\n',
			new URL('https://a.example/x.m3u8'),
			async (child) => {
				signed.push(child.href)
				return 'signed'
			},
		)
		expect(signed).toEqual([])
		expect(out).toContain('URI="skd://key"')
	})

	it('recognises playlists and names children', () => {
		expect(isHlsPlaylist('application/vnd.apple.mpegurl', new URL('https://a.example/x'))).toBe(true)
		expect(isHlsPlaylist('application/octet-stream', new URL('https://a.example/x.m3u8'))).toBe(true)
		expect(isHlsPlaylist('video/mp2t', new URL('https://a.example/x.ts'))).toBe(false)
		expect(childFilename(new URL('https://a.example/a/seg-01.ts?x=1'))).toBe('seg-01.ts')
		expect(childFilename(new URL('https://a.example/a/%2e%2e'))).toBe('media')
	})
})
