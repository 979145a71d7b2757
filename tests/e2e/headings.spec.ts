import { expect, test } from './fixtures.ts'

// Screen-reader users jump to a page's heading first: every page has exactly one <h1>, the
// pages that say something does not exist included (they had none: their message was an <h2>).
const PAGES = [
	'/',
	'/movies',
	'/series',
	'/movies/550-fight-club',
	'/series/1399-game-of-thrones',
	'/series/1399-game-of-thrones/1/1',
	'/search?query=star',
	'/bookmarks',
	'/history',
	'/calendar',
	'/account',
	'/login',
	'/stats',
	'/no-such-page',
	'/movies/999999999-nope',
	'/categories/no-such-genre',
	'/networks/no-such-network',
	'/series/1399-game-of-thrones/99/99',
	'/series/not-a-series/1/1',
]

for (const path of PAGES) {
	test(`${path} has one h1 @mobile`, async ({ page }) => {
		await page.goto(path)
		await expect(page.locator('h1')).toHaveCount(1)
		await expect(page.locator('h1')).not.toBeEmpty()
	})
}
