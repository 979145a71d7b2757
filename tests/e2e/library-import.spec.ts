import path from 'node:path'
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts'

// Import from Trakt and Letterboxd on /bookmarks: a preview first (matched,
// not matched with the reason, duplicates), then only additions.

const FIXTURES = path.join(import.meta.dirname, '../fixtures/imports')
const FILES = [
	'letterboxd-watchlist.csv',
	'letterboxd-watched.csv',
	'letterboxd-diary.csv',
	'trakt-watchlist.json',
	'trakt-watched-movies.json',
	'trakt-watched-shows.json',
]

test('previews an export, then adds only what the library lacks @mobile', async ({ page }) => {
	// Already here: Fight Club on the watchlist, with a later time than the export's.
	const existing = [{ mediaId: 550, category: 'watchlist', addedAt: Date.now(), mediaType: 'movie', title: 'Fight Club' }]
	await page.addInitScript((state) => {
		if (!localStorage.getItem('bookmarks')) localStorage.setItem('bookmarks', state)
	}, JSON.stringify(existing))
	await page.goto('/bookmarks')
	await waitForHydration(page)
	const section = page.getByTestId('service-import')
	await section.getByTestId('service-import-files').setInputFiles(FILES.map((name) => path.join(FIXTURES, name)))
	const preview = section.getByTestId('service-import-preview')
	await expect(preview).toBeVisible({ timeout: 15_000 })
	await expect(preview).toContainText('4 rows not matched')
	await preview.getByText('Not matched (4)').click()
	await expect(section.getByTestId('service-import-unmatched')).toContainText('Blade Runner 2049 (2017) is not in the catalogue')
	await preview.getByText(/^Duplicates, left out/).click()
	await expect(section.getByTestId('service-import-duplicates')).toContainText('Fight Club, already in your watchlist')
	await checkA11y(page)
	// Nothing is written before the confirmation.
	expect(await page.evaluate(() => localStorage.getItem('media-tracking'))).toBeNull()

	await preview.getByRole('button', { name: /^Import \d+ titles$/ }).click()
	await expect(section.getByTestId('service-import-result')).toContainText('Imported')
	const stored = await page.evaluate(() => ({
		bookmarks: localStorage.getItem('bookmarks') ?? '',
		history: localStorage.getItem('media-tracking') ?? '',
	}))
	const bookmarks = JSON.parse(stored.bookmarks) as Array<{ mediaId: number; category: string }>
	const keys = bookmarks.map((bookmark) => `${bookmark.mediaId}:${bookmark.category}`).sort()
	expect(keys).toEqual(
		[
			'120:watchlist',
			'129:watched',
			'1396:watchlist',
			'157336:watched',
			'27205:watched',
			'550:watched',
			'550:watchlist',
			'603:watched',
		].sort(),
	)
	const history = JSON.parse(stored.history) as Record<string, { type: string; episodes?: Record<string, unknown> }>
	expect(Object.keys(history).sort()).toEqual(['129', '157336', '27205', '550', '603', '66732'])
	expect(Object.keys(history['66732']!.episodes!).sort()).toEqual(['s1e1', 's1e2'])
	await page.goto('/history')
	await expect(page.getByTestId('history-card').first()).toBeVisible()
})
