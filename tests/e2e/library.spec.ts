import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts'

// The device library (issue 4): bookmarks, lists, watch history, the storage
// layer's failures, load-time migrations, two tabs, export and import.

const DAY = 86_400_000
const NOW = Date.UTC(2026, 0, 10)

const bookmark = (mediaId: number, title: string, extra: Record<string, unknown> = {}) => ({
	mediaId,
	category: 'watchlist',
	addedAt: NOW,
	mediaType: 'movie',
	title,
	...extra,
})

const LIBRARY = [
	bookmark(101, 'Arrival', { addedAt: NOW - 3 * DAY, voteAverage: 5.1, releaseDate: '2016-11-10' }),
	bookmark(202, 'Blue Planet', { addedAt: NOW - 2 * DAY, voteAverage: 9.2, mediaType: 'tv', releaseDate: '2001-09-12' }),
	bookmark(303, 'Casablanca', { addedAt: NOW - DAY, voteAverage: 7.4, releaseDate: '1942-11-26', category: 'favorites' }),
]

/**
 * Writes storage from a same-origin file that runs no app code (so no page
 * can migrate the data before the one under test), then opens the page.
 */
async function withStorage(page: Page, path: string, values: Record<string, unknown>, { hydrate = true } = {}) {
	await page.goto('/favicon.svg')
	await page.evaluate((entries) => {
		localStorage.clear()
		for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value))
	}, values)
	await page.goto(path)
	// Toasts of the load-time migrations last 4 s: tests of them look right away.
	if (hydrate) await waitForHydration(page)
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key)
const storedJson = async (page: Page, key: string) => JSON.parse((await stored(page, key)) ?? 'null')

test.describe('load-time migrations', () => {
	test('legacy media-bookmarks become the watchlist with the two toasts, and the old key goes', async ({ page }) => {
		// The page's clock is fake, so the toasts' lifetimes are checked without waiting them out.
		await page.clock.install()
		await withStorage(
			page,
			'/history',
			{
				'media-bookmarks': {
					'movie-550': {
						data: { id: 550, title: 'Fight Club', poster_path: null, vote_average: 8.4, release_date: '1999-10-15' },
						info: { addedAt: NOW - DAY },
					},
					'tv-1399': { data: { id: 1399, name: 'Game of Thrones', media_type: 'tv' }, info: { addedAt: NOW } },
				},
			},
			{ hydrate: false },
		)
		const migrating = page.getByText('Migrating your bookmarks to support new features and syncing...')
		const upgraded = page.getByText('Your bookmarks have been upgraded and new features are now available for you!')
		await expect(migrating).toBeVisible()
		await expect(upgraded).toBeVisible()
		expect(await stored(page, 'media-bookmarks')).toBeNull()
		const bookmarks = await storedJson(page, 'bookmarks')
		expect(bookmarks.map((b: { mediaId: number; category: string }) => [b.mediaId, b.category])).toEqual([
			[550, 'watchlist'],
			[1399, 'watchlist'],
		])
		// The success toast lasts 10 s, the others 4 s: 5 s later only it is left, and after 10 s it is gone too.
		await page.clock.fastForward(5_000)
		await expect(migrating).toBeHidden()
		await expect(upgraded).toBeVisible()
		await page.clock.fastForward(5_000)
		await expect(upgraded).toBeHidden()
		await page.goto('/bookmarks')
		await expect(page.getByTestId('bookmark-card')).toHaveCount(2)
	})

	test('legacy data that cannot be migrated shows "Error" and is kept', async ({ page }) => {
		await withStorage(page, '/history', { 'media-bookmarks': '"not an object"' }, { hydrate: false })
		await expect(page.getByText('Error', { exact: true })).toBeVisible()
		expect(await stored(page, 'media-bookmarks')).toBe('"not an object"')
	})

	test('bookmarks that are not a list are deleted with "Cleared Bad Bookmark Data"; nothing else is touched', async ({ page }) => {
		await withStorage(
			page,
			'/bookmarks',
			{ bookmarks: { 550: { mediaId: 550 } }, theme: 'light', 'bookmark-categories': ['Anime'] },
			{ hydrate: false },
		)
		await expect(page.getByText('Cleared Bad Bookmark Data')).toBeVisible()
		expect(await stored(page, 'bookmarks')).toBeNull()
		expect(await stored(page, 'theme')).toBe('light')
		expect(await storedJson(page, 'bookmark-categories')).toEqual(['Anime'])
		await expect(page.getByRole('heading', { name: 'No bookmarks yet' })).toBeVisible()
	})

	test('legacy watch-history fields are stripped once', async ({ page }) => {
		await withStorage(page, '/history', {
			'media-tracking': {
				'550': {
					type: 'movie',
					title: 'Fight Club',
					updatedAt: NOW,
					poster: '/p.jpg',
					seasons: [],
					episodes: { s1e1: {} },
					progress: { watched: 30, duration: 100 },
				},
			},
		})
		await expect(page.getByTestId('history-card')).toHaveCount(1)
		// The card can show before the migrated record is written back, so wait for the write.
		await expect
			.poll(async () => (await storedJson(page, 'media-tracking'))?.['550'])
			.toEqual({ type: 'movie', title: 'Fight Club', updatedAt: NOW, posterPath: '/p.jpg', progress: { watched: 30, duration: 100 } })
		expect(await stored(page, 'device-storage-version')).toBe('1')
	})
})

