import fs from 'node:fs'
import path from 'node:path'
import { CANONICAL_TEST_PORT } from '../../playwright.config.ts'
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts'

// Partners: /partners lists the owner's DATA_DIR/partners.json (written into
// the canonical-host server's data folder, which no other spec browses), and
// /partners/submit sends a submission and confirms it.

const CANONICAL_ORIGIN = `http://localhost:${CANONICAL_TEST_PORT}`
const PARTNERS = [
	{
		name: 'Subtitle Commons',
		link: 'https://subtitles.example.org/',
		logo: '/favicon.svg',
		description: 'Community subtitles in forty languages.',
	},
	{ name: 'Broken entry', link: 'javascript:alert(1)' },
	// No logo, and a logo that fails to load: both show the site icon (product.md §7, the logo helper).
	{ name: 'Open Captions', link: 'https://captions.example.org/', description: 'Caption files.' },
	{ name: 'Lost Logo', link: 'https://lost.example.org/', logo: '/no-such-logo.png', description: 'Its logo is gone.' },
]

test.beforeAll(async () => {
	const dir = `${process.env.E2E_DATA_DIR}-canonical`
	const file = path.join(dir, 'partners.json')
	const text = JSON.stringify(PARTNERS, null, 2)
	if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) {
		fs.mkdirSync(dir, { recursive: true })
		fs.writeFileSync(file, text)
	}
	// The server re-checks an owner file at most every 5 s (by its mtime): wait until it lists the partner.
	await expect
		.poll(async () => (await (await fetch(`${CANONICAL_ORIGIN}/partners`)).text()).includes('Subtitle Commons'), { timeout: 15_000 })
		.toBe(true)
})

test('lists the configured partners, skipping a bad entry @mobile', async ({ page, request }) => {
	// That server also shows the info modals of info-modals.spec.ts: this visitor has dismissed them already.
	const modals = (await (await request.get(`${CANONICAL_ORIGIN}/modalData.json`)).json()) as Array<{ id: string }>
	await page.addInitScript(
		(ids) => localStorage.setItem('dismissedInfoModals', JSON.stringify(ids.map((id) => ({ id, timestamp: Date.now() })))),
		modals.map((modal) => modal.id),
	)
	await page.goto(`${CANONICAL_ORIGIN}/partners`)
	await waitForHydration(page)
	const partners = page.getByTestId('partner')
	await expect(partners).toHaveCount(3)
	await expect(partners.getByRole('link', { name: /Subtitle Commons/ })).toHaveAttribute('href', 'https://subtitles.example.org/')
	await expect(partners.getByRole('img', { name: 'Subtitle Commons logo' })).toBeVisible()
	for (const name of ['Open Captions', 'Lost Logo']) {
		const logo = partners.getByRole('img', { name: `${name} logo` })
		await expect(logo).toHaveAttribute('src', '/favicon.svg')
		await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
	}
	await expect(partners.getByText('Community subtitles in forty languages.')).toBeVisible()
	await checkA11y(page)
})

test('shows an empty state when the owner lists no partners', async ({ page }) => {
	await page.goto('/partners')
	await expect(page.getByTestId('partners-empty')).toContainText('No partners yet')
	await expect(page.getByRole('link', { name: 'Submit a partner' })).toHaveAttribute('href', '/partners/submit')
})

test('submits a partner and shows the confirmation @mobile', async ({ page }) => {
	await page.goto('/partners/submit')
	await waitForHydration(page)
	await checkA11y(page)
	// The button is aria-disabled until the form is valid; Enter still submits, and the form says what is missing.
	await page.getByLabel('Name', { exact: true }).press('Enter')
	await expect(page.getByTestId('partner-error')).toHaveText('Please fix the errors in the form before submitting.')
	await expect(page.getByText('Please enter a valid email address')).toBeVisible()

	await page.getByLabel('Name', { exact: true }).fill('Subtitle Commons')
	await page.getByLabel('Site URL').fill('https://subtitles.example.org/')
	await page.getByLabel('Contact email').fill('team@subtitles.example.org')
	await page.getByLabel('Message').fill('We would love to offer our subtitles to Willow viewers.')
	await page.getByTestId('partner-submit').click()
	const confirmation = page.getByTestId('partner-submitted')
	await expect(confirmation).toContainText('Thank you! Your submission was received.')
	await expect(confirmation).toHaveAttribute('role', 'status')
	await checkA11y(page)
	await confirmation.getByRole('link', { name: 'Back to partners' }).click()
	await expect(page).toHaveURL(/\/partners$/)
})
