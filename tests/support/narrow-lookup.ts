import type { Page } from '@playwright/test'

/**
 * Keeps only the streams of one kind in the page's source lookups (their NDJSON answer): the
 * sample clip has both a file and an HLS stream, and a test or bench may want the player to
 * start on one of them.
 */
export async function narrowLookup(page: Page, kind: 'file' | 'hls') {
	await page.route('**/api/sources/lookup?*', async (route) => {
		const answer = await route.fetch()
		const lines = (await answer.text())
			.split('\n')
			.filter(Boolean)
			.map((line) => {
				const event = JSON.parse(line) as { event: string; streams?: Array<{ type: string }> }
				if (event.streams) event.streams = event.streams.filter((stream) => stream.type === kind)
				return JSON.stringify(event)
			})
		await route.fulfill({ status: answer.status(), headers: answer.headers(), body: `${lines.join('\n')}\n` })
	})
}
