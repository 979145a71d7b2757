import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startServerProcess, type ServerProcess } from '#tests/support/servers.ts'
import { expect, test } from './fixtures.ts'
import { currentTime, signUp, spread, times, video } from './together-helpers.ts'

// Watch together with a member whose browser blocks autoplay (issue 29): Bob's
// Chromium runs with --autoplay-policy=user-gesture-required, so his player
// may start muted but never with sound until he taps. He joins Ann's room
// while it plays, is asked to "Tap to join playback", and the tap brings the
// sound without leaving the room's step. An app server of its own (SQLite)
// plays Big Buck Bunny from a media folder: the 30 s sample looped to 2
// minutes, so the room never reaches the end, whatever the machine's load.
//
// Every Playwright query of a page (and a trace's snapshot of it) runs as a
// user gesture there, which would let Bob's page start the sound: no trace in
// this file, and Bob's page is watched from inside (its console) until the tap shows.
test.use({ trace: 'off' })
test.describe.configure({ mode: 'serial', timeout: 180_000 })

const TITLE = '/movies/10378-big-buck-bunny?play=true'
let server: ServerProcess
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-together-autoplay-'))

test.beforeAll(async () => {
	test.setTimeout(240_000)
	const name = 'Big Buck Bunny (2008) {tmdb-10378}'
	fs.mkdirSync(path.join(mediaDir, 'Movies', name), { recursive: true })
	execFileSync('ffmpeg', [
		...['-v', 'error', '-stream_loop', '3', '-i', 'server/sources/sample/clips/sample-480.mp4'],
		...['-c', 'copy', '-movflags', '+faststart', path.join(mediaDir, 'Movies', name, `${name}.mp4`)],
	])
	server = await startServerProcess(
		{ MEDIA_DIR: mediaDir, SAMPLE_MEDIA: 'off', SOURCE_LOOKUPS_PER_MINUTE: '100000' },
		{ timeoutMs: 180_000 },
	)
})

test.afterAll(async () => {
	await server?.stop()
	fs.rmSync(mediaDir, { recursive: true, force: true })
})

test('a member whose browser blocks autoplay gets "Tap to join playback"; the tap brings the sound, in step with the room', async ({
	browser,
	playwright,
	launchOptions,
}) => {
	// Bob's Chromium starts a video with sound only from a gesture on the page (as phones do); a muted one may play.
	const strict = await playwright.chromium.launch({
		...launchOptions,
		args: [...(launchOptions.args ?? []), '--autoplay-policy=user-gesture-required'],
	})
	const annContext = await browser.newContext()
	const bobContext = await strict.newContext({ serviceWorkers: 'block' })
	await signUp(annContext, server.origin, 'ann')
	await signUp(bobContext, server.origin, 'bob')
	await expect
		.poll(async () => (await annContext.request.get(`${server.origin}/api/sources/lookup?type=movie&tmdbId=10378`)).text(), {
			timeout: 90_000,
		})
		.toContain('library:')

	// Ann starts a room and plays.
	const ann = await annContext.newPage()
	await ann.goto(`${server.origin}${TITLE}`)
	await expect(ann.getByTestId('player')).toBeVisible({ timeout: 30_000 })
	await ann.getByTestId('together-button').click()
	await ann.getByTestId('together-start').click()
	const roomPath = new URL(await ann.getByTestId('together-link').inputValue()).pathname
	await expect(ann.getByTestId('together-status')).toHaveText(/^Watching together · 1/, { timeout: 30_000 })
	// The room takes the viewer's play once the player's own start after joining is over (2 s): press until it does.
	await expect
		.poll(
			async () => {
				await video(ann).evaluate((element: HTMLVideoElement) => void element.play())
				return ann.getByTestId('together-status').textContent()
			},
			{ timeout: 20_000, intervals: [1000] },
		)
		.toContain(' played')
	await expect.poll(() => currentTime(ann), { timeout: 20_000 }).toBeGreaterThan(1)

	// Bob opens the link. Every Playwright query of a page runs as a user gesture, which would let
	// the page start the sound: until the tap shows, Bob's page is only watched from inside (its console).
	await bobContext.addInitScript(() => {
		const observer = new MutationObserver(() => {
			const tap = document.querySelector('[data-testid="together-tap"]')
			const video = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')
			if (!tap || !video) return
			observer.disconnect()
			console.log(`together-tap ${JSON.stringify({ text: tap.textContent, muted: video.muted })}`)
		})
		document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }))
	})
	const bobPage = await bobContext.newPage()
	const tapShown = bobPage.waitForEvent('console', {
		predicate: (message) => message.text().startsWith('together-tap '),
		timeout: 60_000,
	})
	await bobPage.goto(`${server.origin}${roomPath}`)
	const shown = JSON.parse((await tapShown).text().slice('together-tap '.length)) as { text: string; muted: boolean }
	expect(shown).toEqual({ text: 'Tap to join playback', muted: true })
	// Without sound Bob's video still keeps up with the room, and the room plays on for Ann.
	await expect(ann.getByTestId('together-status')).toHaveText(/^Watching together · 2/, { timeout: 30_000 })
	await expect.poll(async () => spread(await times([ann, bobPage])), { timeout: 20_000 }).toBeLessThan(0.5)

	// The tap brings Bob's sound, and he stays in step.
	const tap = bobPage.getByTestId('together-tap')
	await tap.click()
	await expect(tap).toHaveCount(0)
	await expect
		.poll(() => video(bobPage).evaluate((element: HTMLVideoElement) => ({ paused: element.paused, muted: element.muted })))
		.toEqual({ paused: false, muted: false })
	const tapped = await currentTime(ann)
	await ann.waitForTimeout(3000)
	const after = await times([ann, bobPage])
	expect(Math.min(...after)).toBeGreaterThan(tapped + 2.5)
	expect(spread(after), `currentTimes ${after.join(', ')}`).toBeLessThan(0.5)
	await annContext.close()
	await bobContext.close()
	await strict.close()
})
