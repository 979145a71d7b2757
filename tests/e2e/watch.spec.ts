import type { Page } from '@playwright/test'
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts'

// The watch flow on a fresh install: the built-in sample clips answer for
// Big Buck Bunny (and two other open films) and Stranger Things S1E1-3;
// every other title has no stream.

const BIG_BUCK_BUNNY = '/movies/10378-big-buck-bunny'
const SAMPLE_MOVIES = [10378, 45745, 133701]
const MOVIE_NOT_FOUND = "We can't find this movie right now, try again?"
const LOOKUP = '**/api/sources/lookup?*'

/** Hydrated (React handlers attached) without waiting for the network to settle: the lookup may still be running. */
async function waitForScripts(page: Page) {
	await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined)
}

/** Counts the lookups the page makes. */
function countLookups(page: Page) {
	const counter = { count: 0 }
	page.on('request', (request) => {
		if (request.url().includes('/api/sources/lookup?')) counter.count++
	})
	return counter
}

test('Watch shows the server being checked, then opens the player; closing drops ?play=true', async ({ page }) => {
	// Two pages and a player: 27-36 s on a 2-core machine under a full run's load.
	test.setTimeout(60_000)
	// The sample source answers in milliseconds on loopback: hold the lookup a moment so "Checking" can be seen.
	let release: () => void = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route(LOOKUP, async (route) => {
		await held
		await route.continue()
	})
	await page.goto(BIG_BUCK_BUNNY)
	await waitForScripts(page)
	const watch = page.locator('main').getByTestId('watch-button')
	await expect(watch).toHaveText(/^Checking .+\.\.\.$/)
	await expect(watch).toHaveAttribute('aria-busy', 'true')
	await expect(page.getByTestId('watch-progress')).toBeVisible()
	await watch.click()
	await expect(page.getByTestId('watch-status')).toHaveText(/^Checking .+\.\.\.$/)
	await checkA11y(page)
	release()
	const player = page.getByTestId('player')
	await expect(player).toBeVisible()
	await expect(player.locator('video')).toHaveCount(1)
	await expect(page).toHaveURL(/\/movies\/10378-big-buck-bunny\?play=true$/)
	await page.keyboard.press('Escape')
	await expect(player).toHaveCount(0)
	await expect(page).toHaveURL(/\/movies\/10378-big-buck-bunny$/)
	await expect(watch).toHaveText('Watch')
	await checkA11y(page)
})

test('?play=true starts playback by itself and keeps the address while the player is open @mobile', async ({ page }) => {
	await page.goto(`${BIG_BUCK_BUNNY}?play=true`)
	await expect(page.getByTestId('player')).toBeVisible()
	await expect(page).toHaveURL(/\?play=true$/)
	// The page itself was server-rendered: its content is there under the player.
	await expect(page.getByTestId('movie-detail')).toHaveCount(1)
})

test('Download lists the qualities, the HLS playlist and the captions, and every link answers @mobile', async ({ page, request }) => {
	await page.goto(BIG_BUCK_BUNNY)
	await waitForHydration(page)
	await page.locator('main').getByTestId('download-button').click()
	const panel = page.getByRole('dialog', { name: /^Download Big Buck Bunny/ })
	await expect(panel).toBeVisible()
	const files = panel.getByTestId('download-file')
	await expect(files.filter({ hasText: '1080p' })).toHaveCount(1)
	await expect(files.filter({ hasText: '720p' })).toHaveCount(1)
	await expect(files.filter({ hasText: '480p' })).toHaveCount(1)
	await expect(files.filter({ hasText: 'HLS playlist' })).toHaveCount(1)
	const captions = panel.getByTestId('download-caption')
	expect(await captions.count()).toBeGreaterThanOrEqual(2)
	await expect(captions.filter({ hasText: 'English' }).first()).toBeVisible()
	const hrefs = [
		...(await files.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))),
		...(await captions.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))),
	]
	for (const href of new Set(hrefs)) {
		const answer = await request.get(href, { headers: { range: 'bytes=0-1023' } })
		expect([200, 206], `${href} answers`).toContain(answer.status())
	}
	await checkA11y(page)
	await page.keyboard.press('Escape')
	await expect(panel).toBeHidden()
	await expect(page.locator('main').getByTestId('download-button')).toBeFocused()
})

test('a movie without a stream retries, then shows the exact toast', async ({ page, request }) => {
	const answer = (await (await request.get('/api/catalog/movie/popular')).json()) as {
		results: Array<{ id: number; title: string; release_date?: string }>
	}
	const movie = answer.results.find(
		(m) => !SAMPLE_MOVIES.includes(m.id) && m.release_date && Date.parse(m.release_date) < Date.now() - 2 * 86_400_000,
	)!
	const lookups = countLookups(page)
	await page.goto(`/movies/${movie.id}`)
	await waitForHydration(page)
	const watch = page.locator('main').getByTestId('watch-button')
	// The lookup after hydration gave up quietly (1 try + 3 retries); pressing Watch asks again.
	await expect(watch).toHaveAttribute('data-phase', 'failed')
	expect(lookups.count).toBe(4)
	await watch.click()
	await expect(page.getByText(MOVIE_NOT_FOUND, { exact: true })).toBeVisible()
	expect(lookups.count).toBe(8)
	await expect(page.getByTestId('player')).toHaveCount(0)
	await expect(watch).toHaveText('Watch')
})

