import type { Page } from '@playwright/test'
import { browsePages, expect, test } from './fixtures.ts'

// Issue 27, decision 0069: an endless animation makes the browser draw a frame every 16 ms, and on a
// phone (or Lighthouse's software compositing) that work takes the cores the page needs while it
// loads and hydrates. The /bookmarks skeletons pulsing from the first paint doubled its Total Blocking
// Time on a 2-core machine. Skeletons start pulsing only once a visitor has waited a second.

/** The endless animations of the page that start within its first second, by element and animation name. */
async function earlyEndlessAnimations(page: Page): Promise<string[]> {
	return page.evaluate(() =>
		document
			.getAnimations()
			.filter((animation) => {
				const timing = animation.effect?.getComputedTiming()
				return timing !== undefined && timing.iterations === Infinity && Number(timing.delay ?? 0) < 1_000
			})
			.map((animation) => {
				const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null
				const name = animation instanceof CSSAnimation ? animation.animationName : animation.id
				return `${target?.tagName.toLowerCase() ?? '?'}.${target?.getAttribute('class')?.split(' ').slice(0, 3).join('.') ?? ''} ${name}`
			}),
	)
}

test('no browse page starts an endless animation in its first second @mobile', async ({ page, request }) => {
	for (const [label, path] of await browsePages(request)) {
		// As first painted: the server's HTML with its loading states, before the page's code runs.
		await page.goto(path, { waitUntil: 'domcontentloaded' })
		expect(await earlyEndlessAnimations(page), label).toEqual([])
		await page.waitForLoadState('load')
		expect(await earlyEndlessAnimations(page), `${label}, once loaded`).toEqual([])
	}
})

test('a skeleton still pulses once a visitor has waited a second', async ({ page }) => {
	await page.goto('/bookmarks', { waitUntil: 'domcontentloaded' })
	const pulse = await page.evaluate(() => {
		const skeleton = document.querySelector('.animate-pulse')
		if (!skeleton) return undefined
		const style = getComputedStyle(skeleton)
		return { name: style.animationName, delay: style.animationDelay, iterations: style.animationIterationCount }
	})
	expect(pulse).toEqual({ name: 'pulse', delay: '1s', iterations: 'infinite' })
})
