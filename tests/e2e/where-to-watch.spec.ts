import { checkA11y, expect, test, waitForHydration } from './fixtures.ts'

// Where to watch (issue "Beyond the spec", item 2) on a demo movie and a demo
// series: the offers of the viewer's region (from the browser's language until
// one is chosen), grouped Stream / Rent / Buy, with JustWatch attribution and
// the TMDB watch page; an empty state for regions without offers.

/**
 * The offers load once the page is idle (app/utils/after-load.ts), each piece of after-load work in an idle
 * period of its own, up to 3 s each on a page that is never idle: a loaded CI machine took more than 7 s.
 */
const AFTER_LOAD = { timeout: 15_000 }

test.describe('Where to watch, from the browser language', () => {
	test.use({ locale: 'en-GB' })

	test('a movie shows the UK offers grouped, with logos and attribution @mobile', async ({ page }) => {
		await page.goto('/movies/550-fight-club')
		await waitForHydration(page)
		const section = page.getByTestId('where-to-watch')
		await expect(section.getByRole('heading', { name: 'Where to watch' })).toBeVisible()
		await expect(section.getByTestId('watch-offers')).toHaveAttribute('data-region', 'GB', AFTER_LOAD)
		await expect(section.getByLabel('Region')).toHaveValue('GB')
		await expect(section.getByTestId('watch-group-flatrate').getByRole('listitem')).toHaveText(['Disney Plus'])
		await expect(section.getByTestId('watch-group-rent').getByRole('heading')).toHaveText('Rent')
		await expect(section.getByTestId('watch-group-buy').getByRole('listitem')).toHaveText([
			'Amazon Video',
			'Google Play Movies',
			'Sky Store',
			'Rakuten TV',
		])
		// Logos come from the image route, drawn for the catalogue's providers.
		const logo = section.getByTestId('watch-group-flatrate').locator('img')
		await expect(logo).toHaveAttribute('src', /^\/api\/images\/art\/logo\/provider-337\.webp\?w=92$/)
		await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
		await expect(section).toContainText('Streaming data provided by JustWatch.')
		await expect(section.getByTestId('watch-attribution')).toHaveAttribute('href', 'https://www.themoviedb.org/movie/550/watch?locale=GB')
		await section.scrollIntoViewIfNeeded()
		await checkA11y(page)
	})

	test('a region chosen in the section is a setting that outlives a reload; a region without offers says so @mobile', async ({ page }) => {
		// Three page loads and two axe runs.
		test.slow()
		await page.goto('/movies/550-fight-club')
		await waitForHydration(page)
		const section = page.getByTestId('where-to-watch')
		await expect(section.getByTestId('watch-offers')).toHaveAttribute('data-region', 'GB', AFTER_LOAD)
		await section.getByLabel('Region').selectOption('US')
		await expect(section.getByTestId('watch-group-flatrate').getByRole('listitem')).toHaveText(['Hulu'])
		await expect(section.getByTestId('watch-attribution')).toHaveAttribute('href', 'https://www.themoviedb.org/movie/550/watch?locale=US')
		// Saved as the setting (a device without settings loads their store when the picker is reached for).
		await expect.poll(() => page.evaluate(() => localStorage.getItem('settings'))).toContain('"watchRegion":"US"')
		await page.reload()
		await waitForHydration(page)
		await expect(page.getByTestId('watch-offers')).toHaveAttribute('data-region', 'US', AFTER_LOAD)

		await page.getByTestId('where-to-watch').getByLabel('Region').selectOption('JP')
		await expect(page.getByTestId('watch-offers-empty')).toHaveText('Fight Club is not available to stream, rent or buy in Japan.')
		await expect(page.getByTestId('watch-provider')).toHaveCount(0)
		await checkA11y(page)
	})

	test('the server renders the frame only, so no other region flashes before hydration', async ({ request }) => {
		const html = await (await request.get('/movies/550-fight-club')).text()
		expect(html).toContain('data-testid="where-to-watch"')
		expect(html).toContain('Loading where to watch')
		expect(html).not.toContain('data-testid="watch-provider"')
	})
})

test.describe('Where to watch on a series', () => {
	test.use({ locale: 'de-DE' })

	test('a series shows the German offers: streaming and seasons to buy, nothing to rent @mobile', async ({ page }) => {
		await page.goto('/series/1399-game-of-thrones')
		await waitForHydration(page)
		const section = page.getByTestId('where-to-watch')
		await expect(section.getByTestId('watch-offers')).toHaveAttribute('data-region', 'DE', AFTER_LOAD)
		await expect(section.getByTestId('watch-group-flatrate').getByRole('listitem')).toHaveText(['WOW'])
		await expect(section.getByTestId('watch-group-buy').getByRole('listitem')).toHaveText([
			'Apple TV',
			'Amazon Video',
			'Google Play Movies',
		])
		await expect(section.getByTestId('watch-group-rent')).toHaveCount(0)
		await expect(section.getByTestId('watch-attribution')).toHaveAttribute('href', 'https://www.themoviedb.org/tv/1399/watch?locale=DE')
		await section.scrollIntoViewIfNeeded()
		await checkA11y(page)
	})
})

test('the region setting is on the account page, automatic by default @mobile', async ({ page }) => {
	await page.goto('/account?tab=content')
	await waitForHydration(page)
	const select = page.getByLabel('Where to watch region')
	await expect(select).toHaveValue('auto')
	await select.selectOption('FR')
	expect(await page.evaluate(() => localStorage.getItem('settings'))).toContain('"watchRegion":"FR"')
	await page.goto('/movies/550-fight-club')
	await waitForHydration(page)
	await expect(page.getByTestId('watch-offers')).toHaveAttribute('data-region', 'FR', AFTER_LOAD)
	await expect(page.getByTestId('watch-group-buy').getByRole('listitem')).toContainText(['Orange VOD'])
})