test('an episode without a stream shows the episode texts and offers to try again', async ({ page }) => {
	const lookups = countLookups(page)
	await page.goto('/series/66732-stranger-things/1/4?play=true')
	await waitForHydration(page)
	const watch = page.locator('main').getByTestId('watch-button')
	await expect(watch).toHaveText('Not found: Click to try again')
	await expect(page.getByTestId('watch-status')).toHaveText('Failed to load video sources. Please try again later.')
	// 1 try + 4 retries.
	expect(lookups.count).toBe(5)
	await expect(page).not.toHaveURL(/play=true/)
	await checkA11y(page)
	await watch.click()
	await expect(watch).toHaveText('Not found: Click to try again')
	await expect.poll(() => lookups.count).toBe(10)
})

test('an episode with the sample clip plays from ?play=true', async ({ page }) => {
	await page.goto('/series/66732-stranger-things/1/2?play=true')
	await expect(page.getByTestId('player')).toBeVisible()
	await expect(page).toHaveURL(/\/1\/2\?play=true$/)
})

test('the hero Watch and Continue Watching go to the page with ?play=true and look nothing up themselves', async ({ page }) => {
	const lookups = countLookups(page)
	await page.goto('/favicon.svg')
	await page.evaluate(() => {
		localStorage.clear()
		localStorage.setItem(
			'media-tracking',
			JSON.stringify({
				'10378': { type: 'movie', title: 'Big Buck Bunny', year: 2008, updatedAt: Date.now(), progress: { watched: 10, duration: 100 } },
			}),
		)
	})
	await page.goto('/')
	await waitForHydration(page)
	// Slides of released titles link to their page with ?play=true; unreleased ones say Coming Soon.
	const heroWatch = page.getByTestId('hero-slide').locator('a[data-testid="watch-link"]').first()
	await expect(heroWatch).toHaveAttribute('href', /^\/(movies\/\d+-[^/?]+|series\/\d+-[^/]+\/\d+\/\d+)\?play=true$/)
	await expect(heroWatch).toHaveText('Watch')
	const card = page.getByTestId('continue-watching').getByTestId('continue-card').first()
	await expect(card.getByRole('link')).toHaveAttribute('href', `${BIG_BUCK_BUNNY}?play=true`)
	expect(lookups.count).toBe(0)
	await card.getByRole('link').click()
	await expect(page.getByTestId('player')).toBeVisible()
	await expect(page).toHaveURL(new RegExp(`${BIG_BUCK_BUNNY}\\?play=true$`))
})

test("the hero's Watch on a series goes to the next unwatched episode", async ({ page }) => {
	test.slow() // steps through the slides and loads home twice: 17-31 s with two workers on a 2-core machine
	await page.goto('/')
	await waitForHydration(page)
	// Step through the slides (500 ms transition lock) until one of a series is showing.
	const seriesLink = page.locator('[data-testid="hero-slide"]:not([inert]) a[data-testid="watch-link"][href^="/series/"]')
	const dots = page.getByTestId('hero-dot')
	const count = await dots.count()
	for (let i = 0; i < count && (await seriesLink.count()) === 0; i++) {
		await dots.nth(i).click()
		await page.waitForTimeout(600)
	}
	const href = await seriesLink.first().getAttribute('href')
	expect(href, 'the hero shows a series').toMatch(/^\/series\/\d+-[^/]+\/1\/1\?play=true$/)
	const [, id, slugPart] = /^\/series\/(\d+)-([^/]+)\//.exec(href!)!
	const slideIndex = await page.getByTestId('hero-slide').evaluateAll((slides) => slides.findIndex((s) => !s.hasAttribute('inert')))
	// Episode 1 watched to the end: Watch goes to episode 2.
	await page.evaluate((mediaId) => {
		const now = Date.now()
		localStorage.setItem(
			'media-tracking',
			JSON.stringify({
				[mediaId]: {
					type: 'show',
					title: 'Show',
					updatedAt: now,
					episodes: {
						s1e1: { id: 1, number: 1, title: 'One', seasonId: 1, season: 1, updatedAt: now, progress: { watched: 100, duration: 100 } },
					},
				},
			}),
		)
	}, id!)
	await page.reload()
	await waitForHydration(page)
	if (slideIndex > 0) await dots.nth(slideIndex).click()
	await page.locator(`[data-testid="hero-slide"]:not([inert]) a[data-testid="watch-link"][href^="/series/${id}-"]`).click()
	await expect(page).toHaveURL(new RegExp(`/series/${id}-${slugPart}/1/2\\?play=true$`))
	await expect(page.getByTestId('episode-page')).toBeVisible()
})
