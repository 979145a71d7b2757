import type { Page, Route } from '@playwright/test'
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts'

// The account page's "Add-ons" tab (issue "Playback sources"): signed-out
// prompt, the server refusing an add-on on a private address, and the list
// (mocked answers, since the server only accepts public add-ons) reordered by
// keyboard and trimmed, with every change announced.

let counter = 0
async function signUp(page: Page) {
	counter += 1
	const tag = `${Date.now().toString(36)}${process.pid % 1000}${counter}`
	await page.goto('/signup')
	await waitForHydration(page)
	await page.getByLabel('Username').fill(`addons${tag}`)
	await page.getByLabel('Email').fill(`addons${tag}@example.com`)
	await page.getByLabel('Password', { exact: true }).fill('sea shanty 99')
	await page.getByRole('button', { name: 'Sign Up' }).click()
	await expect(page).toHaveURL(/\/account\?tab=account$/)
}

test('signed out, the tab asks to sign in @mobile', async ({ page }) => {
	await page.goto('/account?tab=addons')
	await expect(page.getByRole('tab', { name: 'Add-ons' })).toHaveAttribute('aria-selected', 'true')
	await expect(page.getByRole('heading', { name: 'Sign in to add your own add-ons' })).toBeVisible()
})

test('adding an add-on on a private address shows the server’s reason @mobile', async ({ page }) => {
	await signUp(page)
	await page.getByRole('tab', { name: 'Add-ons' }).click()
	await expect(page).toHaveURL(/tab=addons/)
	await expect(page.getByText('No add-ons yet.')).toBeVisible()
	await checkA11y(page)
	await page.getByLabel('Manifest URL').fill('http://127.0.0.1:9/manifest.json')
	await page.getByRole('button', { name: 'Add' }).click()
	await expect(page.getByText('That address is not allowed: add-ons must be on a public address')).toBeVisible()
	await expect(page.getByLabel('Manifest URL')).toHaveAttribute('aria-invalid', 'true')
	// Typing clears the error.
	await page.getByLabel('Manifest URL').fill('https://')
	await expect(page.getByText('That address is not allowed: add-ons must be on a public address')).toHaveCount(0)
})

test('reorders with the keyboard and removes, announcing each change', async ({ page }) => {
	await signUp(page)
	let addons = [
		{ id: 'addon:aaaaaaaaaaaaaaaa', manifestUrl: 'https://first.example/manifest.json', name: 'First Add-on', addedAt: 1 },
		{ id: 'addon:bbbbbbbbbbbbbbbb', manifestUrl: 'https://second.example/manifest.json', name: 'Second Add-on', addedAt: 2 },
	]
	const orders: unknown[] = []
	await page.route('**/api/addons', (route: Route) => route.fulfill({ json: { addons, max: 20 } }))
	await page.route('**/api/addons/**', async (route: Route) => {
		const request = route.request()
		if (request.method() === 'PUT') {
			const { ids } = request.postDataJSON() as { ids: string[] }
			orders.push(ids)
			addons = ids.map((id) => addons.find((a) => a.id === id)!)
		} else if (request.method() === 'DELETE') {
			const id = decodeURIComponent(new URL(request.url()).pathname.split('/').pop()!)
			addons = addons.filter((a) => a.id !== id)
		}
		await route.fulfill({ json: { addons } })
	})
	await page.goto('/account?tab=addons')
	await waitForHydration(page)
	const items = page.getByTestId('addon-list').getByRole('listitem')
	await expect(items).toHaveCount(2)
	await expect(page.getByRole('button', { name: 'Move First Add-on up' })).toBeDisabled()
	await checkA11y(page)

	await page.getByRole('button', { name: 'Move First Add-on down' }).focus()
	await page.keyboard.press('Enter')
	await expect(page.getByRole('status').filter({ hasText: 'First Add-on moved to position 2 of 2.' })).toBeAttached()
	await expect(items.first()).toContainText('Second Add-on')
	expect(orders).toEqual([['addon:bbbbbbbbbbbbbbbb', 'addon:aaaaaaaaaaaaaaaa']])
	// The keyboard stays on the moved row: now last, its "up" button is the one left.
	await expect(page.getByRole('button', { name: 'Move First Add-on up' })).toBeFocused()

	await page.getByRole('button', { name: 'Remove Second Add-on' }).click()
	await expect(items).toHaveCount(1)
	await expect(page.getByRole('status').filter({ hasText: 'Second Add-on removed.' })).toBeAttached()
})
