import type { Page } from '@playwright/test'
import { checkA11y, expect, test } from './fixtures.ts'

// Whole episodes and several layouts per test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

// Up next (product.md §4): from 93 % a card names the next episode and counts
// down to the 99.5 % advance, with Play now and Cancel; after the last
// playable episode (S1E3 of the sample: E4 has no stream) the card says so
// and playback ends on the player.

const EPISODE = (number: number) => `/series/66732-stranger-things/1/${number}?play=true`

function video(page: Page) {
	return page.getByTestId('player-video')
}

async function openEpisode(page: Page, number: number) {
	await page.goto(EPISODE(number))
	await expect(page.getByTestId('player')).toBeVisible({ timeout: 15_000 })
	await expect
		.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
		.toBeGreaterThan(0.1)
	return video(page).evaluate((element: HTMLVideoElement) => element.duration)
}

async function pauseAt(page: Page, seconds: number) {
	await video(page).evaluate((element: HTMLVideoElement, at) => {
		element.pause()
		element.currentTime = at
	}, seconds)
}

test('S1E1: the up-next card names S1E2 and counts down to the advance @mobile', async ({ page }) => {
	const duration = await openEpisode(page, 1)
	const card = page.getByTestId('player-up-next')
	await pauseAt(page, duration * 0.9)
	await expect(card).toHaveCount(0)
	await pauseAt(page, duration * 0.94)
	await expect(card).toBeVisible()
	await expect(card.getByTestId('player-up-next-title')).toHaveText(/^S1E2 · \S/)
	await expect(card.getByRole('button', { name: 'Play now' })).toBeVisible()
	await expect(card.getByRole('button', { name: 'Cancel' })).toBeVisible()
	const seconds = (text: string | null) => Number(/Playing in (\d+) s/.exec(text ?? '')?.[1] ?? Number.NaN)
	const countdown = card.getByTestId('player-up-next-countdown')
	const first = seconds(await countdown.textContent())
	expect(first).toBe(Math.ceil(duration * 0.995 - duration * 0.94))
	await pauseAt(page, duration * 0.98)
	await expect.poll(async () => seconds(await countdown.textContent())).toBeLessThan(first)
	await checkA11y(page)
	await video(page).evaluate((element: HTMLVideoElement) => void element.play())
	await expect(page).toHaveURL(/\/series\/66732-stranger-things\/1\/2\?play=true$/, { timeout: 15_000 })
	await expect(page.getByTestId('player')).toBeVisible({ timeout: 15_000 })
})

test('S1E1: Cancel hides the card and the episode ends without moving on', async ({ page }) => {
	const duration = await openEpisode(page, 1)
	await pauseAt(page, duration * 0.95)
	await page.getByTestId('player-up-next').getByRole('button', { name: 'Cancel' }).click()
	await expect(page.getByTestId('player-up-next')).toHaveCount(0)
	await video(page).evaluate((element: HTMLVideoElement) => void element.play())
	await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.ended), { timeout: 15_000 }).toBe(true)
	await expect(page).toHaveURL(/\/1\/1\?play=true$/)
})

test('S1E3: E4 has nothing to play, so the card says so and playback ends on the player @mobile', async ({ page }) => {
	const duration = await openEpisode(page, 3)
	await pauseAt(page, duration * 0.95)
	const card = page.getByTestId('player-up-next')
	await expect(card.getByTestId('player-up-next-unavailable')).toHaveText("Episode 4 isn't available to play", { timeout: 15_000 })
	await expect(card.getByRole('button', { name: 'Play now' })).toHaveCount(0)
	await video(page).evaluate((element: HTMLVideoElement) => void element.play())
	await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.ended), { timeout: 15_000 }).toBe(true)
	// Give a late advance its chance before checking it did not happen.
	await page.waitForTimeout(1500)
	await expect(page).toHaveURL(/\/1\/3\?play=true$/)
	await expect(page.getByTestId('player')).toBeVisible()
	await expect(page.getByTestId('player-error')).toHaveCount(0)
})
