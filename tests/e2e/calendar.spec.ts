import type { Page } from '@playwright/test'
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts'

// The release calendar (/calendar): from this device's library for a visitor,
// rendered on the server from the account for a signed-in user. The demo
// catalogue's "Here it all begins" airs daily around the day it was loaded.

const SERIES_PAGE = '/series/112470-here-it-all-begins'
const SERIES_NAME = 'Here it all begins'

async function bookmarkSeries(page: Page) {
	await page.goto(SERIES_PAGE)
	await waitForHydration(page)
	const button = page.getByTestId('bookmark-button').first().getByRole('button').first()
	await button.click()
	await expect(button).toHaveAttribute('aria-pressed', 'true')
}

test('a visitor sees an empty calendar, then the coming days of a bookmarked series @mobile', async ({ page }) => {
	test.slow() // axe three times over a long page
	await page.goto('/calendar')
	await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
	await expect(page.getByText('No series to follow yet')).toBeVisible()
	await checkA11y(page)

	await bookmarkSeries(page)
	await page.goto('/calendar')
	const upcoming = page.getByTestId('calendar-upcoming')
	await expect(upcoming).toBeVisible()
	// A daily series: one folded row a week, not one row a day (issue 26: 165 rows, 10,174 px).
	const thisWeek = upcoming.getByTestId('calendar-week').first()
	await expect(thisWeek.getByRole('heading', { level: 3 })).toHaveText('This week')
	const run = thisWeek.getByTestId('calendar-run')
	await expect(run.getByTestId('calendar-run-title')).toHaveText(new RegExp(`^${SERIES_NAME}: [3-7] episodes this week$`))
	await expect(page.getByTestId('calendar-recent').getByTestId('calendar-run-title')).toHaveText(
		new RegExp(`^${SERIES_NAME}: \\d+ episodes not watched$`),
	)
	expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3000)
	await checkA11y(page)
	// The row opens to its episodes; an entry opens its episode page.
	await expect(run.getByTestId('calendar-episode').first()).toBeHidden()
	await run.locator('summary').click()
	await expect(run.getByTestId('calendar-episode').first()).toContainText(SERIES_NAME)
	await checkA11y(page)
	await run.getByTestId('calendar-episode').first().click()
	await expect(page).toHaveURL(/\/series\/112470-here-it-all-begins\/\d+\/\d+$/)
})

test("a signed-in user's calendar is rendered on the server from the account, private and not stored", async ({ page }) => {
	test.slow()
	const username = `cal${Date.now().toString(36)}${process.pid % 1000}`
	const password = 'calendar pages 1'
	expect(
		(
			await page.request.post('/api/auth/signup', {
				data: { username, email: `${username}@example.com`, password, passwordConfirm: password },
			})
		).status(),
	).toBe(201)
	const bookmarkSynced = page.waitForResponse(
		(response) =>
			response.request().method() === 'POST' &&
			new URL(response.url()).pathname === '/api/sync/bookmarks' &&
			(response.request().postData() ?? '').includes('112470'),
	)
	await bookmarkSeries(page)
	expect((await bookmarkSynced).status()).toBe(200)
	const response = await page.request.get('/calendar')
	expect(response.headers()['cache-control']).toBe('private, no-store')
	const html = await response.text()
	expect(html).toContain('data-testid="calendar-upcoming"')
	expect(html).toContain(SERIES_NAME)

	// The private feed link: made on the page, fetched like a calendar app would (no cookie).
	await page.goto('/calendar')
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Make a calendar link' }).click()
	const url = await page.getByTestId('calendar-feed-url').inputValue()
	expect(url).toMatch(/\/api\/calendar\/feed\/[\w-]+\.ics$/)
	const feed = await fetch(url)
	expect(feed.status).toBe(200)
	expect(await feed.text()).toContain(`SUMMARY:${SERIES_NAME}`)
	await checkA11y(page)
	await page.getByRole('button', { name: 'Turn off the link' }).click()
	await expect(page.getByRole('button', { name: 'Make a calendar link' })).toBeVisible()
	expect((await fetch(url)).status).toBe(404)
	// The account page offers the same link, and the Trakt and Letterboxd import.
	await page.goto('/account?tab=account')
	await expect(page.getByTestId('calendar-feed').getByRole('button', { name: 'Make a calendar link' })).toBeVisible()
	await expect(page.getByTestId('service-import').getByRole('heading', { level: 3, name: 'Import from Trakt or Letterboxd' })).toBeVisible()
	await checkA11y(page)
})

test('Continue Watching marks a show with an episode aired since the last watch as "New episode"', async ({ page }) => {
	const monthAgo = Date.now() - 40 * 24 * 60 * 60 * 1000
	const episode = { id: 1, number: 1, title: '', seasonId: 1, season: 1, updatedAt: monthAgo, progress: { watched: 1390, duration: 1400 } }
	await page.addInitScript(
		([history]) => {
			if (!localStorage.getItem('media-tracking')) localStorage.setItem('media-tracking', history!)
		},
		[
			JSON.stringify({
				'112470': { type: 'show', title: SERIES_NAME, updatedAt: monthAgo, episodes: { s1e1: episode } },
				'66732': {
					type: 'show',
					title: 'Stranger Things',
					updatedAt: monthAgo,
					episodes: { s1e1: { ...episode, progress: { watched: 100, duration: 3000 } } },
				},
			}),
		],
	)
	await page.goto('/history')
	const cards = page.getByTestId('continue-watching').getByTestId('continue-card')
	await expect(cards).toHaveCount(2)
	await expect(page.locator('[data-testid="continue-card"][data-media-id="112470"]').getByTestId('new-episode-badge')).toHaveText(
		'New episode',
	)
	// Stranger Things' last episode aired long before the last watch: no badge.
	await expect(page.locator('[data-testid="continue-card"][data-media-id="66732"]')).toBeVisible()
	await expect(page.getByTestId('new-episode-badge')).toHaveCount(1)
	await checkA11y(page)
})