test.describe('storage failures', () => {
	test('a failed read clears the lock record and says so', async ({ page }) => {
		await page.addInitScript(() => {
			const original = Storage.prototype.getItem
			Storage.prototype.getItem = function (key: string) {
				if (key === 'bookmarks') throw new DOMException('denied', 'SecurityError')
				return original.call(this, key)
			}
		})
		await withStorage(page, '/bookmarks', { 'local-lock': { valid: true, lastBookmarkUpdateTime: 5 }, theme: 'dark', bookmarks: LIBRARY })
		await expect(page.getByText('Failed to read from localStorage, clear all data and try again.').first()).toBeVisible()
		await expect(page.getByRole('alert').filter({ hasText: 'Failed to read from localStorage' })).toBeVisible()
		expect(await stored(page, 'local-lock')).toBeNull()
		expect(await stored(page, 'theme')).toBe('dark')
	})

	test('a failed write says so and loses nothing', async ({ page }) => {
		await withStorage(page, '/bookmarks', { bookmarks: LIBRARY, theme: 'dark' })
		await expect(page.getByTestId('bookmark-card')).toHaveCount(3)
		const before = await stored(page, 'bookmarks')
		await page.evaluate(() => {
			const original = Storage.prototype.setItem
			Storage.prototype.setItem = function (key: string, value: string) {
				if (key === 'bookmarks') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
				return original.call(this, key, value)
			}
		})
		await page.getByRole('button', { name: 'Remove Arrival from all lists' }).click()
		await expect(page.getByText('Failed to update localStorage, clear all data and try again.')).toBeVisible()
		await expect(page.getByTestId('bookmark-card')).toHaveCount(3)
		expect(await stored(page, 'bookmarks')).toBe(before)
		expect(await stored(page, 'bookmark-tombstones')).toBeNull()
		expect(await stored(page, 'theme')).toBe('dark')
	})
})

