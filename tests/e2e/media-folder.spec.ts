import { MEDIA_FOLDER_MOVIE } from '../../playwright.config.ts'
import { expect, test } from './fixtures.ts'

// A film from the owner's media folder, as owners' files are: an MKV encoded
// with x264's defaults (keyframes ~10 s apart, AC3 + AAC, ASS + SRT), which
// a browser cannot play as it is, remuxed to HLS on its own keyframes. It
// plays from start to end without going back (no footage twice), lasts as
// long as the file, and a seek to 80 % lands there.

declare global {
	interface Window {
		playedTimes?: number[]
	}
}

test('plays a long-GOP MKV from the media folder from start to end, then seeks to 80 %', async ({ page }) => {
	test.setTimeout(120_000)
	await page.goto(`${MEDIA_FOLDER_MOVIE.path}?play=true`)
	await expect(page.getByTestId('player')).toBeVisible({ timeout: 30_000 })
	const video = page.getByTestId('player-video')
	// HLS through MediaSource: the remuxed stream (this film has no sample clip).
	await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc), { timeout: 30_000 }).toMatch(/^blob:/)
	await video.evaluate((element: HTMLVideoElement) => {
		window.playedTimes = [element.currentTime]
		element.addEventListener('timeupdate', () => window.playedTimes!.push(element.currentTime))
		element.muted = true
		element.playbackRate = 2
		void element.play()
	})
	await expect
		.poll(() => video.evaluate((element: HTMLVideoElement) => element.ended || element.currentTime >= element.duration - 0.3), {
			timeout: 60_000,
		})
		.toBe(true)
	const { times, duration } = await video.evaluate((element: HTMLVideoElement) => ({
		times: window.playedTimes!,
		duration: element.duration,
	}))
	// The playlist lasts as long as the file (it listed 49.7 s when footage repeated).
	expect(Math.abs(duration - MEDIA_FOLDER_MOVIE.seconds)).toBeLessThanOrEqual(0.5)
	expect(times.length).toBeGreaterThan(10)
	for (let index = 1; index < times.length; index++) expect(times[index]!, `time update ${index}`).toBeGreaterThanOrEqual(times[index - 1]!)
	expect(times.at(-1)!).toBeGreaterThanOrEqual(duration - 0.5)

	const target = duration * 0.8
	const landed = await video.evaluate(
		(element: HTMLVideoElement, at: number) =>
			new Promise<number>((resolve) => {
				element.addEventListener('seeked', () => resolve(element.currentTime), { once: true })
				element.currentTime = at
			}),
		target,
	)
	expect(Math.abs(landed - target)).toBeLessThanOrEqual(1)
	// And it plays on from there.
	await video.evaluate((element: HTMLVideoElement) => void element.play())
	await expect
		.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
		.toBeGreaterThan(target + 0.5)
})
