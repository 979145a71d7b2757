import type { BrowserContext, Page, Route } from '@playwright/test'
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts'

// The home page's owner-configured info banner and two ad slots, and its
// "Something went wrong." view with Retry (issue 6). The server is shared by
// every test, so each test changes only its own browser context, through the
// test-only cookies of server/testing/test-switches.server.ts (honoured only
// with ENABLE_TEST_ROUTES=true, which playwright.config.ts sets).

const PROMO_COOKIE = 'willow-test-promo'
const FAULT_COOKIE = 'willow-test-fault'

interface PromoFixture {
	banner?: Record<string, unknown> | null
	ads?: Array<Record<string, unknown>>
}

async function setPromo(context: BrowserContext, baseURL: string | undefined, promo: PromoFixture) {
	const value = Buffer.from(JSON.stringify(promo)).toString('base64url')
	await context.addCookies([{ name: PROMO_COOKIE, value, url: baseURL! }])
}

const localDay = (page: Page) =>
	page.evaluate(() => {
		const d = new Date()
		return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
	})

const ad = (id: string, extra: Record<string, unknown> = {}) => ({
	id,
	gifUrl: '/favicon.svg',
	link: `https://advertiser.example/${id}`,
	alt: `Sponsor ${id}`,
	width: 600,
	height: 100,
	...extra,
})

test('a fresh install shows no banner, no ad slots and loads none of their code', async ({ page }) => {
	const requested: string[] = []
	page.on('request', (request) => requested.push(request.url()))
	await page.goto('/')
	await waitForHydration(page)
	await expect(page.getByTestId('row-popular-mixed')).toBeVisible()
	await expect(page.getByTestId('info-banner')).toHaveCount(0)
	await expect(page.getByTestId('ad-slot')).toHaveCount(0)
	await expect(page.getByText('Sponsored')).toHaveCount(0)
	expect(requested.filter((url) => /\/(info-banner|ad-slot)-[^/]*\.js$/.test(url))).toEqual([])
})

test.describe('info banner', () => {
	test('shows the owner text as text, dismisses by keyboard and stays dismissed after reload', async ({ page, context, baseURL }) => {
		test.slow()
		await setPromo(context, baseURL, {
			banner: { id: 'maintenance-1', title: 'Scheduled maintenance', content: 'Back at <b>noon</b>.', type: 'warning', dismissible: true },
		})
		await page.goto('/')
		await waitForHydration(page)
		const banner = page.getByTestId('info-banner')
		await expect(banner).toBeVisible()
		await expect(banner).toHaveAttribute('data-type', 'warning')
		await expect(banner.getByRole('heading', { name: 'Scheduled maintenance' })).toBeVisible()
		// Content is text, never HTML.
		await expect(banner.getByText('Back at <b>noon</b>.')).toBeVisible()
		await expect(banner.locator('b')).toHaveCount(0)
		await checkA11y(page)

		const dismiss = banner.getByRole('button', { name: 'Dismiss notice' })
		await dismiss.focus()
		await expect(dismiss).toBeFocused()
		await page.keyboard.press('Enter')
		await expect(banner).toHaveCount(0)
		// Focus moves to the main content instead of falling back to the page body.
		await expect(page.locator('main#main')).toBeFocused()
		expect(await page.evaluate(() => localStorage.getItem('dismissedInfoBoxes'))).toBe('["maintenance-1"]')

		await page.reload()
		await waitForHydration(page)
		await expect(page.getByTestId('row-popular-mixed')).toBeVisible()
		await expect(page.getByTestId('info-banner')).toHaveCount(0)
	})

	test('a banner that cannot be dismissed has no close button; an expired one is not shown', async ({ page, context, baseURL }) => {
		test.slow()
		await setPromo(context, baseURL, { banner: { id: 'pinned', title: 'Read the new terms', type: 'info', dismissible: false } })
		await page.goto('/')
		await waitForHydration(page)
		await expect(page.getByTestId('info-banner')).toBeVisible()
		await expect(page.getByTestId('info-banner').getByRole('button')).toHaveCount(0)

		await setPromo(context, baseURL, { banner: { id: 'old', title: 'Old news', expiresAt: '2020-01-01T00:00:00Z' } })
		await page.reload()
		await waitForHydration(page)
		await expect(page.getByTestId('row-popular-mixed')).toBeVisible()
		await expect(page.getByTestId('info-banner')).toHaveCount(0)
	})

	for (const theme of ['light', 'dark'] as const) {
		for (const type of ['info', 'warning', 'success', 'error']) {
			test(`the ${type} banner passes axe in the ${theme} theme`, async ({ page, context, baseURL }) => {
				test.slow()
				await setPromo(context, baseURL, { banner: { id: `t-${type}`, title: `A ${type} notice`, content: 'Details', type } })
				await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
				await page.goto('/')
				await waitForHydration(page)
				expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark')
				await expect(page.getByTestId('info-banner')).toHaveAttribute('data-type', type)
				await checkA11y(page)
			})
		}
	}
})

