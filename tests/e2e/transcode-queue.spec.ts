import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { E2E_SOURCES_TRANSCODE_SLOTS, E2E_TRANSCODE_SLOTS, SOURCES_ORIGIN, TRANSCODE_QUEUE_MOVIES } from '../../playwright.config.ts'
import { OWNER_ADDON_TRANSCODED } from '#tests/support/owner-addon.ts'
import { TURN_AGAIN_AFTER_PAUSE_MS } from '#app/lib/player/transcode-queue.ts'
import { FileLock, lockIsHeld } from '#server/sources/media/cache-lock.server.ts'
import { checkA11y, expect, test } from './fixtures.ts'

// Issue 25 item 7: when every transcode slot is taken, a viewer waits in line
// instead of a lookup miss. The app server has one slot (TRANSCODE_CONCURRENCY's
// default); this spec holds it as another process's transcode would (the
// slot's lock file in the server's DATA_DIR, kept fresh), so two viewers of two
// transcoded films (10-bit HEVC + EAC3 in MKV) wait: each sees "Waiting for the
// server…" with its place, and both play once the slot is given back.
// An owner add-on's stream that the stream proxy re-encodes waits in the same
// line (on the app server at SOURCES_ORIGIN, which has the add-on).
// A viewer back from a long pause whose transcode was stopped meanwhile
// waits in line again and plays on, without a reload (decision 0047).

// Both tests use the one slot of the app server.
test.describe.configure({ mode: 'serial' })

function video(page: Page) {
	return page.getByTestId('player-video')
}

async function playsPast(page: Page, seconds: number, { native = false } = {}) {
	// HLS through MediaSource (hls.js), or the playlist itself where the browser plays HLS: the transcoded stream.
	await expect
		.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentSrc), { timeout: 30_000 })
		.toMatch(native ? /\.m3u8(\?|$)/ : /^blob:/)
	await video(page).evaluate((element: HTMLVideoElement) => {
		element.muted = true
		void element.play()
	})
	await expect
		.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
		.toBeGreaterThan(seconds)
}

test('a waiting viewer sees "Waiting for the server…" and its place in line, then plays', async ({ page, browser }) => {
	test.setTimeout(120_000)
	fs.mkdirSync(E2E_TRANSCODE_SLOTS, { recursive: true })
	const slot = FileLock.tryAcquire(path.join(E2E_TRANSCODE_SLOTS, 'slot-0.lock'), 'tests/e2e/transcode-queue.spec.ts')
	expect(slot, 'the only transcode slot is free before the test').not.toBeNull()
	const keepHeld = setInterval(() => slot!.heartbeat(), 2000)
	const other = await browser.newContext()
	try {
		const [first, second] = TRANSCODE_QUEUE_MOVIES
		await page.goto(`${first!.path}?play=true`)
		await expect(page.getByTestId('player')).toBeVisible({ timeout: 30_000 })
		const waiting = page.getByRole('status').filter({ hasText: 'Waiting for the server…' })
		await expect(waiting).toHaveText('Waiting for the server… (1st in line)', { timeout: 20_000 })

		const secondPage = await other.newPage()
		await secondPage.goto(`${second!.path}?play=true`)
		await expect(secondPage.getByTestId('player')).toBeVisible({ timeout: 30_000 })
		await expect(secondPage.getByRole('status').filter({ hasText: 'Waiting for the server…' })).toHaveText(
			'Waiting for the server… (2nd in line)',
			{ timeout: 20_000 },
		)
		// Nothing plays yet, and the first viewer is still first.
		expect(await video(page).evaluate((element: HTMLVideoElement) => element.currentSrc)).toBe('')
		await expect(waiting).toHaveText('Waiting for the server… (1st in line)')
		await checkA11y(secondPage)

		// The other transcode ends: the slot is free. The first viewer plays, then (its short film transcoded) the second.
		clearInterval(keepHeld)
		slot!.release()
		await playsPast(page, 1)
		await expect(page.getByTestId('player-queue')).toHaveCount(0)
		await playsPast(secondPage, 1)
		await expect(secondPage.getByTestId('player-queue')).toHaveCount(0)
	} finally {
		clearInterval(keepHeld)
		slot?.release()
		await other.close()
	}
})

