import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaCorpus } from '../../scripts/make-media-corpus.ts'
import { requireBuild, startServerProcess, type ServerProcess } from '#tests/support/servers.ts'

// The production server, logging at debug, playing a remuxed film from the
// media folder and refusing bad links: no log line at any level holds a
// signature (`sig=`), a segment prefix's signature or a sealed proxy path.

let server: ServerProcess
let media: string

beforeAll(async () => {
	requireBuild()
	media = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-media-logs-'))
	const file = path.join(media, 'The Dark Knight (2008).mkv')
	fs.copyFileSync(path.join(mediaCorpus(), 'Long GOP (2021).mkv'), file)
	const past = new Date(Date.now() - 60_000)
	fs.utimesSync(file, past, past)
	server = await startServerProcess({ LOG_LEVEL: 'debug', WEB_CONCURRENCY: '1', MEDIA_DIR: media, MEDIA_ACCESS: 'everyone' })
}, 120_000)

afterAll(async () => {
	// A graceful stop ends its ffmpeg jobs too (a killed server would leave them writing into its data folder).
	if (server) {
		server.child.kill('SIGTERM')
		await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
	}
	await server?.stop()
	fs.rmSync(media, { recursive: true, force: true })
})

describe('logs of a played media-folder film', () => {
	it('hold no signed link, segment signature or sealed path, at any level', async () => {
		const lookup = async () =>
			(await (await fetch(`${server.origin}/api/sources/lookup?type=movie&tmdbId=155&source=library`)).text())
				.trim()
				.split('\n')
				.map((line) => JSON.parse(line) as { event: string; streams?: Array<{ playlist?: string }> })
		let found: { playlist?: string } | undefined
		for (let attempt = 0; attempt < 40 && !found; attempt++) {
			found = (await lookup()).find((event) => event.event === 'found')?.streams?.[0]
			if (!found) await new Promise((resolve) => setTimeout(resolve, 500))
		}
		expect(found?.playlist).toMatch(/sig=/)
		const playlist = await (await fetch(`${server.origin}${found!.playlist!}`)).text()
		const segments = playlist.split('\n').filter((line) => line.includes('/seg-'))
		expect(segments.length).toBeGreaterThanOrEqual(3)
		for (const segment of segments.slice(0, 2)) expect((await fetch(`${server.origin}${segment}`)).status).toBe(200)
		// A tampered signature and a sealed proxy token that opens nothing: refused, and logged as such.
		// The signature's first character changed to another (to 'A' alone, one signature in 64 was left as it was).
		const tampered = found!.playlist!.replace(/sig=(.)/, (_match, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`)
		expect(tampered).not.toBe(found!.playlist)
		expect((await fetch(`${server.origin}${tampered}`)).status).toBe(403)
		const sealed = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4'
		expect((await fetch(`${server.origin}/api/stream/proxy/${sealed}/remux.m3u8`)).status).toBe(403)
		await new Promise((resolve) => setTimeout(resolve, 500))

		const output = server.output()
		expect(output).toContain('"msg":"ffmpeg started"')
		expect(output).toContain('"msg":"request"')
		const signature = /sig=([\w-]+)/.exec(found!.playlist!)![1]!
		const segmentSignature = /\/hls\/\d+\/([\w-]+)\//.exec(segments[0]!)![1]!
		expect(output).not.toMatch(/sig=(?!:redacted)/)
		expect(output).not.toContain(signature)
		expect(output).not.toContain(segmentSignature)
		expect(output).not.toContain(sealed)
		// Segment requests are there, at debug (20), not at info.
		const segmentLines = output.split('\n').filter((line) => line.includes('"msg":"request"') && line.includes('/seg-'))
		expect(segmentLines.length).toBeGreaterThanOrEqual(2)
		for (const line of segmentLines) expect(line).toContain('"level":20')
	}, 90_000)
})
