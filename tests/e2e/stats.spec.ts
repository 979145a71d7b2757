import { dailyAverage, daysSince, formatFullCount } from '#app/lib/stats/format.ts'
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts'

// The stats page (product.md §2 "Stats page", §3 static stats record): every card,
// bar and chart with the figures of the static record, readable on a phone,
// with text alternatives for the charts, and links to the most watched movies
// the demo catalogue holds.

const LAUNCH = '2025-02-23'
const MOVIES_WATCHED = 1_284_512

test('shows every section with its figures and passes axe @mobile', async ({ page }) => {
	await page.goto('/stats')
	await waitForHydration(page)
	await expect(page.getByRole('heading', { level: 1, name: 'Platform Statistics' })).toBeVisible()

	const days = daysSince(LAUNCH, new Date())
	await expect(page.getByTestId('stats-launch')).toHaveText(`Launched February 23, 2025 · ${formatFullCount(days)} days ago`)

	// The four cards.
	await expect(page.getByTestId('stat-movies').getByRole('heading')).toHaveText('Movies Watched')
	await expect(page.getByTestId('stat-movies-value')).toHaveText('1,284,512')
	await expect(page.getByTestId('stat-movies-daily')).toHaveText(formatFullCount(dailyAverage(MOVIES_WATCHED, days)))
	await expect(page.getByTestId('stat-watch-time').getByRole('heading')).toHaveText('Total Watch Time')
	await expect(page.getByTestId('stat-watch-time-value')).toHaveText('125 years, 59 days, 19 hours')
	await expect(page.getByTestId('stat-watch-time')).toContainText('1,096,435 total hours')
	await expect(page.getByTestId('stat-data').getByRole('heading')).toHaveText('Data Transferred')
	await expect(page.getByTestId('stat-data-value')).toHaveText('2,861 TB')
	await expect(page.getByTestId('stat-data')).toContainText('2.23 GB per movie')
	await expect(page.getByTestId('stat-active').getByRole('heading')).toHaveText('Active Users')
	await expect(page.getByTestId('stat-active-value')).toHaveText('241,877')
	await expect(page.getByTestId('stat-active-growth')).toHaveText('+37%')

	// Server load: a meter at 64%.
	const meter = page.getByRole('meter', { name: 'Server load' })
	await expect(meter).toHaveAttribute('aria-valuenow', '64')
	await expect(page.getByTestId('server-load-value')).toHaveText('64%')

	// Active users today, this week and this month, as bars against the month.
	const active = page.getByRole('list', { name: 'Active users by period' })
	await expect(active.getByRole('listitem')).toHaveText([/Today\s*18,402/, /This week\s*96,310/, /This month\s*241,877/])
	await expect(active.locator('rect[data-percent]')).toHaveCount(3)
	expect(await active.locator('rect[data-percent]').evaluateAll((rects) => rects.map((r) => r.getAttribute('data-percent')))).toEqual([
		'7.6',
		'39.8',
		'100',
	])

	// Most watched movies, in order, with views and bars against the first.
	const top = page.getByRole('list', { name: 'Most watched movies, by views' })
	await expect(page.getByRole('heading', { level: 2, name: 'Most Watched Movies' })).toBeVisible()
	await expect(top.getByTestId('top-movies-list-label')).toHaveText([
		'Interstellar',
		'The Dark Knight',
		'Inception',
		'Oppenheimer',
		'Avatar',
		'The Avengers',
		'Guardians of the Galaxy',
		'The Matrix',
		'Fight Club',
	])
	await expect(top.getByTestId('top-movies-list-value').first()).toHaveText('21,847 views')
	await expect(top.getByTestId('top-movies-list-value').last()).toHaveText('10,254 views')
	expect(await top.locator('rect[data-percent]').first().getAttribute('data-percent')).toBe('100')
	expect(await top.locator('rect[data-percent]').last().getAttribute('data-percent')).toBe('46.9')

	// Views by day of week: seven columns drawn in SVG, the busiest (Saturday) full height, and a table with every figure.
	await expect(page.getByRole('heading', { level: 2, name: 'Views by Day of Week' })).toBeVisible()
	const chart = page.getByTestId('views-by-day-chart')
	await expect(chart.getByTestId('views-by-day-chart-column')).toHaveText([
		'162.4KMon',
		'154.2KTue',
		'158.7KWed',
		'168KThu',
		'198.5KFri',
		'236.9KSat',
		'205.8KSun',
	])
	expect(await chart.locator('rect[data-percent]').nth(5).getAttribute('data-percent')).toBe('100')
	const table = page.getByRole('table', { name: 'Views by day of week' })
	await expect(table.getByRole('row')).toHaveCount(8)
	await expect(table.getByRole('row', { name: /Saturday/ })).toHaveText(/Saturday\s*236,874/)
	await expect(table.getByRole('row', { name: /Monday/ })).toHaveText(/Monday\s*162,418/)

	// Top user locations.
	const locations = page.getByRole('list', { name: 'Users by country' })
	await expect(page.getByRole('heading', { level: 2, name: 'Top User Locations' })).toBeVisible()
	await expect(locations.getByRole('listitem')).toHaveCount(8)
	await expect(locations.getByRole('listitem').first()).toHaveText(/United States\s*71,204 users/)
	await expect(locations.getByRole('listitem').last()).toHaveText(/Philippines\s*8,215 users/)

	await expect(page.getByTestId('stats-about')).toHaveText('These numbers are only for show and are not live.')
	await checkA11y(page)
})