/** Plays past 1 s, pauses; meanwhile the transcode stops and the slot is taken; play waits in line, then plays on past 12 s. */
async function pauseLongWhileTheSlotIsTaken(page: Page, { native }: { native: boolean }) {
	const cache = path.dirname(E2E_TRANSCODE_SLOTS)
	const transcodeDirs = () =>
		fs.existsSync(cache)
			? fs
					.readdirSync(cache)
					.filter((name) => name.includes('-transcode-'))
					.map((name) => path.join(cache, name))
			: []
	const noJobRuns = () => transcodeDirs().every((dir) => !lockIsHeld(path.join(dir, 'job.lock')))
	// As if the transcode had been stopped (30 s without a request) before it made them.
	const dropSegmentsFrom = (first: number) => {
		for (const dir of transcodeDirs())
			for (const name of fs.readdirSync(dir)) {
				const index = /^seg-(\d+)\.ts$/.exec(name)?.[1]
				if (index !== undefined && Number(index) >= first) fs.rmSync(path.join(dir, name), { force: true })
			}
	}
	await expect.poll(noJobRuns, { timeout: 60_000 }).toBe(true)
	// The browser gets the first three segments (0-10 s) only, until the gate opens: what it had buffered when it paused.
	let openGate!: () => void
	const gate = new Promise<void>((resolve) => (openGate = resolve))
	await page.route(/\/seg-\d+\.ts$/, async (route) => {
		if (Number(/seg-(\d+)\.ts$/.exec(route.request().url())![1]) >= 3) await gate
		await route.continue().catch(() => {})
	})
	const [movie] = TRANSCODE_QUEUE_MOVIES
	await page.goto(`${movie!.path}?play=true`)
	await expect(page.getByTestId('player')).toBeVisible({ timeout: 30_000 })
	await playsPast(page, 1, { native })
	await video(page).evaluate((element: HTMLVideoElement) => element.pause())
	const pausedAt = Date.now()

	// Meanwhile its transcode stops, and another viewer's transcode takes the only slot.
	await expect.poll(noJobRuns, { timeout: 60_000 }).toBe(true)
	dropSegmentsFrom(3)
	fs.mkdirSync(E2E_TRANSCODE_SLOTS, { recursive: true })
	const slot = FileLock.tryAcquire(path.join(E2E_TRANSCODE_SLOTS, 'slot-0.lock'), 'tests/e2e/transcode-queue.spec.ts')
	expect(slot, 'the only transcode slot is free').not.toBeNull()
	const keepHeld = setInterval(() => slot!.heartbeat(), 2000)
	try {
		await page.waitForTimeout(Math.max(0, pausedAt + TURN_AGAIN_AFTER_PAUSE_MS + 1000 - Date.now()))
		openGate()
		await video(page).evaluate((element: HTMLVideoElement) => void element.play())
		// Back in line (first: nobody else waits), with no error and no reload.
		await expect(page.getByTestId('player-queue')).toHaveText('Waiting for the server… (1st in line)', { timeout: 20_000 })
		await expect(page.getByTestId('player-error')).toHaveCount(0)

		// The other transcode ends: this viewer's restarts where its buffer ends, and it plays on past it.
		clearInterval(keepHeld)
		slot!.release()
		await expect
			.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 60_000 })
			.toBeGreaterThan(12)
		await expect(page.getByTestId('player-queue')).toHaveCount(0)
		await expect(page.getByTestId('player-error')).toHaveCount(0)
	} finally {
		clearInterval(keepHeld)
		slot?.release()
	}
}

test('a viewer back from a long pause whose transcode stopped waits in line again, then plays on without a reload', async ({ page }) => {
	test.setTimeout(150_000)
	await pauseLongWhileTheSlotIsTaken(page, { native: false })
})

test('without MediaSource (the browser’s own HLS, as on iPhones before iOS 17.1) the same viewer waits in line too, then plays on', async ({
	page,
}) => {
	test.setTimeout(150_000)
	// hls.js needs MediaSource; without it the player hands the playlist to the browser, which plays HLS itself.
	await page.addInitScript(() => {
		for (const name of ['MediaSource', 'ManagedMediaSource', 'WebKitMediaSource'])
			Object.defineProperty(window, name, { value: undefined, configurable: true })
	})
	await pauseLongWhileTheSlotIsTaken(page, { native: true })
})

test.describe('an add-on stream re-encoded by the stream proxy', () => {
	test.use({ baseURL: SOURCES_ORIGIN })

	test('its viewer sees "Waiting for the server…" and its place in line, then plays', async ({ page }) => {
		test.setTimeout(120_000)
		fs.mkdirSync(E2E_SOURCES_TRANSCODE_SLOTS, { recursive: true })
		const slot = FileLock.tryAcquire(path.join(E2E_SOURCES_TRANSCODE_SLOTS, 'slot-0.lock'), 'tests/e2e/transcode-queue.spec.ts')
		expect(slot, 'the only transcode slot is free before the test').not.toBeNull()
		const keepHeld = setInterval(() => slot!.heartbeat(), 2000)
		try {
			await page.goto(`${OWNER_ADDON_TRANSCODED.path}?play=true`)
			await expect(page.getByTestId('player')).toBeVisible({ timeout: 30_000 })
			await expect(page.getByTestId('player-queue')).toHaveText('Waiting for the server… (1st in line)', { timeout: 30_000 })
			expect(await video(page).evaluate((element: HTMLVideoElement) => element.currentSrc)).toBe('')

			clearInterval(keepHeld)
			slot!.release()
			await playsPast(page, 1)
			await expect(page.getByTestId('player-queue')).toHaveCount(0)
			await expect(page.getByTestId('player-error')).toHaveCount(0)
		} finally {
			clearInterval(keepHeld)
			slot?.release()
		}
	})
})
