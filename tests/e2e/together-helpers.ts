import type { BrowserContext, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

// What the watch-together specs share: accounts, and reading the members' videos.

export async function signUp(context: BrowserContext, origin: string, name: string) {
	const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
	const response = await context.request.post(`${origin}/api/auth/signup`, {
		data: {
			username: `${name}${tag}`,
			email: `${name}.${tag}@example.com`,
			password: 'together password',
			passwordConfirm: 'together password',
		},
	})
	expect(response.status()).toBe(201)
	return `${name}${tag}`
}

export function video(page: Page) {
	return page.getByTestId('player-video')
}

export function currentTime(page: Page) {
	return video(page).evaluate((element: HTMLVideoElement) => element.currentTime)
}

/**
 * Every page's position at one instant: each page reads its video with the
 * time it read it (one clock on one machine), and the readings are brought to
 * the latest of those times, so a slow evaluate does not count as drift.
 */
export async function times(pages: Page[]) {
	const readings = await Promise.all(
		pages.map((page) =>
			video(page).evaluate((element: HTMLVideoElement) => ({
				at: Date.now(),
				time: element.currentTime,
				rate: element.paused ? 0 : element.playbackRate,
			})),
		),
	)
	const instant = Math.max(...readings.map((reading) => reading.at))
	return readings.map((reading) => reading.time + ((instant - reading.at) / 1000) * reading.rate)
}

export function spread(values: number[]) {
	return Math.max(...values) - Math.min(...values)
}
