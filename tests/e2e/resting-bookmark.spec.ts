import type { Page } from '@playwright/test'
import { expect, holdRequests, test, waitForHydration } from './fixtures.ts'

// Decision 0064: a title page on a device without a library shows a resting
// bookmark control and loads none of the library (zod, the schemas, the store,
// the menu) until the visitor reaches for it. Reaching for it loads the real
// control, which keeps the focus and carries out a click made meanwhile.

const MOVIE = '/movies/10378-big-buck-bunny'
const TITLE = 'Big Buck Bunny'
const LIBRARY_CODE = /\/assets\/(device-storage|bookmark-button|library|sync)-[\w-]{8}\.js$/

/** Records the library's chunks the page requests. */
function libraryRequests(page: Page) {
	const seen: string[] = []
	page.on('request', (request) => {
		const path = new URL(request.url()).pathname
		if (LIBRARY_CODE.test(path)) seen.push(path)
	})
	return seen
}

/** Holds the bookmark control's code until the returned function is called. */
async function holdControlCode(page: Page) {
	return holdRequests(page, /\/assets\/bookmark-button-[\w-]{8}\.js$/)
}

async function settle(page: Page) {
	await waitForHydration(page)
	await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))))
}

const control = (page: Page) => page.locator('main').getByTestId('bookmark-button')
const toggle = (page: Page) => control(page).getByRole('button').first()

test('a first visit loads no library code; a click made while the control loads is carried out @mobile', async ({ page }) => {
	const requested = libraryRequests(page)
	const release = await holdControlCode(page)
	await page.goto(MOVIE)
	await settle(page)
	expect(requested, 'library code loaded on a first visit').toEqual([])
	await expect(control(page)).toHaveAttribute('data-resting', '')
	await expect(toggle(page)).toHaveText('Add to Watchlist')
	await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false')

	await toggle(page).click()
	// Still the stand-in while the control's code is held: the click waits, nothing is lost.
	await expect(control(page)).toHaveAttribute('data-resting', '')
	release()
	await expect(control(page)).not.toHaveAttribute('data-resting', '')
	await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true')
	await expect(toggle(page)).toHaveText('In Watchlist')
	await expect(page.getByText(`Added ${TITLE} to watchlist`)).toBeVisible()
	const stored = await page.evaluate(
		() => JSON.parse(localStorage.getItem('bookmarks') ?? '[]') as Array<{ mediaId: number; category: string }>,
	)
	expect(stored.map((entry) => [entry.mediaId, entry.category])).toEqual([[10378, 'watchlist']])
})

test('by keyboard: the focus stays on the control when it takes over, and its menu opens from the stand-in', async ({ page }) => {
	await page.goto(MOVIE)
	await settle(page)
	await expect(control(page)).toHaveAttribute('data-resting', '')
	await toggle(page).focus()
	await expect(control(page)).not.toHaveAttribute('data-resting', '')
	await expect(toggle(page)).toBeFocused()
	await page.keyboard.press('Enter')
	await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true')

	// The list menu, opened from a fresh stand-in before its code has loaded.
	await page.evaluate(() => localStorage.clear())
	const release = await holdControlCode(page)
	await page.reload()
	await settle(page)
	await expect(control(page)).toHaveAttribute('data-resting', '')
	await page.getByRole('button', { name: `Choose lists for ${TITLE}` }).click()
	release()
	const menu = page.getByTestId('bookmark-menu')
	await expect(menu.getByRole('menuitemcheckbox', { name: 'Watchlist' })).toHaveAttribute('aria-checked', 'false')
	await menu.getByRole('menuitemcheckbox', { name: 'Favorites' }).click()
	await expect(page.getByText(`Added ${TITLE} to favorites`)).toBeVisible()
})

test('a device with a library gets the control at once, showing its lists', async ({ page }) => {
	await page.goto('/favicon.svg')
	await page.evaluate(() =>
		localStorage.setItem(
			'bookmarks',
			JSON.stringify([
				{ mediaId: 10378, mediaType: 'movie', title: 'Big Buck Bunny', category: 'watchlist', addedAt: Date.UTC(2026, 0, 1) },
			]),
		),
	)
	await page.goto(MOVIE)
	await settle(page)
	await expect(control(page)).not.toHaveAttribute('data-resting', '')
	await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true')
	await expect(toggle(page)).toHaveText('In Watchlist')
})

test('a press on the stand-in is not lost when the control arrives before the button is released', async ({ page }) => {
	// A mouse over the stand-in starts loading the control; on a loaded machine its code can arrive while the
	// button is held down. Swapping then would leave the release on another element, and the click would be lost
	// (a CI run's bookmark click did nothing for 10 s).
	const release = await holdControlCode(page)
	await page.goto(MOVIE)
	await settle(page)
	await expect(control(page)).toHaveAttribute('data-resting', '')
	const box = (await toggle(page).boundingBox())!
	await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
	await page.mouse.down()
	const loaded = page.waitForResponse(/\/assets\/bookmark-button-[\w-]{8}\.js$/)
	release()
	await loaded
	// Time for the control to have been shown, had it been shown under the pressed button.
	await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestAnimationFrame(() => resolve()))))
	await page.mouse.up()
	await expect(control(page)).not.toHaveAttribute('data-resting', '')
	await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true')
	await expect(toggle(page)).toHaveText('In Watchlist')
})