test.describe('ad slots', () => {
	test('two different running ads, sized and lazy, sponsored links, closed for the day by keyboard', async ({ page, context, baseURL }) => {
		test.slow()
		await setPromo(context, baseURL, {
			ads: [ad('one'), ad('two', { priority: 3 }), ad('ended', { endDate: '2020-01-01' }), ad('future', { startDate: '2999-01-01' })],
		})
		await page.goto('/')
		await waitForHydration(page)
		const slots = page.getByTestId('ad-slot')
		await expect(slots).toHaveCount(2)
		const ids = await slots.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-ad-id')))
		expect([...ids].sort()).toEqual(['one', 'two'])
		for (const id of ids) {
			const slot = page.locator(`[data-testid="ad-slot"][data-ad-id="${id}"]`)
			const image = slot.getByRole('img', { name: `Sponsor ${id}` })
			await expect(image).toHaveAttribute('width', '600')
			await expect(image).toHaveAttribute('height', '100')
			await expect(image).toHaveAttribute('loading', 'lazy')
			const link = slot.getByRole('link', { name: `Sponsor ${id}` })
			// Beside it, what the slot is and how to advertise.
			await expect(slot.getByRole('link', { name: 'Why ads?' })).toHaveAttribute('href', '/ads')
			await expect(slot.getByRole('link', { name: 'Advertise' })).toHaveAttribute('href', '/advertise')
			await expect(link).toHaveAttribute('href', `https://advertiser.example/${id}`)
			await expect(link).toHaveAttribute('rel', 'sponsored noopener')
			await expect(link).toHaveAttribute('target', '_blank')
		}
		await slots.first().scrollIntoViewIfNeeded()
		await checkA11y(page)

		const closedId = ids[0]!
		const close = slots.first().getByRole('button', { name: 'Close advertisement' })
		await close.focus()
		await page.keyboard.press('Space')
		await expect(slots).toHaveCount(1)
		await expect(page.locator('main#main')).toBeFocused()
		await expect(page.locator(`[data-ad-id="${closedId}"]`)).toHaveCount(0)
		const today = await localDay(page)
		expect(await page.evaluate(() => JSON.parse(localStorage.getItem('dismissedAds') ?? '{}'))).toEqual({ [closedId]: today })

		// Still hidden after a reload today; the other ad keeps a slot.
		await page.reload()
		await waitForHydration(page)
		await expect(slots).toHaveCount(1)
		await expect(page.locator(`[data-ad-id="${closedId}"]`)).toHaveCount(0)

		// A dismissal from an earlier day no longer counts.
		await page.evaluate((id) => localStorage.setItem('dismissedAds', JSON.stringify({ [id]: '2000-01-01' })), closedId)
		await page.reload()
		await waitForHydration(page)
		await expect(slots).toHaveCount(2)
	})

	test('one configured ad fills one slot only', async ({ page, context, baseURL }) => {
		await setPromo(context, baseURL, { ads: [ad('solo')] })
		await page.goto('/')
		await waitForHydration(page)
		await expect(page.getByTestId('ad-slot')).toHaveCount(1)
		await expect(page.getByTestId('ad-slot')).toHaveAttribute('data-ad-id', 'solo')
	})
})

test('"Something went wrong." with Retry when the catalogue fails, and Retry recovers', async ({ page, context, baseURL }) => {
	test.slow()
	await context.addCookies([{ name: FAULT_COOKIE, value: 'catalog', url: baseURL! }])
	await page.goto('/')
	await waitForHydration(page)
	const error = page.getByTestId('load-error')
	await expect(error.getByRole('heading', { name: 'Something went wrong.' })).toBeVisible()
	await expect(error.getByText("We couldn't load the content. Please check your internet connection or try again.")).toBeVisible()
	await expect(page.getByTestId('hero-slide')).toHaveCount(0)
	await checkA11y(page)

	// Retry while the catalogue still fails keeps the message.
	const retry = error.getByRole('button', { name: 'Retry' })
	await Promise.all([page.waitForResponse((response) => response.url().includes('.data')), retry.click()])
	await expect(error.getByRole('heading', { name: 'Something went wrong.' })).toBeVisible()
	await expect(retry).toHaveAttribute('aria-busy', 'false')

	// Retry is pressed; its load is slow and will fail (held here, the fault cookie already sent).
	// The catalogue comes back meanwhile, and Retry pressed again by keyboard, with the first load
	// still out, starts a new one that recovers the page in place. (A Retry disabled while loading
	// dropped focus and ignored the Enter: CI pressed it before the first load had ended.)
	let held: Route | undefined
	await page.route(/\.data(\?|$)/, (route) => {
		if (held) return route.continue()
		held = route
	})
	await retry.click()
	await expect.poll(() => held !== undefined).toBe(true)
	await expect(retry).toHaveAttribute('aria-busy', 'true')
	await context.clearCookies({ name: FAULT_COOKIE })
	await expect(retry).toBeFocused()
	await page.keyboard.press('Enter')
	await expect(page.getByTestId('load-error')).toHaveCount(0)
	await held!.continue().catch(() => undefined)
	await expect(page.getByTestId('row-popular-mixed').getByTestId('media-card').first()).toBeVisible()
	await expect(page.getByTestId('hero-slide').first()).toBeVisible()
	await checkA11y(page)
})
