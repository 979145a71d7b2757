import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '#tests/support/servers.ts'

// A page part whose code is imported on demand (app/components/ui/lazy-hydrated.tsx) suspended on the
// server's first render of it: React then sends the rest of the page first and puts the part in by
// script after the first paint, moving everything below it. Every page's first visitor after a start
// got that (Lighthouse on a fresh server: CLS 0.37-0.64 on /movies). Each page here is its server's
// first render of it, asked for as a browser asks (crawlers get the whole document at once anyway).

const BROWSER = 'Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36'

let server: ServerProcess | undefined

beforeAll(async () => {
	server = await startServerProcess({ PAGE_CACHE_MS: '0' })
}, 90_000)

afterAll(async () => {
	await server?.stop()
})

/** What React streamed after the shell: each late part's first markup (React Router's data scripts aside). */
function lateParts(html: string): string[] {
	return [...html.matchAll(/<div hidden id="S:\d+">/g)]
		.map((match) => html.slice(match.index + match[0].length, match.index + match[0].length + 80))
		.filter((start) => !start.startsWith('<script'))
}

describe('the first render of each page after a start', () => {
	it('sends every part in its place, on the pages without data that comes later', async () => {
		// /series is left out: its rows' data comes later by design, each in a placeholder of its size.
		const pages = [
			'/',
			'/movies',
			'/movies/10378-big-buck-bunny',
			'/series/66732-stranger-things',
			'/series/66732-stranger-things/1/1',
			'/search?query=bunny',
			'/bookmarks',
		]
		const late: Record<string, string[]> = {}
		for (const page of pages) {
			const response = await fetch(`${server!.origin}${page}`, { headers: { 'user-agent': BROWSER } })
			expect(response.status, page).toBe(200)
			const html = await response.text()
			// Streamed as a browser gets it: React Router's data comes after the shell, so there are late parts to tell apart.
			expect(html, page).toContain('<div hidden id="S:')
			const parts = lateParts(html)
			if (parts.length > 0) late[page] = parts
		}
		expect(late).toEqual({})
	})
})