test.describe('My Bookmarks', () => {
	test('empty library: "No bookmarks yet"', async ({ page }) => {
		await withStorage(page, '/bookmarks', {})
		await expect(page.getByRole('heading', { name: 'My Bookmarks', level: 1 })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'No bookmarks yet' })).toBeVisible()
	})

	test('sorts by date added, title and rating; filters by media type and list', async ({ page }) => {
		await withStorage(page, '/bookmarks', { bookmarks: LIBRARY })
		await expect(page.getByTestId('bookmark-title')).toHaveText(['Casablanca', 'Blue Planet', 'Arrival'])
		await page.getByLabel('Sort by').selectOption('title')
		await expect(page).toHaveURL(/sort=title/)
		await expect(page.getByTestId('bookmark-title')).toHaveText(['Arrival', 'Blue Planet', 'Casablanca'])
		await page.getByLabel('Sort by').selectOption('rating')
		await expect(page.getByTestId('bookmark-title')).toHaveText(['Blue Planet', 'Casablanca', 'Arrival'])
		await page.getByRole('group', { name: 'Media type' }).getByText('Movies', { exact: true }).click()
		await expect(page.getByTestId('bookmark-title')).toHaveText(['Casablanca', 'Arrival'])
		await page.getByRole('group', { name: 'Media type' }).getByText('TV Shows', { exact: true }).click()
		await expect(page.getByTestId('bookmark-title')).toHaveText(['Blue Planet'])
		await page.getByRole('button', { name: 'Favorites', exact: true }).click()
		await expect(page.getByRole('heading', { name: 'No matching bookmarks' })).toBeVisible()
		await page.getByRole('group', { name: 'Media type' }).getByText('All', { exact: true }).click()
		await expect(page.getByTestId('bookmark-title')).toHaveText(['Casablanca'])
		// The choices live in the address, so a reload keeps them.
		await page.reload()
		await waitForHydration(page)
		await expect(page.getByTestId('bookmark-title')).toHaveText(['Casablanca'])
		await expect(page.getByLabel('Sort by')).toHaveValue('rating')
	})

	test('custom lists: trimmed, empty ignored, Enter or the add button; the menu toggles per list and closes', async ({ page }) => {
		await withStorage(page, '/bookmarks', { bookmarks: LIBRARY })
		const input = page.getByPlaceholder('Add new category')
		await input.fill('   ')
		await input.press('Enter')
		expect(await storedJson(page, 'bookmark-categories')).toBeNull()
		await input.fill('  Sci-fi nights  ')
		await input.press('Enter')
		await expect(page.getByRole('button', { name: 'Sci-fi nights', exact: true })).toBeVisible()
		await input.fill('Docs')
		await page.getByRole('button', { name: 'Add category' }).click()
		expect(await storedJson(page, 'bookmark-categories')).toEqual(['Sci-fi nights', 'Docs'])

		await page.getByRole('button', { name: 'Choose lists for Arrival' }).click()
		const menu = page.getByTestId('bookmark-menu')
		await expect(menu.getByRole('menuitemcheckbox', { name: 'Watchlist' })).toHaveAttribute('aria-checked', 'true')
		await menu.getByRole('menuitemcheckbox', { name: 'Sci-fi nights' }).click()
		await expect(menu).toBeHidden()
		await expect(page.getByText('Added Arrival to Sci-fi nights')).toBeVisible()
		await page.getByRole('button', { name: 'Sci-fi nights', exact: true }).click()
		await expect(page.getByTestId('bookmark-title')).toHaveText(['Arrival'])
	})

	test('the bookmark icon toggles the default list and is filled while the title is in any list', async ({ page }) => {
		await withStorage(page, '/bookmarks', { bookmarks: LIBRARY })
		const card = page.getByTestId('bookmark-card').filter({ hasText: 'Casablanca' })
		const toggle = card.getByRole('button', { name: 'Add Casablanca to watchlist' })
		await expect(toggle).toHaveAttribute('aria-pressed', 'false')
		await expect(toggle.locator('svg')).toHaveClass(/fill-current/)
		await toggle.click()
		await expect(page.getByText('Added Casablanca to watchlist')).toBeVisible()
		await expect(card.getByRole('button', { name: 'Remove Casablanca from watchlist' })).toHaveAttribute('aria-pressed', 'true')
		expect(await stored(page, 'lastBookmarkUpdateTime')).toMatch(/^\d+$/)
		await card.getByRole('button', { name: 'Remove Casablanca from watchlist' }).click()
		const tombstones = await storedJson(page, 'bookmark-tombstones')
		expect(tombstones).toEqual([{ mediaId: 303, category: 'watchlist', deletedAt: expect.any(Number) }])
	})

	test('changes persist across a reload', async ({ page }) => {
		await withStorage(page, '/bookmarks', { bookmarks: LIBRARY })
		await page.getByRole('button', { name: 'Remove Arrival from all lists' }).click()
		await expect(page.getByTestId('bookmark-card')).toHaveCount(2)
		await page.getByPlaceholder('Add new category').fill('Anime')
		await page.getByPlaceholder('Add new category').press('Enter')
		await page.reload()
		await waitForHydration(page)
		await expect(page.getByTestId('bookmark-title')).toHaveText(['Casablanca', 'Blue Planet'])
		await expect(page.getByRole('button', { name: 'Anime', exact: true })).toBeVisible()
	})

	test('two tabs of one browser stay in step', async ({ context }) => {
		test.slow() // four page loads in two tabs: 15-27 s with two workers on a 2-core machine
		const first = await context.newPage()
		await withStorage(first, '/bookmarks', { bookmarks: LIBRARY })
		const second = await context.newPage()
		await second.goto('/bookmarks')
		await waitForHydration(second)
		await expect(second.getByTestId('bookmark-card')).toHaveCount(3)

		await first.getByRole('button', { name: 'Remove Blue Planet from all lists' }).click()
		await expect(second.getByTestId('bookmark-card')).toHaveCount(2)
		await second.getByPlaceholder('Add new category').fill('Together')
		await second.getByPlaceholder('Add new category').press('Enter')
		await expect(first.getByRole('button', { name: 'Together', exact: true })).toBeVisible()

		await first.goto('/history')
		await waitForHydration(first)
		await second.goto('/history')
		await waitForHydration(second)
		await first.evaluate((now) => {
			localStorage.setItem(
				'media-tracking',
				JSON.stringify({ '550': { type: 'movie', title: 'Fight Club', updatedAt: now, progress: { watched: 10, duration: 100 } } }),
			)
		}, NOW)
		await expect(second.getByTestId('history-card')).toHaveCount(1)
	})

	test('export, then import into an empty library; a bad file is refused with a clear error', async ({ page }) => {
		await withStorage(page, '/bookmarks', {
			bookmarks: LIBRARY,
			'bookmark-categories': ['Anime'],
			'media-tracking': { '550': { type: 'movie', title: 'Fight Club', updatedAt: NOW, progress: { watched: 10, duration: 100 } } },
		})
		const downloading = page.waitForEvent('download')
		await page.getByRole('button', { name: 'Export library' }).click()
		const download = await downloading
		expect(download.suggestedFilename()).toMatch(/^willow-library-\d{4}-\d{2}-\d{2}\.json$/)
		const text = await readFile((await download.path())!, 'utf8')
		const file = JSON.parse(text)
		expect(file).toMatchObject({ kind: 'willow-library', version: 1, categories: ['Anime'] })
		expect(file.bookmarks).toHaveLength(3)

		await withStorage(page, '/bookmarks', {})
		await expect(page.getByRole('heading', { name: 'No bookmarks yet' })).toBeVisible()
		await page.getByTestId('import-library').setInputFiles({
			name: 'broken.json',
			mimeType: 'application/json',
			buffer: Buffer.from('{"kind":"willow-library","version":1,"bookmarks":[{"mediaId":"x"}]}'),
		})
		await expect(page.getByRole('alert').filter({ hasText: 'This library file is invalid' })).toContainText('bookmarks.0.mediaId')
		await page
			.getByTestId('import-library')
			.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('hello') })
		await expect(page.getByRole('alert').filter({ hasText: 'not valid JSON' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'No bookmarks yet' })).toBeVisible()

		await page
			.getByTestId('import-library')
			.setInputFiles({ name: 'library.json', mimeType: 'application/json', buffer: Buffer.from(text) })
		await expect(page.getByTestId('import-result')).toHaveText('Imported 3 new bookmarks and 1 watched title.')
		await expect(page.getByTestId('bookmark-card')).toHaveCount(3)
		await expect(page.getByRole('button', { name: 'Anime', exact: true })).toBeVisible()
		expect(Object.keys(await storedJson(page, 'media-tracking'))).toEqual(['550'])
	})

	test('CSV export: bookmarks and watch history for spreadsheets, formulas escaped @mobile', async ({ page }) => {
		await withStorage(page, '/bookmarks', {
			bookmarks: [...LIBRARY, bookmark(404, '=HYPERLINK("http://example.com","x")', { category: 'Anime' })],
			'bookmark-categories': ['Anime'],
			'media-tracking': {
				'550': { type: 'movie', title: 'Fight Club', year: 1999, updatedAt: NOW, progress: { watched: 25, duration: 100 } },
				'1399': {
					type: 'show',
					title: 'Game of Thrones',
					updatedAt: NOW - DAY,
					episodes: {
						s1e1: {
							id: 1,
							number: 1,
							title: 'Winter Is Coming',
							seasonId: 10,
							season: 1,
							updatedAt: NOW - DAY,
							progress: { watched: 100, duration: 100 },
						},
					},
				},
			},
		})
		const downloading = page.waitForEvent('download')
		await page.getByRole('button', { name: 'Export CSV' }).click()
		const download = await downloading
		expect(download.suggestedFilename()).toMatch(/^willow-library-\d{4}-\d{2}-\d{2}\.csv$/)
		const text = await readFile((await download.path())!, 'utf8')
		const lines = text
			.replace(/^\uFEFF/, '')
			.trimEnd()
			.split('\r\n')
		expect(lines[0]).toBe(
			'record,tmdb_id,media_type,title,year,list,season,episode,episode_title,watched_seconds,duration_seconds,progress_percent,date',
		)
		expect(lines).toHaveLength(7)
		expect(lines).toContain(`bookmark,404,movie,"'=HYPERLINK(""http://example.com"",""x"")",,Anime,,,,,,,${new Date(NOW).toISOString()}`)
		expect(lines).toContain(`history,550,movie,Fight Club,1999,,,,,25,100,25,${new Date(NOW).toISOString()}`)
		expect(lines).toContain(`history,1399,tv,Game of Thrones,,,1,1,Winter Is Coming,100,100,100,${new Date(NOW - DAY).toISOString()}`)
		await expect(page.getByTestId('import-result')).toHaveText('Exported 4 bookmarks and 2 watch history rows as CSV.')
	})

	test('passes axe with content and with the list menu open @mobile', async ({ page }) => {
		await withStorage(page, '/bookmarks', { bookmarks: LIBRARY, 'bookmark-categories': ['Anime'] })
		await expect(page.getByTestId('bookmark-card')).toHaveCount(3)
		await checkA11y(page)
		await page.getByRole('button', { name: 'Choose lists for Arrival' }).click()
		await expect(page.getByTestId('bookmark-menu')).toBeVisible()
		await checkA11y(page)
	})
})

