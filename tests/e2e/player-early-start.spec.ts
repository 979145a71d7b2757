import type { Page } from '@playwright/test'
import { narrowLookup } from '#tests/support/narrow-lookup.ts'
import { expect, holdRequests, test, waitForHydration } from './fixtures.ts'

// Decision 0056: a file stream starts at the Watch click, in the click's own
// task, and plays in a bare full-screen shell while the player's code loads;
// the player then takes that same <video>, which carries on (no second
// request, no restart), at the quality, saved point and volume the player
// would have chosen. The player's chunk is held back here, so the shell's
// moment lasts as long as the test needs.

const MOVIE = '/movies/10378-big-buck-bunny'

/** Holds the player's code until the returned function is called. */
async function holdPlayerCode(page: Page) {
	return holdRequests(page, /\/assets\/player-[\w-]{8}\.js$/)
}

async function pressWatch(page: Page) {
	await page.goto(MOVIE)
	await waitForHydration(page)
	const watch = page.locator('main').getByTestId('watch-button')
	await expect(watch).toHaveAttribute('data-phase', 'found', { timeout: 15_000 })
	// A device that has stored choices (the saved point) reads them with code loaded after hydration.
	await expect(watch).toHaveAttribute('data-start-choices', 'ready')
	await watch.click()
}

const shellVideo = (page: Page) => page.locator('[data-testid="player-loading"] video[data-testid="player-video"]')
const playerVideo = (page: Page) => page.locator('[data-testid="player"] video[data-testid="player-video"]')

test('the video plays from the Watch click while the controls load, and the player carries the same element on @mobile', async ({
	page,
}) => {
	await narrowLookup(page, 'file')
	const release = await holdPlayerCode(page)
	const fileRequests: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'media') fileRequests.push(new URL(request.url()).pathname)
	})
	await pressWatch(page)

	// Before any of the player's code has run: the first frames are on screen in the shell, at the remembered volume.
	await expect
		.poll(() => shellVideo(page).evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
		.toBeGreaterThan(0.2)
	await expect(page.getByTestId('player')).toHaveCount(0)
	const early = await shellVideo(page).evaluate((video: HTMLVideoElement) => {
		;(video as HTMLVideoElement & { startedEarly?: boolean }).startedEarly = true
		return { volume: video.volume, paused: video.paused, time: video.currentTime, src: video.currentSrc }
	})
	expect(early).toMatchObject({ volume: 0.1, paused: false })

	release()
	await expect(page.getByTestId('player')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 })
	await expect(page.getByTestId('player-loading')).toHaveCount(0)
	await expect(page).toHaveURL(/\?play=true$/)
	// The same element, moved into the player: still playing from where it was, the same file, one element on the page.
	const adopted = await playerVideo(page).evaluate((video: HTMLVideoElement) => ({
		startedEarly: (video as HTMLVideoElement & { startedEarly?: boolean }).startedEarly ?? false,
		paused: video.paused,
		time: video.currentTime,
		src: video.currentSrc,
	}))
	expect(adopted).toMatchObject({ startedEarly: true, paused: false, src: early.src })
	expect(adopted.time).toBeGreaterThanOrEqual(early.time)
	await expect(page.locator('video')).toHaveCount(1)
	expect(new Set(fileRequests).size).toBe(1)
	// The player's controls drive it: pause from the control bar.
	await page.getByTestId('player').hover()
	await page.locator('media-play-button').click()
	await expect(page.getByTestId('player')).toHaveAttribute('data-state', 'paused')
})

test('a saved point: the early video starts there, and the player does not seek again @mobile', async ({ page }) => {
	test.slow() // two page loads and two playbacks: 26-31 s with two workers on a 2-core machine
	await narrowLookup(page, 'file')
	// Watch, seek to 12 s and pause (saved at once), close.
	await pressWatch(page)
	await expect
		.poll(() => playerVideo(page).evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
		.toBeGreaterThan(0.2)
	await playerVideo(page).evaluate((video: HTMLVideoElement) => {
		video.currentTime = 12
		video.pause()
	})
	await page.keyboard.press('Escape')
	await expect(page.getByTestId('player')).toHaveCount(0)

	// A fresh page: the player's code is not loaded yet, and is held.
	const release = await holdPlayerCode(page)
	await page.addInitScript(() => {
		const seeks: number[] = []
		;(window as unknown as { seeks: number[] }).seeks = seeks
		document.addEventListener('seeking', (event) => seeks.push((event.target as HTMLVideoElement).currentTime), true)
	})
	await pressWatch(page)
	await expect
		.poll(() => shellVideo(page).evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
		.toBeGreaterThan(12)
	release()
	await expect(page.getByTestId('player')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 })
	expect(await playerVideo(page).evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(12)
	// One jump to the saved point (the early video's), none back to it by the player.
	const seeks = await page.evaluate(() => (window as unknown as { seeks: number[] }).seeks)
	expect(seeks.length).toBe(1)
	expect(Math.abs(seeks[0]! - 12)).toBeLessThanOrEqual(1)
})

test('closed before the controls load: the early video stops and nothing is left playing @mobile', async ({ page }) => {
	await narrowLookup(page, 'file')
	const release = await holdPlayerCode(page)
	await pressWatch(page)
	await expect
		.poll(() => shellVideo(page).evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
		.toBeGreaterThan(0.2)
	// The shell's Back closes it, as the player's does.
	await page.getByTestId('player-loading').getByTestId('player-back').click()
	await expect(page.getByTestId('player-loading')).toHaveCount(0)
	await expect(page).toHaveURL(new RegExp(`${MOVIE}$`))
	await expect(page.locator('main').getByTestId('watch-button')).toBeFocused()
	release()
	await page.waitForTimeout(500)
	await expect(page.getByTestId('player')).toHaveCount(0)
	await expect(page.locator('video')).toHaveCount(0)
})
