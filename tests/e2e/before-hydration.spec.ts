import type { Page } from '@playwright/test'
import { expect, holdRequests, test, waitForHydration } from './fixtures.ts'

// The page paints before its scripts run (decision 0053), so on a slow phone a visitor can pick
// from a select or type into a form before React has hydrated it. React then puts back the
// value it rendered on the server; what the visitor did must survive (app/utils/early-input.ts).

/** Opens the page with its scripts held back; `release` lets them load. */
async function openUnhydrated(page: Page, path: string) {
	const release = await holdRequests(page, /\/assets\/.*\.js$/)
	await page.goto(path, { waitUntil: 'commit' })
	return async () => {
		expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false)
		release()
		await waitForHydration(page)
	}
}

test('a select changed before hydration keeps the choice, and the setting is stored', async ({ page }) => {
	const hydrate = await openUnhydrated(page, '/account?tab=appearance')
	const select = page.getByLabel('Subtitle background')
	await expect(select).toHaveValue('translucent')
	await select.selectOption('solid')
	await hydrate()
	await expect(select).toHaveValue('solid')
	await expect.poll(() => page.evaluate(() => localStorage.getItem('settings') ?? '')).toContain('"subtitleBackground":"solid"')
	await page.reload()
	await expect(page.getByLabel('Subtitle background')).toHaveValue('solid')
})

test('a login typed before hydration is kept, and the form knows it', async ({ page }) => {
	const hydrate = await openUnhydrated(page, '/login')
	await page.getByLabel('Email or Username').fill('ann@')
	await hydrate()
	await expect(page.getByLabel('Email or Username')).toHaveValue('ann@')
	// The form's own state holds the text: it judges it (an empty box shows no hint).
	await expect(page.getByText('Please enter a valid email or username')).toBeVisible()
})

test('a search typed before hydration is kept and searched', async ({ page }) => {
	const hydrate = await openUnhydrated(page, '/search')
	await page.getByTestId('search-page-input').fill('Sintel')
	await hydrate()
	await expect(page.getByTestId('search-page-input')).toHaveValue('Sintel')
	await expect(page).toHaveURL(/query=Sintel/)
})
