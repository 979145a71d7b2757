import type { Locator } from '@playwright/test'
import { expect, holdRequests, test, waitForHydration } from './fixtures.ts'

// Decision 0073: a row below the fold keeps the server's HTML, unhydrated, until it nears the
// viewport or is touched; the page's first seconds do none of its work.

const hydrated = (node: Locator) => node.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))

test.describe('rows below the fold', () => {
	test.use({ viewport: { width: 390, height: 844 } })

	test('hydrate only when scrolled near, then work', async ({ page }) => {
		await page.goto('/movies')
		await waitForHydration(page)
		const upcoming = page.getByTestId('row-upcoming')
		const cards = upcoming.getByTestId('media-card')
		await expect(cards.first()).toBeAttached()
		// Loaded and idle, and still the server's HTML: nothing asked for it.
		await page.waitForTimeout(500)
		expect(await hydrated(upcoming)).toBe(false)
		// The row above the fold is React's.
		expect(await hydrated(page.getByTestId('network-row'))).toBe(true)
		await upcoming.scrollIntoViewIfNeeded()
		await expect.poll(() => hydrated(upcoming)).toBe(true)
		// Its controls now work: the arrow pages the row.
		const scroller = upcoming.locator('ul')
		await upcoming.getByRole('button', { name: 'Scroll Upcoming forward' }).click()
		await expect.poll(() => scroller.evaluate((list) => list.scrollLeft)).toBeGreaterThan(0)
	})

	test('hydrate in place when the router changes state before they are seen', async ({ page }) => {
		await page.goto('/movies')
		await waitForHydration(page)
		const upcoming = page.getByTestId('row-upcoming')
		expect(await hydrated(upcoming)).toBe(false)
		const before = await upcoming.getByTestId('media-card').count()
		// A navigation starts (the router's state changes) and its data is held. React would otherwise hold
		// that render back (or, for an urgent update, drop the row's HTML for its empty fallback) until the
		// row hydrates; the row hydrates there and then, with its HTML kept.
		const release = await holdRequests(page, /\/_root\.data/)
		const asked = page.waitForRequest(/\/_root\.data/)
		await page.getByRole('link', { name: /home$/ }).first().click()
		await asked
		await expect.poll(() => hydrated(upcoming)).toBe(true)
		await expect(upcoming.getByTestId('media-card')).toHaveCount(before)
		release()
		await expect(page).toHaveURL(/\/$/)
		await expect(page.getByTestId('hero-carousel')).toBeVisible()
	})

	test('a card in a row not yet hydrated opens its page in the app', async ({ page }) => {
		await page.goto('/movies')
		await waitForHydration(page)
		const upcoming = page.getByTestId('row-upcoming')
		expect(await hydrated(upcoming)).toBe(false)
		const card = upcoming.getByTestId('media-card').first().locator('a')
		const href = await card.getAttribute('href')
		await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
		await card.click()
		await expect(page).toHaveURL(new RegExp(`${href}$`))
		// Reached by the router, not by a new document: the marker set on this window is still there.
		expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
	})
})
