import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { BrowserContext, Page, Route } from '@playwright/test'
import { MEDIA_FOLDER_MOVIE, SOURCES_ORIGIN } from '../../playwright.config.ts'
import { checkA11y, expect, test } from './fixtures.ts'

// Sources that hang or answer late never hold the player back, the owner's
// stream is preferred when it comes in time, and a title nothing plays says
// why with a next step (issue 25 items 3 and 4). The owner add-ons here are
// fakes on 127.0.0.1, added to one browser context by the test-only cookie of
// server/testing/test-switches.server.ts.

const BIG_BUCK_BUNNY = '/movies/10378-big-buck-bunny'
const OWNER_ADDON_COOKIE = 'willow-test-owner-addon'
const SAMPLE_MP4 = path.resolve('server/sources/sample/clips/sample-480.mp4')
const LIBRARY_SIGN_IN = "Sign in to play files from this site's library"

interface FakeAddon {
	manifestUrl: string
	close(): Promise<void>
}

/**
 * A Stremio add-on on 127.0.0.1. `hang`: nothing ever answers (not even the
 * manifest). `streamDelayMs`: the manifest answers at once and the stream
 * list after the delay, with one MP4 served by the same fake.
 */
async function startFakeAddon(options: { hang: true } | { streamDelayMs: number }): Promise<FakeAddon> {
	const server = http.createServer((req, res) => {
		if ('hang' in options) return // Never answers.
		const url = new URL(req.url ?? '/', 'http://fake.invalid')
		if (url.pathname === '/manifest.json') {
			res.writeHead(200, { 'content-type': 'application/json' }).end(
				JSON.stringify({
					id: 'org.willow.e2e.owner',
					version: '1.0.0',
					name: 'Owner Test Add-on',
					resources: ['stream'],
					types: ['movie'],
					catalogs: [],
					idPrefixes: ['tt'],
				}),
			)
			return
		}
		if (url.pathname.startsWith('/stream/movie/')) {
			const port = (server.address() as AddressInfo).port
			setTimeout(() => {
				res
					.writeHead(200, { 'content-type': 'application/json' })
					.end(JSON.stringify({ streams: [{ name: 'Owner copy', title: 'Owner copy 480p', url: `http://127.0.0.1:${port}/film.mp4` }] }))
			}, options.streamDelayMs)
			return
		}
		if (url.pathname === '/film.mp4') {
			const size = fs.statSync(SAMPLE_MP4).size
			const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '')
			const start = range ? Number(range[1]) : 0
			const end = range && range[2] ? Number(range[2]) : size - 1
			res.writeHead(range ? 206 : 200, {
				'content-type': 'video/mp4',
				'accept-ranges': 'bytes',
				'content-length': String(end - start + 1),
				...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
			})
			fs.createReadStream(SAMPLE_MP4, { start, end }).pipe(res)
			return
		}
		res.writeHead(404).end()
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		manifestUrl: `http://127.0.0.1:${port}/manifest.json`,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

/** `fresh`: a manifest URL of its own, so no earlier lookup's pending manifest request is shared (and times out sooner). */
async function setOwnerAddon(context: BrowserContext, baseURL: string | undefined, addon: FakeAddon | null, fresh = '') {
	await context.clearCookies({ name: OWNER_ADDON_COOKIE })
	const url = addon ? `${addon.manifestUrl}${fresh ? `?fresh=${fresh}` : ''}` : ''
	if (addon) await context.addCookies([{ name: OWNER_ADDON_COOKIE, value: encodeURIComponent(url), url: baseURL! }])
}

/** Hydrated, without waiting for the network to settle: a hung source keeps the lookup open. */
async function waitForScripts(page: Page) {
	await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined)
}

/**
 * Milliseconds from pressing Watch to the player's first frame (a decoded picture, playback under
 * way), the whole path: the lookup, the player, the clip. The page starts its lookup once hydrated,
 * and would mostly have found the clip before Watch is pressed, leaving the lookup out of the time;
 * so the browser holds the lookup request back until Watch is pressed (its start also says the page
 * has hydrated, so the click reaches its handler).
 */
async function watchToFirstFrame(page: Page): Promise<number> {
	let pressWatch = () => {}
	const pressed = new Promise<void>((resolve) => (pressWatch = resolve))
	let lookupAsked = () => {}
	const asked = new Promise<void>((resolve) => (lookupAsked = resolve))
	const holdLookup = async (route: Route) => {
		lookupAsked()
		await pressed
		await route.continue()
	}
	await page.route('**/api/sources/lookup?*', holdLookup)
	try {
		await page.goto(BIG_BUCK_BUNNY)
		await asked
		const watch = page.locator('main').getByTestId('watch-button')
		await expect(watch).toHaveAttribute('data-phase', 'looking')
		await page.evaluate(() => {
			;(window as unknown as { __watchAt: number }).__watchAt = performance.now()
		})
		await watch.click()
		pressWatch()
		const handle = await page.waitForFunction(
			() => {
				const video = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')
				if (!video || video.readyState < 2 || video.currentTime <= 0) return null
				return performance.now() - (window as unknown as { __watchAt: number }).__watchAt
			},
			undefined,
			{ polling: 'raf', timeout: 20_000 },
		)
		return (await handle.jsonValue()) as number
	} finally {
		pressWatch()
		await page.unroute('**/api/sources/lookup?*', holdLookup)
	}
}

/** The middle value; of an even count, the mean of the two middle ones. */
function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

test('an owner add-on that never answers does not delay the player @quiet', async ({ page, context, baseURL }) => {
	// Twelve watches; a few seconds each, more while other work loads the machine.
	test.setTimeout(240_000)
	const hung = await startFakeAddon({ hang: true })
	try {
		// One of each first, not counted: the player's chunk and the clip come from the network once.
		await setOwnerAddon(context, baseURL, null)
		await watchToFirstFrame(page)
		await setOwnerAddon(context, baseURL, hung, 'warm')
		await watchToFirstFrame(page)
		const plain: number[] = []
		const withHung: number[] = []
		// Interleaved, each pair in turn order (ABBA…), so a busy moment of the shared machine and any
		// drift over the run fall on both; medians, so one slow round on either side does not decide.
		for (let round = 0; round < 5; round++) {
			const hungFirst = round % 2 === 1
			if (hungFirst) {
				await setOwnerAddon(context, baseURL, hung, String(round))
				withHung.push(await watchToFirstFrame(page))
			}
			await setOwnerAddon(context, baseURL, null)
			plain.push(await watchToFirstFrame(page))
			if (!hungFirst) {
				await setOwnerAddon(context, baseURL, hung, String(round))
				withHung.push(await watchToFirstFrame(page))
			}
			if (round === 0) {
				// The hung add-on was asked: it is in the lookup, still checking when the player opened.
				await page.getByTestId('player-source-button').click()
				await expect(page.getByTestId('player-panel-source')).toContainText('127.0.0.1')
			}
		}
		const timings = `watch → first frame (ms): none ${plain.map(Math.round).join(', ')}; hung ${withHung.map(Math.round).join(', ')}`
		test.info().annotations.push({ type: 'timings', description: timings })
		console.log(timings)
		// Issue 25's goal, as it is: within 1.5× of the same title with no add-on. Relative, not in
		// seconds: on a loaded machine both sides slow down alike (the old flow's wait for
		// SOURCE_TIMEOUT_MS, 8 s, made it 8.7 s against 1.3 s).
		expect(median(withHung), timings).toBeLessThanOrEqual(median(plain) * 1.5)
	} finally {
		await hung.close()
	}
})

test('?play=true with a hung owner add-on plays the sample before the add-on times out @mobile', async ({ page, context, baseURL }) => {
	test.setTimeout(60_000)
	const hung = await startFakeAddon({ hang: true })
	try {
		await setOwnerAddon(context, baseURL, hung)
		// The page's lookup stays open until every source has answered or timed out (SOURCE_TIMEOUT_MS,
		// 20 s on this server). Which came first, the player or the end of the lookup, says whether the
		// player waited for the hung add-on, on any machine: no clock is read.
		let lookupEnded = false
		const ended = (request: { url(): string }) => {
			if (request.url().includes('/api/sources/lookup?')) lookupEnded = true
		}
		page.on('requestfinished', ended)
		page.on('requestfailed', ended)
		await page.goto(`${BIG_BUCK_BUNNY}?play=true`)
		await expect(page.getByTestId('player')).toBeVisible({ timeout: 15_000 })
		expect(lookupEnded, 'the player opened only once the lookup had given up on the hung add-on').toBe(false)
		await expect
			.poll(() => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
			.toBeGreaterThan(0)
	} finally {
		await hung.close()
	}
})

test("a stream found after the window joins the source list; the owner's, found with the sample, plays", async ({
	page,
	context,
	baseURL,
}) => {
	test.setTimeout(60_000)
	const late = await startFakeAddon({ streamDelayMs: 3000 })
	try {
		await setOwnerAddon(context, baseURL, late)
		await page.goto(`${BIG_BUCK_BUNNY}?play=true`)
		const videoEl = page.getByTestId('player-video')
		await expect.poll(() => videoEl.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0)
		// The sample plays; 3 s in, the owner's stream arrives and is listed, named once, without taking over.
		await page.getByTestId('player-source-button').click()
		const options = page.getByTestId('player-panel-source').getByTestId('player-stream-option')
		await expect(options.filter({ hasText: 'Owner copy' })).toHaveCount(1, { timeout: 10_000 })
		const labels = await options.allTextContents()
		expect(new Set(labels).size).toBe(labels.length)
		expect(labels).toEqual(expect.arrayContaining(['Sample clip (test pattern) · MP4', 'Sample clip (test pattern) · HLS']))
		expect(await videoEl.evaluate((v: HTMLVideoElement) => v.currentSrc)).toContain('/api/stream/sample/')
		// The source list names no stream twice: the sample clips' streams are listed, so the source is not.
		await expect(page.getByTestId('player-source-option').filter({ hasText: 'Sample clips' })).toHaveCount(0)
		await checkA11y(page)
	} finally {
		await late.close()
	}

	const quick = await startFakeAddon({ streamDelayMs: 0 })
	try {
		await setOwnerAddon(context, baseURL, quick)
		// Both answers reach the page together (the lookup is read whole here), so which one plays
		// depends on rank alone, not on the machine's speed: the owner's add-on beats the sample clips.
		await page.route('**/api/sources/lookup?*', async (route) => route.fulfill({ response: await route.fetch() }))
		await page.goto(`${BIG_BUCK_BUNNY}?play=true`)
		await expect
			.poll(() => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentSrc), { timeout: 15_000 })
			.toContain('/api/stream/proxy/')
		await expect
			.poll(() => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
			.toBeGreaterThan(0)
	} finally {
		await quick.close()
	}
})

test('a movie no source has says why, naming what the sample clips cover, with a link to one @mobile', async ({ page, request }) => {
	const answer = (await (await request.get('/api/catalog/movie/popular')).json()) as {
		results: Array<{ id: number; title: string; release_date?: string }>
	}
	const movie = answer.results.find(
		(m) => ![10378, 45745, 133701].includes(m.id) && m.release_date && Date.parse(m.release_date) < Date.now() - 2 * 86_400_000,
	)!
	await page.goto(`/movies/${movie.id}`)
	await waitForScripts(page)
	const watch = page.locator('main').getByTestId('watch-button')
	await expect(watch).toHaveAttribute('data-phase', 'failed', { timeout: 15_000 })
	await watch.click()
	// product.md §8's toast stays, and under it the reason.
	await expect(page.getByText("We can't find this movie right now, try again?", { exact: true })).toBeVisible({ timeout: 15_000 })
	const reasons = page.getByTestId('watch-reasons')
	await expect(reasons).toContainText(
		'No source has this title. Sample clips cover Big Buck Bunny, Sintel, Tears of Steel and Stranger Things (season 1, episodes 1–3).',
	)
	await checkA11y(page)
	await reasons.getByRole('link', { name: 'Watch Big Buck Bunny' }).click()
	await expect(page).toHaveURL(/\/movies\/10378-big-buck-bunny$/)
})

test('an episode no source has shows the episode text and the reason under it @mobile', async ({ page }) => {
	await page.goto('/series/66732-stranger-things/1/4')
	await waitForScripts(page)
	await expect(page.getByTestId('watch-status')).toHaveText('Failed to load video sources. Please try again later.', { timeout: 15_000 })
	await expect(page.getByTestId('watch-reasons')).toContainText('Sample clips cover')
	// The button's own text (product.md §8) is shown whole, not cut by the button's fixed width, on a phone as on a desktop.
	const label = page.getByTestId('watch-button').locator('span')
	await expect(label).toHaveText('Not found: Click to try again')
	expect(await label.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true)
})

test.describe('the media folder, signed out (MEDIA_ACCESS=signed-in)', () => {
	// The app server at SOURCES_ORIGIN has the media folder (The Dark Knight) with the default access:
	// signed-in viewers only. Its first scan may still be running when the suite starts.
	test.use({ baseURL: SOURCES_ORIGIN })
	// The wait for that scan counts in each test's time, and a test has two pages that each look up every
	// source: a loaded CI machine ran past 30 s.
	test.describe.configure({ timeout: 60_000 })
	test.beforeEach(async ({ request }) => {
		await expect
			.poll(async () => (await request.get(`/api/sources/lookup?type=movie&tmdbId=${MEDIA_FOLDER_MOVIE.tmdbId}&source=library`)).text(), {
				timeout: 30_000,
			})
			.toContain(LIBRARY_SIGN_IN)
	})

	test('a title only the folder has says to sign in, with the link; a title it lacks does not', async ({ page }) => {
		await page.goto(MEDIA_FOLDER_MOVIE.path)
		await waitForScripts(page)
		const watch = page.locator('main').getByTestId('watch-button')
		await expect(watch).toHaveAttribute('data-phase', 'failed', { timeout: 15_000 })
		await watch.click()
		await expect(page.getByText("We can't find this movie right now, try again?", { exact: true })).toBeVisible()
		const reasons = page.getByTestId('watch-reasons')
		await expect(reasons.getByRole('listitem').first()).toHaveText(`${LIBRARY_SIGN_IN} Sign in`)
		// The sample clips' reason follows; the owner add-on's ("nothing for this title") has no next step and is not listed.
		await expect(reasons.getByRole('listitem')).toHaveCount(2)
		await reasons.getByRole('link', { name: 'Sign in' }).click()
		await expect(page).toHaveURL(/\/login$/)

		// Signing in would not help on a title the folder does not have (issue 25 item 4).
		await page.goto('/movies/550-fight-club')
		await waitForScripts(page)
		await expect(watch).toHaveAttribute('data-phase', 'failed', { timeout: 15_000 })
		await watch.click()
		await expect(reasons).toContainText('No source has this title. Sample clips cover')
		await expect(reasons).not.toContainText(LIBRARY_SIGN_IN)
		await expect(reasons.getByRole('link', { name: 'Sign in' })).toHaveCount(0)
	})

	test('chosen in the player on a title it lacks, the media folder says so, not to sign in', async ({ page }) => {
		await page.goto(`${BIG_BUCK_BUNNY}?play=true`)
		await expect(page.getByTestId('player')).toBeVisible({ timeout: 15_000 })
		await page.getByTestId('player-source-button').click()
		await page.getByTestId('player-source-option').filter({ hasText: 'Media folder' }).click()
		await expect(page.getByTestId('player-notice')).toHaveText('Failed to load source: Media folder. Not in the media folder.')
	})
})

test('choosing the 4K service without a token says what to do, and so does the media folder', async ({ page }) => {
	await page.goto(`${BIG_BUCK_BUNNY}?play=true`)
	await expect(page.getByTestId('player')).toBeVisible({ timeout: 15_000 })
	await page.getByTestId('player-source-button').click()
	await page.getByTestId('player-source-option').filter({ hasText: '4K service' }).click()
	await expect(page.getByTestId('player-notice')).toHaveText(
		'Failed to load source: 4K service. Your 4K token is missing or expired: set it up on /4k.',
	)

	// The media folder, signed out, on a title it has (played back: this server's folder is open to everyone and lacks this title).
	await page.route('**/api/sources', (route) =>
		route.fulfill({ json: { sources: [{ id: 'library', name: 'Media folder', kind: 'library' }] } }),
	)
	await page.route('**/api/sources/lookup?*source=library*', (route) =>
		route.fulfill({
			status: 200,
			contentType: 'application/x-ndjson',
			body: [
				{ event: 'checking', source: { id: 'library', name: 'Media folder' } },
				{
					event: 'none',
					source: { id: 'library', name: 'Media folder' },
					reason: "Sign in to play files from this site's library",
					next: { href: '/login', label: 'Sign in' },
				},
				{ event: 'done' },
			]
				.map((e) => `${JSON.stringify(e)}\n`)
				.join(''),
		}),
	)
	await page.keyboard.press('Escape')
	await page.keyboard.press('Escape')
	await expect(page.getByTestId('player')).toHaveCount(0)
	await page.locator('main').getByTestId('watch-button').click()
	await page.getByTestId('player-source-button').click()
	await page.getByTestId('player-source-option').filter({ hasText: 'Media folder' }).click()
	await expect(page.getByTestId('player-notice')).toHaveText(
		"Failed to load source: Media folder. Sign in to play files from this site's library.",
	)
})
