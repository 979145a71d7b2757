import type { Page } from '@playwright/test'
import { FOURK_TEST_TOKEN, SOURCES_ORIGIN } from '../../playwright.config.ts'
import { OWNER_ADDON_NAME } from '#tests/support/owner-addon.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

// The owner's paths in Chromium, each played until currentTime passes 3 s: a real
// stremio-addon-sdk add-on on its own loopback address (STREMIO_ADDONS of the app server
// at SOURCES_ORIGIN), the reference 4K token service with a real clip, and watch progress
// synced by the real player (not the stand-in page) and resumed on another device.

// A cold app server's first lookup, a sign-up (argon2) and 3 s of real playback on a shared machine.
test.describe.configure({ timeout: 90_000 })

const FIGHT_CLUB = '/movies/550-fight-club?play=true'
const THE_MATRIX = '/movies/603-the-matrix?play=true'
const BIG_BUCK_BUNNY = '/movies/10378-big-buck-bunny?play=true'

function video(page: Page) {
	return page.getByTestId('player-video')
}

async function currentTime(page: Page) {
	return video(page).evaluate((element: HTMLVideoElement) => element.currentTime)
}

async function playsPast(page: Page, seconds: number) {
	await expect(page.getByTestId('player')).toBeVisible({ timeout: 20_000 })
	await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(seconds)
}

/** Big Buck Bunny's progress as the device holds it (product.md's media-tracking key). */
function localWatched(page: Page) {
	return page.evaluate(
		() =>
			(JSON.parse(localStorage.getItem('media-tracking') ?? '{}') as Record<string, { progress?: { watched: number } }>)['10378']?.progress
				?.watched ?? 0,
	)
}

async function signUp(page: Page) {
	const username = `own${Date.now().toString(36)}${process.pid % 1000}${Math.floor(Math.random() * 1000)}`
	const password = 'sea shanty 99'
	const response = await page.request.post('/api/auth/signup', {
		data: { username, email: `${username}@example.com`, password, passwordConfirm: password },
	})
	expect(response.status()).toBe(201)
	return { username, password }
}

test.describe('an owner add-on', () => {
	test.use({ baseURL: SOURCES_ORIGIN })

	test('its stream of The Matrix plays past 3 s', async ({ page }) => {
		await page.goto(THE_MATRIX)
		await playsPast(page, 3)
		// The stream the add-on listed is the one playing.
		await page.getByTestId('player-source-button').click()
		await expect(page.getByTestId('player-panel-source').getByRole('button', { name: OWNER_ADDON_NAME })).toHaveAttribute(
			'aria-pressed',
			'true',
		)
		// The add-on's clip: 480p (the sample clips' first stream is 1080p).
		expect(await video(page).evaluate((element: HTMLVideoElement) => element.videoHeight)).toBe(480)
	})
})

test('the reference 4K service’s stream plays past 3 s with the device’s token', async ({ page }) => {
	await page.goto('/faq')
	await waitForHydration(page)
	await page.evaluate((token) => localStorage.setItem('4kToken', token), FOURK_TEST_TOKEN)
	await page.goto(FIGHT_CLUB)
	await playsPast(page, 3)
	// The 4K service's stream is the one playing (a real 720p clip under its 2160p name; the sample clips are listed too).
	await page.getByTestId('player-source-button').click()
	await expect(page.getByTestId('player-panel-source').getByRole('button', { name: '4K service' })).toHaveAttribute('aria-pressed', 'true')
})

test('the real player syncs progress, and another device resumes there @pg', async ({ page, browser }) => {
	await page.goto('/faq')
	await waitForHydration(page)
	const account = await signUp(page)
	await page.goto(BIG_BUCK_BUNNY)
	await playsPast(page, 3)
	await video(page).evaluate((element: HTMLVideoElement) => {
		element.currentTime = 12
	})
	// The player records progress on the device every 2 s while playing (§9); pausing then sends it to the account.
	await expect.poll(() => localWatched(page), { timeout: 10_000 }).toBeGreaterThan(12)
	await page.keyboard.press('k')
	await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true)
	const watched = async () => {
		const body = (await (await page.request.get('/api/users/me/watch-history')).json()) as {
			items: Record<string, { progress?: { watched: number } }>
		}
		return body.items['10378']?.progress?.watched ?? 0
	}
	await expect.poll(watched, { timeout: 15_000 }).toBeGreaterThan(12)
	const saved = await watched()

	// Another device (another app server, when E2E_SECOND_ORIGIN names one) signs in and resumes there.
	const other = await browser.newContext(process.env.E2E_SECOND_ORIGIN ? { baseURL: process.env.E2E_SECOND_ORIGIN } : {})
	try {
		const laptop = await other.newPage()
		const login = await laptop.request.post('/api/auth/login', { data: { username: account.username, password: account.password } })
		expect(login.status()).toBe(200)
		await laptop.goto('/')
		await waitForHydration(laptop)
		await expect.poll(() => localWatched(laptop), { timeout: 15_000 }).toBeGreaterThan(12)
		await laptop.goto(BIG_BUCK_BUNNY)
		await expect(laptop.getByTestId('player')).toBeVisible({ timeout: 20_000 })
		await expect.poll(() => currentTime(laptop), { timeout: 20_000 }).toBeGreaterThan(saved - 1)
	} finally {
		await other.close()
	}
})
