import type { Page } from '@playwright/test'
import { expect, holdRequests, test } from './fixtures.ts'

// Decision 0065: Watch and Download hydrate when their chunk arrives, after the page has painted
// and after the rest of the page has hydrated. A tap on them before that did nothing at all (a CI
// run's Download click opened no panel); now the tap is held and done once they hydrate.

const MOVIE = '/movies/10378-big-buck-bunny'

/** Opens the movie with the watch actions' code held back; `release` lets it load. */
async function openWithActionsHeld(page: Page) {
	const release = await holdRequests(page, /\/assets\/watch-actions-[\w-]{8}\.js$/)
	await page.goto(MOVIE)
	// The rest of the page has hydrated; the watch actions are still the server's HTML.
	await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
	const actions = page.locator('main')
	await expect(actions.getByTestId('download-button')).toHaveAttribute('data-early-click', 'download')
	return { release, actions }
}

test('Download tapped twice before its code arrives opens the panel once it hydrates @mobile', async ({ page }) => {
	const { release, actions } = await openWithActionsHeld(page)
	await actions.getByTestId('download-button').click()
	await actions.getByTestId('download-button').click()
	const panel = page.getByRole('dialog', { name: /^Download Big Buck Bunny/ })
	await expect(panel).toHaveCount(0)
	release()
	await expect(panel).toBeVisible()
	await expect(actions.getByTestId('download-button')).not.toHaveAttribute('data-early-click')
	await expect(panel.getByTestId('download-file').filter({ hasText: '720p' })).toHaveCount(1)
	// Held once: closing it leaves nothing to replay.
	await page.keyboard.press('Escape')
	await expect(panel).toBeHidden()
	await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
	await expect(panel).toBeHidden()
})

test('Watch tapped before its code arrives opens the player and plays once it hydrates', async ({ page }) => {
	const { release, actions } = await openWithActionsHeld(page)
	await actions.getByTestId('watch-button').click()
	release()
	await expect(page.getByTestId('player')).toBeVisible({ timeout: 15_000 })
	await expect
		.poll(() => page.locator('[data-testid="player"] video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
		.toBeGreaterThan(0.3)
})

test('a click elsewhere before hydration is not held: a link still navigates', async ({ page }) => {
	await openWithActionsHeld(page)
	await page.locator('main a[href^="/"]').first().click()
	await expect(page).not.toHaveURL(new RegExp(`${MOVIE}$`))
})

test("the hero carousel's dot and pause tapped before the page hydrates are done once it has @mobile", async ({ page }) => {
	// The home page's own code held back: the carousel is the server's HTML, its buttons marked.
	const release = await holdRequests(page, /\/assets\/home-[\w-]{8}\.js$/)
	await page.goto('/')
	const dots = page.getByTestId('hero-dot')
	await expect(dots.nth(2)).toHaveAttribute('data-early-click', 'dot-3')
	await expect(dots.first()).toHaveAttribute('aria-current', 'true')
	await dots.nth(2).click()
	await page.getByTestId('hero-pause').click()
	await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
	expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false)
	release()
	await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true')
	await expect(page.getByTestId('hero-pause')).toHaveAccessibleName('Resume slideshow')
	await expect(dots.nth(2)).not.toHaveAttribute('data-early-click')
	// Paused: the third slide stays (the carousel moves every 5 s otherwise).
	await page.waitForTimeout(6000)
	await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true')
})

test("the header's Categories pressed by keyboard before its code arrives opens once it hydrates", async ({ page }) => {
	// The header's menus come in the after-load file (decision 0069); held back, the menu button is the server's HTML.
	const release = await holdRequests(page, /\/assets\/after-load-[\w-]{8}\.js$/)
	await page.goto('/')
	await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
	const categories = page.getByRole('button', { name: 'Categories' })
	await expect(categories).toHaveAttribute('data-early-click', 'menu')
	await categories.focus()
	await page.keyboard.press('Enter')
	await expect(page.getByRole('menu')).toHaveCount(0)
	release()
	const menu = page.getByRole('menu', { name: 'Categories' })
	await expect(menu).toBeVisible()
	await expect(categories).not.toHaveAttribute('data-early-click')
	// Opened as by a key: focus is on its first item, and Escape gives it back to the button.
	await expect(menu.getByRole('menuitem', { name: 'View All', exact: true })).toBeFocused()
	await page.keyboard.press('Escape')
	await expect(menu).toBeHidden()
	await expect(categories).toBeFocused()
})

test("the network row's pause, a network and the series/movies switch pressed before its code arrives are done once it hydrates", async ({
	page,
}) => {
	// The row's code is a file of its own; held back, the row is the server's HTML with its buttons marked.
	const release = await holdRequests(page, /\/assets\/network-row-[\w-]{8}\.js$/)
	await page.goto('/')
	await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
	const row = page.getByTestId('network-row')
	const pause = row.getByRole('button', { name: 'Pause network rotation' })
	await expect(pause).toHaveAttribute('data-early-click', 'network-pause')
	const start = await row.getAttribute('data-network')
	const other = row.getByRole('group', { name: 'Streaming network' }).locator('button[aria-pressed="false"]').first()
	const otherName = (await other.textContent()) ?? ''
	await pause.click()
	await other.click()
	await row.getByTestId('network-row-heading').click()
	await expect(row).toHaveAttribute('data-network', start ?? '')
	release()
	await expect(row.getByRole('button', { name: 'Resume network rotation' })).toBeVisible()
	await expect(row.getByRole('button', { name: otherName, exact: true })).toHaveAttribute('aria-pressed', 'true')
	await expect(row).toHaveAttribute('data-kind', 'movie')
	await expect(row.getByTestId('network-row-heading')).toContainText(`${otherName} Movies`)
	await expect(row.locator('[data-early-click]')).toHaveCount(0)
})
