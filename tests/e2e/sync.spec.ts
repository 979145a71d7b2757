import type { Page } from '@playwright/test'
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts'

// Sync on app start and while playing, end to end (product.md §4, §5, §7, §9): the
// 4K token push of a signed-in start, and the 25 s progress check while
// playing (driven on /__playback-sync-test, a stand-in player behind
// ENABLE_TEST_ROUTES, with Playwright's clock).

let counter = 0
async function signUp(page: Page) {
	counter += 1
	const username = `sync${Date.now().toString(36)}${process.pid % 1000}${counter}`
	const password = 'sea shanty 99'
	// The page's request context shares the browser's cookies: the next page load is signed in.
	const response = await page.request.post('/api/auth/signup', {
		data: { username, email: `${username}@example.com`, password, passwordConfirm: password },
	})
	expect(response.status()).toBe(201)
	return username
}

const isPost = (path: string) => (request: { url(): string; method(): string }) =>
	request.method() === 'POST' && new URL(request.url()).pathname === path

async function accountToken(page: Page) {
	const body = (await (await page.request.get('/api/users/me')).json()) as { user: { '4k_token': string | null } }
	return body.user['4k_token']
}

/** Loads a page as a signed-in start and waits for the start sync's last step (settings). */
async function signedInStart(page: Page, path: string) {
	const settingsSynced = page.waitForResponse((response) => isPost('/api/sync/settings')(response.request()))
	await page.goto(path)
	await waitForHydration(page)
	expect((await settingsSynced).status()).toBe(200)
}

test('a signed-in start pushes a 4K token that starts with ey and is over 50 characters, and no other', async ({ page }) => {
	// A sign-up (argon2) and four full app starts.
	test.slow()
	await page.goto('/faq')
	await signUp(page)
	const tokenPushes: string[] = []
	page.on('request', (request) => {
		if (isPost('/api/sync/4k_token')(request)) tokenPushes.push(request.postData() ?? '')
	})

	// Exactly 50 characters, and a long token that does not start with "ey": neither is pushed.
	for (const token of [`ey${'a'.repeat(48)}`, `ab${'c'.repeat(80)}`]) {
		await page.evaluate((value) => {
			localStorage.setItem('4kToken', value)
			localStorage.removeItem('4kTokenSynced')
		}, token)
		await signedInStart(page, '/')
		expect(tokenPushes).toEqual([])
	}
	expect(await accountToken(page)).toBeNull()

	// 51 characters starting with "ey": pushed once, with its toast, and the account holds it.
	const token = `eyJhbGciOiJIUzI1NiJ9.${'x'.repeat(30)}`
	expect(token).toHaveLength(51)
	await page.evaluate((value) => localStorage.setItem('4kToken', value), token)
	await signedInStart(page, '/')
	expect(tokenPushes.map((body) => JSON.parse(body) as unknown)).toEqual([{ token }])
	await expect(page.getByText('Your 4k token has been synced to your account.')).toBeVisible()
	expect(await accountToken(page)).toBe(token)
	expect(await page.evaluate(() => localStorage.getItem('4kTokenSynced'))).toBe('true')

	// Already synced: the next start does not push it again.
	await signedInStart(page, '/')
	expect(tokenPushes).toHaveLength(1)
})

test('while playing, watch progress syncs every 25 s; not while paused', async ({ page }) => {
	// A sign-up (argon2), an app start and three minutes of playback on the fake clock.
	test.slow()
	await page.goto('/faq')
	await signUp(page)
	await page.clock.install()
	await signedInStart(page, '/__playback-sync-test')
	await checkA11y(page)
	let historySyncs = 0
	page.on('request', (request) => {
		if (isPost('/api/sync/watch-history')(request)) historySyncs += 1
	})
	await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))

	// Paused (not started): a minute passes without a progress sync.
	await page.clock.runFor(60_000)
	await page.waitForTimeout(300)
	expect(historySyncs).toBe(0)

	await page.getByRole('button', { name: 'Play' }).click()
	// Progress is recorded every second, but nothing goes out before the 25 s check
	// (the page's 5 s outbox check leaves history to the player's cadence).
	await page.clock.runFor(24_000)
	await expect(page.getByTestId('watched')).toHaveText('24 s watched')
	await page.waitForTimeout(300)
	expect(historySyncs).toBe(0)
	await page.clock.runFor(1_000)
	await expect.poll(() => historySyncs).toBe(1)
	await page.clock.runFor(25_000)
	await expect.poll(() => historySyncs).toBe(2)
	await expect(page.getByTestId('watched')).toHaveText('50 s watched')

	// Pausing sends the progress reached, then nothing more while paused.
	await page.getByRole('button', { name: 'Pause' }).click()
	await expect
		.poll(
			async () =>
				(
					(await (await page.request.get('/api/users/me/watch-history')).json()) as {
						items: Record<string, { progress?: { watched: number } }>
					}
				).items['990001']?.progress?.watched,
		)
		.toBe(50)
	const afterPause = historySyncs
	await page.clock.runFor(60_000)
	await page.waitForTimeout(300)
	expect(historySyncs).toBe(afterPause)
	await expect(page.getByTestId('watched')).toHaveText('50 s watched')
})

test('playing while signed out sends nothing', async ({ page }) => {
	const syncs: string[] = []
	page.on('request', (request) => {
		if (new URL(request.url()).pathname.startsWith('/api/sync/')) syncs.push(request.url())
	})
	await page.clock.install()
	await page.goto('/__playback-sync-test')
	await waitForHydration(page)
	await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
	await page.getByRole('button', { name: 'Play' }).click()
	await page.clock.runFor(60_000)
	await expect(page.getByTestId('watched')).toHaveText('60 s watched')
	// The progress is kept on the device only.
	expect(
		await page.evaluate(
			() =>
				(JSON.parse(localStorage.getItem('media-tracking') ?? '{}') as Record<string, { progress?: { watched: number } }>)['990001']
					?.progress?.watched,
		),
	).toBe(60)
	await page.waitForTimeout(300)
	expect(syncs).toEqual([])
})
