import fs from 'node:fs'
import path from 'node:path'
import { CANONICAL_TEST_PORT } from '../../playwright.config.ts'
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts'

// The owner's info modals (product.md §2, §3, §4): DATA_DIR/modalData.json, shown
// after load by priority, the next 250 ms after one closes, at most two per
// session, and by name from a navigation state value. The file goes into the
// data folder of the second e2e server (the canonical-host one, which no other
// spec browses), so the modals never cover the pages of tests running beside
// this one; the server re-reads the file by its mtime.

const ORIGIN = `http://localhost:${CANONICAL_TEST_PORT}`
const MODALS = [
	{ id: 'e2e-second', title: 'Second news', content: 'Then this one.', priority: 2, repeat: 'weekly' },
	{ id: 'e2e-expired', title: 'Old news', content: 'Gone.', priority: 9, expiresAt: '2020-01-01' },
	{
		id: 'e2e-first',
		title: 'Welcome to Willow',
		content: 'First paragraph.\n\nSecond paragraph.',
		priority: 5,
		startsAt: '2020-01-01',
		expiresAt: '2099-12-31',
		bgColor: '#1e3a8a',
	},
	{
		id: 'e2e-third',
		title: 'Third news',
		content: '<p>Only <b>on request</b>. <a href="/partners">Partners</a></p><script>window.__pwned = true</script>',
		html: true,
		priority: 1,
	},
	{ id: 'e2e-broken', title: 'Bad colour', bgColor: 'url(javascript:alert(1))' },
]

test.beforeAll(async () => {
	const dir = `${process.env.E2E_DATA_DIR}-canonical`
	const file = path.join(dir, 'modalData.json')
	const text = JSON.stringify({ modals: MODALS }, null, 2)
	// Both projects write the same text; an unchanged file is left alone.
	if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) {
		fs.mkdirSync(dir, { recursive: true })
		fs.writeFileSync(file, text)
	}
	// The server re-checks an owner file at most every 5 s (by its mtime): wait until it serves these modals.
	await expect
		.poll(async () => ((await (await fetch(`${ORIGIN}/modalData.json`)).json()) as Array<{ id: string }>).map((modal) => modal.id).join(), {
			timeout: 15_000,
		})
		.toBe('e2e-second,e2e-expired,e2e-first,e2e-third')
})

test('shows the first modal, the second 250 ms after it closes, then no third; axe-clean while open @mobile', async ({ page }) => {
	await page.goto(`${ORIGIN}/faq`)
	await waitForHydration(page)
	const modal = page.getByTestId('info-modal')
	await expect(modal).toBeVisible()
	await expect(modal).toHaveAttribute('data-modal-id', 'e2e-first')
	await expect(page.getByRole('dialog', { name: 'Welcome to Willow' })).toBeVisible()
	await expect(modal.getByText('Second paragraph.')).toBeVisible()
	// Focus moves into the dialog.
	await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="info-modal"]')))).toBe(true)
	await checkA11y(page)

	// Timed in the page (a busy machine may delay the test's own checks): the first closes at once, the second opens 250 ms later.
	const timing = await page.evaluate(
		() =>
			new Promise<{ clickedAt: number; goneAt: number; openedAt: number }>((resolve) => {
				let goneAt = -1
				const observer = new MutationObserver(() => {
					const open = document.querySelector('[data-testid="info-modal"]')
					if (!open && goneAt < 0) goneAt = performance.now()
					if (open?.getAttribute('data-modal-id') === 'e2e-second') {
						observer.disconnect()
						resolve({ clickedAt, goneAt, openedAt: performance.now() })
					}
				})
				observer.observe(document.body, { childList: true, subtree: true, attributes: true })
				const clickedAt = performance.now()
				;(document.querySelector('[data-testid="info-modal-close"]') as HTMLElement).click()
				if (!document.querySelector('[data-testid="info-modal"]')) goneAt = performance.now()
			}),
	)
	// Gone in the meantime, and back with the second 250 ms after the click.
	expect(timing.goneAt).toBeGreaterThanOrEqual(timing.clickedAt)
	expect(timing.goneAt).toBeLessThan(timing.openedAt)
	expect(timing.openedAt - timing.clickedAt).toBeGreaterThanOrEqual(250)
	expect(timing.openedAt - timing.clickedAt).toBeLessThan(3_000)
	await expect(modal).toHaveAttribute('data-modal-id', 'e2e-second')
	await checkA11y(page)

	// Escape dismisses too; a third modal never comes in this session.
	await page.keyboard.press('Escape')
	await expect(modal).toHaveCount(0)
	await page.waitForTimeout(1_000)
	await expect(modal).toHaveCount(0)
	// Focus is given back to the page, not lost on the body.
	expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')

	const dismissed = await page.evaluate(
		() => JSON.parse(localStorage.getItem('dismissedInfoModals') ?? '[]') as Array<{ id: string; timestamp: number }>,
	)
	expect(dismissed.map((entry) => entry.id)).toEqual(['e2e-first', 'e2e-second'])
	expect(dismissed.every((entry) => Math.abs(entry.timestamp - Date.now()) < 60_000)).toBe(true)

	// A new session: the dismissed modals stay away (repeat never / weekly), the third one shows.
	await page.reload()
	await waitForHydration(page)
	await expect(modal).toHaveAttribute('data-modal-id', 'e2e-third')
	await expect(modal.getByText('on request')).toBeVisible()
	await expect(modal.locator('script')).toHaveCount(0)
	expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined()
	// A click on the backdrop dismisses it.
	await page.mouse.click(5, 5)
	await expect(modal).toHaveCount(0)
})

test('opens a modal named by the navigation state, even after the session has shown two', async ({ page }) => {
	await page.addInitScript(() => {
		localStorage.setItem(
			'dismissedInfoModals',
			JSON.stringify([
				{ id: 'e2e-first', timestamp: Date.now() },
				{ id: 'e2e-second', timestamp: Date.now() },
				{ id: 'e2e-third', timestamp: Date.now() },
			]),
		)
	})
	await page.goto(`${ORIGIN}/dmca`)
	await waitForHydration(page)
	await page.waitForTimeout(500)
	await expect(page.getByTestId('info-modal')).toHaveCount(0)
	const link = page.getByRole('link', { name: 'FAQ' }).first()
	await link.focus()
	await page.evaluate(() =>
		(
			window as unknown as { __reactRouterDataRouter: { navigate: (to: string, options: unknown) => Promise<void> } }
		).__reactRouterDataRouter.navigate('/faq', { state: { infoModal: 'e2e-first' } }),
	)
	const modal = page.getByTestId('info-modal')
	await expect(modal).toHaveAttribute('data-modal-id', 'e2e-first')
	await page.getByTestId('info-modal-ok').click()
	await expect(modal).toHaveCount(0)
	// An unknown or expired name opens nothing.
	await page.evaluate(() =>
		(
			window as unknown as { __reactRouterDataRouter: { navigate: (to: string, options: unknown) => Promise<void> } }
		).__reactRouterDataRouter.navigate('/dmca', { state: { infoModal: 'e2e-expired' } }),
	)
	await page.waitForTimeout(500)
	await expect(modal).toHaveCount(0)
})

test('serves the valid entries at /modalData.json', async ({ request }) => {
	const response = await request.get(`${ORIGIN}/modalData.json`)
	expect(response.ok()).toBe(true)
	const ids = ((await response.json()) as Array<{ id: string }>).map((entry) => entry.id)
	expect(ids).toEqual(['e2e-second', 'e2e-expired', 'e2e-first', 'e2e-third'])
})
