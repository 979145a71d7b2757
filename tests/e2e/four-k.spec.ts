import type { Page } from '@playwright/test'
import { FOURK_TEST_TOKEN } from '../../playwright.config.ts'
import { checkA11y, expect, holdRequests, test, waitForHydration } from './fixtures.ts'

// The 4K guide's wizard end to end (product.md §2 4K guide, §4 4K token flow, §5,
// §8) against the reference 4K service playwright.config.ts starts.

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 })

async function openTokenStep(page: Page) {
	await page.goto('/4k')
	await waitForHydration(page)
	await expect(stepHeading(page, 'Step 1: Account')).toBeVisible()
	await page.getByRole('button', { name: 'Next' }).click()
	await expect(stepHeading(page, 'Step 2: Token')).toBeFocused()
}

test('the wizard: Next and Back, the token rule, test, submit, Setup Complete! @mobile', async ({ page }) => {
	await page.goto('/4k')
	await waitForHydration(page)
	await expect(page.getByRole('heading', { name: '4K Guide', level: 1 })).toBeVisible()
	await expect(page.getByRole('listitem').filter({ hasText: 'Account' }).first()).toHaveAttribute('aria-current', 'step')
	await checkA11y(page)

	// Next moves focus to the new step's heading; Back returns.
	await page.getByRole('button', { name: 'Next' }).click()
	await expect(stepHeading(page, 'Step 2: Token')).toBeFocused()
	await page.getByRole('button', { name: 'Back' }).click()
	await expect(stepHeading(page, 'Step 1: Account')).toBeFocused()
	await page.keyboard.press('Tab')
	await page.keyboard.press('Enter')
	await expect(stepHeading(page, 'Step 2: Token')).toBeFocused()

	// A token breaking §5: the test and Next both say so, and the wizard stays.
	const input = page.getByLabel('4K token')
	await input.fill('abc')
	await page.getByRole('button', { name: 'Test' }).click()
	await expect(page.getByTestId('token-test-status')).toHaveText('Invalid token, please check and try again.')
	await page.getByRole('button', { name: 'Next' }).click()
	await expect(page.getByTestId('token-hint')).toHaveText('Invalid token, please check and try again.')
	await expect(input).toHaveAttribute('aria-invalid', 'true')
	await expect(stepHeading(page, 'Step 2: Token')).toBeVisible()

	// A good token: Checking, then valid (the answer is held back a moment so Checking can be seen).
	const release = await holdRequests(page, '**/api/fourk/test')
	await input.fill(FOURK_TEST_TOKEN)
	await expect(page.getByTestId('token-hint')).toHaveText('')
	await page.getByRole('button', { name: 'Test' }).click()
	await expect(page.getByTestId('token-test-status')).toHaveText('Checking')
	release()
	await expect(page.getByTestId('token-test-status')).toHaveText('Token is valid!')
	await page.unroute('**/api/fourk/test')
	await checkA11y(page)

	// A failed submission shows §8's text and keeps the step; the next one succeeds.
	await page.getByRole('button', { name: 'Next' }).click()
	await expect(stepHeading(page, 'Step 3: Submit')).toBeFocused()
	await page.route(
		'**/api/fourk/submit',
		(route) => route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'x' }) }),
		{ times: 1 },
	)
	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(page.getByRole('alert').filter({ hasText: 'Submission failed' })).toHaveText(
		'Submission failed, please try again or report on discord, thanks.',
	)
	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(page.getByText('Token submitted successfully')).toBeVisible()
	await expect(stepHeading(page, 'Setup Complete!')).toBeFocused()
	await checkA11y(page)

	// Kept on the device under product.md's key.
	expect(await page.evaluate(() => window.localStorage.getItem('4kToken'))).toBe(FOURK_TEST_TOKEN)
})

test('a token the service refuses tests invalid', async ({ page }) => {
	await openTokenStep(page)
	await page.getByLabel('4K token').fill(`eyNotTheServicesToken${'x'.repeat(40)}`)
	await page.getByRole('button', { name: 'Test' }).click()
	await expect(page.getByTestId('token-test-status')).toHaveText('Invalid token, please check and try again.')
})

test('a signed-in user’s token syncs to the account', async ({ page }) => {
	const tag = `${Date.now().toString(36)}${process.pid % 1000}`
	await page.goto('/signup')
	await waitForHydration(page)
	await page.getByLabel('Username').fill(`fourk${tag}`)
	await page.getByLabel('Email').fill(`fourk${tag}@example.com`)
	await page.getByLabel('Password', { exact: true }).fill('sea shanty 99')
	await page.getByRole('button', { name: 'Sign Up' }).click()
	await expect(page).toHaveURL(/\/account\?tab=account$/)

	await openTokenStep(page)
	await page.getByLabel('4K token').fill(FOURK_TEST_TOKEN)
	await page.getByRole('button', { name: 'Next' }).click()
	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(stepHeading(page, 'Setup Complete!')).toBeVisible()
	await expect
		.poll(
			async () => ((await (await page.request.get('/api/users/me')).json()) as { user: { '4k_token': string | null } }).user['4k_token'],
		)
		.toBe(FOURK_TEST_TOKEN)
	await expect.poll(() => page.evaluate(() => window.localStorage.getItem('4kTokenSynced'))).toBe('true')
})
