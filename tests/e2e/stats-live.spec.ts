import { STATS_LIVE_TEST_PORT } from '../../playwright.config.ts'
import { checkA11y, expect, test } from './fixtures.ts'

// STATS_SOURCE=live (issue 26 item 4), on a server of its own with a fresh
// database: an empty state until 5 accounts have watched something (the privacy
// floor, decision 0041), then the site's own figures in the fixed page's layout.

const ORIGIN = `http://127.0.0.1:${STATS_LIVE_TEST_PORT}`
const SINTEL = 45745

// Desktop only: the server's database is shared by the projects, and the first visit must find it fresh.
test('a fresh install shows the empty state; five accounts watching the Sintel clip are counted', async ({ page, playwright }) => {
	const run = `${Date.now().toString(36)}${process.pid % 1000}`
	await page.goto(`${ORIGIN}/stats`)
	const empty = page.getByTestId('stats-live-empty')
	await expect(empty).toContainText('No figures yet')
	await expect(empty).toContainText('once 5 accounts have watched something')
	await expect(page.getByText('1,284,512')).toHaveCount(0)
	await checkA11y(page)

	for (let i = 0; i < 5; i++) {
		const account = await playwright.request.newContext({ baseURL: ORIGIN })
		const username = `live${run}${i}`
		const signup = await account.post('/api/auth/signup', {
			data: { username, email: `${username}@example.com`, password: 'sea shanty 99', passwordConfirm: 'sea shanty 99' },
		})
		expect(signup.status()).toBe(201)
		const now = Date.now()
		const sync = await account.post('/api/sync/watch-history', {
			data: {
				items: { [SINTEL]: { type: 'movie', title: 'Sintel', year: 2010, updatedAt: now, progress: { watched: 120, duration: 888 } } },
			},
		})
		expect(sync.status()).toBe(200)
		await account.dispose()
	}

	await page.goto(`${ORIGIN}/stats`)
	await expect(page.getByTestId('stats-live-empty')).toHaveCount(0)
	await expect(page.getByTestId('stat-titles-value')).toHaveText(/^\d+$/)
	expect(Number(await page.getByTestId('stat-titles-value').textContent())).toBeGreaterThanOrEqual(5)
	const top = page.getByRole('list', { name: 'Most watched titles, by accounts' })
	await expect(top.getByRole('link', { name: 'Sintel' })).toHaveAttribute('href', '/movies/45745-sintel')
	await expect(page.getByTestId('views-by-day-chart')).toBeVisible()
	await expect(page.getByTestId('stats-about')).toHaveCount(0)
	await checkA11y(page)
})

test('the fixed record says it is only for show before any figure @mobile', async ({ page }) => {
	await page.goto('/stats')
	const note = page.getByTestId('stats-about')
	await expect(note).toHaveText('These numbers are only for show and are not live.')
	const [noteTop, firstCardTop] = await Promise.all([
		note.evaluate((node) => node.getBoundingClientRect().top),
		page.getByTestId('stat-movies').evaluate((node) => node.getBoundingClientRect().top),
	])
	expect(noteTop).toBeLessThan(firstCardTop)
	expect(noteTop).toBeLessThan(page.viewportSize()!.height)
})