test('the charts fit a phone without sideways scrolling @mobile-only', async ({ page }) => {
	await page.goto('/stats')
	await expect(page.getByTestId('views-by-day-chart')).toBeVisible()
	expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
	const widths = await page
		.getByTestId('views-by-day-chart-column')
		.evaluateAll((columns) => columns.map((c) => c.getBoundingClientRect().width))
	expect(widths).toHaveLength(7)
	for (const width of widths) expect(width).toBeGreaterThanOrEqual(30)
	// Bars span the row: the month's bar is as wide as its list.
	const active = page.getByRole('list', { name: 'Active users by period' })
	const [listWidth, barWidth] = await Promise.all([
		active.evaluate((el) => el.getBoundingClientRect().width),
		active
			.locator('svg')
			.last()
			.evaluate((el) => el.getBoundingClientRect().width),
	])
	expect(barWidth).toBeGreaterThan(listWidth * 0.9)
})

test('a most watched movie the catalogue holds links to its page; one it lacks is plain text @mobile', async ({ page }) => {
	await page.goto('/stats')
	await waitForHydration(page)
	const top = page.getByRole('list', { name: 'Most watched movies, by views' })
	await expect(top.getByRole('link')).toHaveCount(8)
	await expect(top.getByRole('link', { name: 'The Dark Knight' })).toHaveAttribute('href', '/movies/155-the-dark-knight')
	// Oppenheimer is not in the demo catalogue.
	await expect(top.getByText('Oppenheimer')).toBeVisible()
	await expect(top.getByRole('link', { name: 'Oppenheimer' })).toHaveCount(0)
	await top.getByRole('link', { name: 'Interstellar' }).click()
	await expect(page).toHaveURL(/\/movies\/157336-interstellar$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Interstellar' })).toBeVisible()
})

test('reached from the footer, the page loads its data on the client', async ({ page }) => {
	await page.goto('/')
	await waitForHydration(page)
	await page.getByTestId('site-footer').getByRole('link', { name: 'Stats' }).click()
	await expect(page).toHaveURL(/\/stats$/)
	await expect(page.getByTestId('stat-movies-value')).toHaveText('1,284,512')
	await expect(page.getByRole('list', { name: 'Most watched movies, by views' }).getByRole('link', { name: 'Inception' })).toHaveAttribute(
		'href',
		'/movies/27205-inception',
	)
})
