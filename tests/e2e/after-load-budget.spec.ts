import type { Page, Response } from '@playwright/test'
import { browsePages, expect, test, waitForHydration } from './fixtures.ts'

// Issue 27: the JavaScript a browse page fetches beyond its first load (the
// modulepreloads and module scripts of its HTML) until nothing more comes:
// the network is idle, every timer and idle callback due in the next 20 s has
// fired (a fake clock is moved on, so work deferred by a timer is counted
// rather than outwaited) and the network is idle again, until a round fetches
// no new script. Counted in bytes and script
// requests, so the figure is the same on a busy machine as on a quiet one.
// The budget is what the pages fetched when it was set, with a little room:
// code a visitor did not ask for waits for an interaction, or joins a chunk
// that is already fetched, instead of growing the work after every load.

interface AfterLoadJs {
	/** Script files fetched beyond the first load, with their sizes in bytes (as served, uncompressed). */
	files: Array<{ path: string; bytes: number }>
	bytes: number
}

/** Bytes and script requests beyond the first load (budget set on the fixed pages, issue 27). */
const BUDGET: Record<string, { bytes: number; requests: number }> = {
	// Measured on the fixed pages (bytes as served, before compression): home 185.6 KB in 36 scripts, movies
	// 179.4 KB in 33, series 175.3 KB in 31, a movie 254.8 KB in 36, a series 250.0 KB in 35, an episode
	// 167.7 KB in 34, search 54.7 KB in 23, bookmarks 30.4 KB in 17. The room is well under the 50 KB probe.
	home: { bytes: 200 * 1024, requests: 40 },
	movies: { bytes: 195 * 1024, requests: 37 },
	series: { bytes: 190 * 1024, requests: 35 },
	movie: { bytes: 270 * 1024, requests: 40 },
	'a series': { bytes: 265 * 1024, requests: 39 },
	episode: { bytes: 185 * 1024, requests: 38 },
	// Search and bookmarks moved code out of their first loads (zod, the bookmarks page and the library store), which were
	// 149 and 198 KB gzip, over the 125 KB goal: that code now comes after the load, so it is counted here (146.7 KB in 24
	// and 293.2 KB in 40, as served). The bookmarks page is what the visitor asked for; it hydrates as soon as it arrives.
	search: { bytes: 160 * 1024, requests: 28 },
	bookmarks: { bytes: 310 * 1024, requests: 44 },
}

/** The first load: what the server-rendered HTML asks for before any script runs. */
function firstLoadScripts(html: string): Set<string> {
	const paths = new Set<string>()
	for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) paths.add(match[1]!)
	for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) paths.add(match[1]!)
	for (const match of html.matchAll(/import\s*(?:[^'"]*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) paths.add(match[1]!)
	return paths
}

/** Waits until the network is idle and the timers and idle callbacks due have run, until a round fetches no new script. */
async function settle(page: Page, fetched: () => number) {
	let before = -1
	for (let round = 0; round < 6 && before !== fetched(); round++) {
		before = fetched()
		await page.waitForLoadState('networkidle')
		await page.clock.runFor(10_000)
		await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())))
		await page.clock.runFor(10_000)
		await page.waitForLoadState('networkidle')
	}
}

async function measure(page: Page, path: string): Promise<AfterLoadJs> {
	await page.clock.install()
	const scripts: Array<Promise<{ path: string; bytes: number }>> = []
	const onResponse = (response: Response) => {
		const url = new URL(response.url())
		if (response.request().resourceType() !== 'script' && !url.pathname.endsWith('.js')) return
		if (url.pathname === '/sw.js') return
		scripts.push(response.body().then((body) => ({ path: url.pathname, bytes: body.byteLength })))
	}
	page.on('response', onResponse)
	const response = await page.goto(path, { waitUntil: 'load' })
	expect(response?.status(), path).toBe(200)
	const firstLoad = firstLoadScripts(await response!.text())
	expect(firstLoad.size, `first-load scripts of ${path}`).toBeGreaterThan(2)
	// Settled only once hydrated: on a loaded machine the network was idle before hydration had asked for the
	// after-load code, and a page measured 0 scripts (and passed).
	await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
	await settle(page, () => scripts.length)
	// A response after this point is not read: its body() would outlive the test and fail it ("Test ended").
	page.off('response', onResponse)
	const files = (await Promise.all(scripts)).filter((file) => !firstLoad.has(file.path))
	const unique = [...new Map(files.map((file) => [file.path, file])).values()]
	return { files: unique, bytes: unique.reduce((sum, file) => sum + file.bytes, 0) }
}

/** What is over the page's budget, or null. */
function overBudget(label: string, measured: AfterLoadJs): string | null {
	const budget = BUDGET[label]!
	const list = measured.files.map((file) => `${file.path} ${(file.bytes / 1024).toFixed(1)} KB`).join(', ')
	if (measured.bytes > budget.bytes || measured.files.length > budget.requests) {
		return `${label}: ${(measured.bytes / 1024).toFixed(1)} KB in ${measured.files.length} scripts after the first load (budget ${(budget.bytes / 1024).toFixed(1)} KB in ${budget.requests}): ${list}`
	}
	return null
}

test.describe('JavaScript after the first load', () => {
	// Each page is loaded until nothing more comes.
	test.slow()

	for (const label of Object.keys(BUDGET)) {
		test(`${label}: no more script after the first load than its budget`, async ({ page, request }) => {
			const path = (await browsePages(request)).find(([name]) => name === label)![1]
			const measured = await measure(page, path)
			console.log(`${label} ${path}: ${measured.files.length} scripts, ${measured.bytes} bytes after the first load`)
			// Every page fetches some (its hydrated parts, the library, the after-load work): none means nothing was measured.
			expect(measured.files.length, `scripts after the first load of ${path}`).toBeGreaterThan(0)
			expect(overBudget(label, measured)).toBeNull()
		})
	}

	test('a 50 KB script added after the load event is caught (the probe)', async ({ page }) => {
		// The probe: an extra script requested once the page has loaded, like a widget that waits for load.
		await page.route('**/assets/probe-after-load.js', (route) =>
			route.fulfill({ contentType: 'text/javascript', body: `window.__probe = ${JSON.stringify('x'.repeat(50 * 1024))}` }),
		)
		await page.addInitScript(() =>
			window.addEventListener('load', () => {
				const script = document.createElement('script')
				script.src = '/assets/probe-after-load.js'
				document.head.append(script)
			}),
		)
		const measured = await measure(page, '/')
		expect(measured.files.map((file) => file.path)).toContain('/assets/probe-after-load.js')
		expect(overBudget('home', measured)).toMatch(/^home: .* after the first load \(budget/)
	})
})

test.describe('the route manifest', () => {
	// Decision 0058: the page ships every route's manifest entry. Fetching them after hydration
	// (React Router's lazy discovery) re-rendered the whole page when they came.
	test('no browse page asks for route manifest entries after it loads', async ({ page, request }) => {
		test.slow()
		const asked: string[] = []
		page.on('request', (sent) => {
			if (new URL(sent.url()).pathname === '/__manifest') asked.push(sent.url())
		})
		for (const [label, path] of await browsePages(request)) {
			await page.goto(path, { waitUntil: 'load' })
			await waitForHydration(page)
			expect(asked, `${label} (${path})`).toEqual([])
		}
	})
})