test.describe('Watch History', () => {
	const HISTORY = {
		'550': {
			type: 'movie',
			title: 'Fight Club',
			year: 1999,
			popularity: 512,
			updatedAt: NOW - DAY,
			progress: { watched: 30, duration: 100 },
		},
		'680': {
			type: 'movie',
			title: 'Pulp Fiction',
			year: 1994,
			popularity: 120,
			updatedAt: NOW - 2 * DAY,
			progress: { watched: 250, duration: 100 },
		},
		'1399': {
			type: 'show',
			title: 'Game of Thrones',
			popularity: 400,
			updatedAt: NOW,
			episodes: {
				s1e1: {
					id: 1,
					number: 1,
					title: 'Winter Is Coming',
					seasonId: 10,
					season: 1,
					updatedAt: NOW - 10,
					progress: { watched: 100, duration: 100 },
				},
				s1e2: {
					id: 2,
					number: 2,
					title: 'The Kingsroad',
					seasonId: 10,
					season: 1,
					updatedAt: NOW,
					progress: { watched: 97, duration: 100 },
				},
			},
		},
	}

	test('empty history', async ({ page }) => {
		await withStorage(page, '/history', {})
		await expect(page.getByRole('heading', { name: 'Nothing watched yet' })).toBeVisible()
		await expect(page.getByTestId('continue-watching')).toHaveCount(0)
	})

	test('a grid of watched titles with clamped progress, the trending badge above 400, and Continue Watching @mobile', async ({ page }) => {
		await withStorage(page, '/history', { 'media-tracking': HISTORY })
		const cards = page.getByTestId('history-card')
		await expect(cards).toHaveCount(3)
		await expect(cards.nth(0)).toContainText('Game of Thrones')
		const fightClub = cards.filter({ hasText: 'Fight Club' })
		await expect(fightClub.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30')
		await expect(fightClub.getByTestId('trending-badge')).toBeVisible()
		const pulp = cards.filter({ hasText: 'Pulp Fiction' })
		await expect(pulp.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
		await expect(pulp.getByTestId('progress-fill')).toHaveAttribute('style', /width: 100%/)
		await expect(pulp.getByTestId('trending-badge')).toHaveCount(0)
		await expect(cards.filter({ hasText: 'Game of Thrones' }).getByTestId('trending-badge')).toHaveCount(0)

		const row = page.getByTestId('continue-watching')
		await expect(row.getByRole('heading', { name: 'Continue Watching' })).toBeVisible()
		const resume = row.getByTestId('continue-card')
		await expect(resume).toHaveCount(2)
		await expect(resume.nth(0)).toContainText('Next: S1 · E3')
		await expect(resume.nth(0).getByRole('link')).toHaveAttribute('href', '/series/1399-game-of-thrones/1/3?play=true')
		await expect(resume.nth(1).getByRole('link')).toHaveAttribute('href', '/movies/550-fight-club?play=true')
		await checkA11y(page)
	})

	test('home loads no Continue Watching or device boot code without a library, and shows the row when another tab first writes one', async ({
		page,
		context,
	}) => {
		const rowCode: string[] = []
		page.on('request', (request) => {
			if (/continue-watching|device-boot/.test(new URL(request.url()).pathname)) rowCode.push(request.url())
		})
		await withStorage(page, '/', {})
		await page.waitForLoadState('networkidle')
		await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))))
		expect(rowCode, 'the row or the device boot loaded without a library').toEqual([])
		await expect(page.getByTestId('continue-watching')).toHaveCount(0)
		const other = await context.newPage()
		await other.goto('/favicon.svg')
		await other.evaluate((history) => localStorage.setItem('media-tracking', JSON.stringify(history)), HISTORY)
		await expect(page.getByTestId('continue-watching').getByTestId('continue-card')).toHaveCount(2)
	})

	test('removing a title from the history hides it everywhere and survives a reload', async ({ page }) => {
		await withStorage(page, '/history', { 'media-tracking': HISTORY })
		const cards = page.getByTestId('history-card')
		await expect(cards).toHaveCount(3)
		const row = page.getByTestId('continue-watching')
		await expect(row.getByTestId('continue-card')).toHaveCount(2)
		// Keyboard: focus the remove button of Fight Club and press Enter.
		const remove = page.getByRole('button', { name: 'Remove Fight Club from history' })
		await remove.focus()
		await page.keyboard.press('Enter')
		await expect(page.getByText('Removed Fight Club from your history')).toBeVisible()
		await expect(cards).toHaveCount(2)
		await expect(cards.filter({ hasText: 'Fight Club' })).toHaveCount(0)
		await expect(row.getByTestId('continue-card')).toHaveCount(1)
		// The marker stays in storage (for sync), without the progress.
		const history = await storedJson(page, 'media-tracking')
		expect(history['550'].removedAt).toEqual(expect.any(Number))
		expect(history['550'].progress).toBeUndefined()
		await page.reload()
		await waitForHydration(page)
		await expect(cards).toHaveCount(2)
		await expect(cards.filter({ hasText: 'Fight Club' })).toHaveCount(0)
		await checkA11y(page)
	})
})
