import type { Page } from '@playwright/test'
import { checkA11y, expect, test } from './fixtures.ts'

// Whole episodes and several layouts per test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

// The player's layout on a desktop and a 390x844 phone (product.md §2): one
// row of controls, the time never cut, the subtitles above every control at
// 100 % and at the largest size (during the intro, with Skip Intro shown, and
// later), and its menus used by keyboard alone.

const BIG_BUCK_BUNNY = '/movies/10378-big-buck-bunny?play=true'

function video(page: Page) {
	return page.getByTestId('player-video')
}

async function openPlayer(page: Page) {
	await page.goto(BIG_BUCK_BUNNY)
	await expect(page.getByTestId('player')).toBeVisible({ timeout: 15_000 })
	await expect
		.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
		.toBeGreaterThan(0.3)
}

/** Pauses at `seconds` (paused, media-chrome keeps the controls shown) and waits for a subtitle line. */
async function pauseAt(page: Page, seconds: number) {
	await video(page).evaluate((element: HTMLVideoElement, at) => {
		element.pause()
		element.currentTime = at
	}, seconds)
	await page.getByTestId('player').hover({ position: { x: 10, y: 200 } })
	await expect(page.getByTestId('player-cue').first()).toBeVisible({ timeout: 10_000 })
}

interface Box {
	name: string
	left: number
	top: number
	right: number
	bottom: number
}

/** Runs in the page: the subtitle box, every visible control's box, and the time display's widths. */
function measure() {
	const box = (element: Element, name: string): Box => {
		const rect = element.getBoundingClientRect()
		return { name, left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom }
	}
	const player = document.querySelector('[data-testid="player"]')!
	const cues = Array.from(player.querySelectorAll('[data-testid="player-cue"]')).map((cue) => box(cue, 'cue'))
	const bar = player.querySelector('[data-testid="player-control-bar"]')!
	const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
	const controls = [
		...Array.from(bar.children).filter(shown),
		...Array.from(player.querySelectorAll('[data-testid="player-bottom-stack"] button, [data-testid="player-up-next"]')).filter(shown),
	].map((element) => box(element, element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName.toLowerCase()))
	const time = player.querySelector('[data-testid="player-time"]') as HTMLElement
	const barRect = bar.getBoundingClientRect()
	return {
		cues,
		controls,
		time: { scrollWidth: time.scrollWidth, clientWidth: time.clientWidth, text: time.shadowRoot?.textContent?.trim() ?? '' },
		barHeight: barRect.height,
		barOpacity: Number(getComputedStyle(bar).opacity),
		// One row: every control's box spans a common horizontal line.
		rows:
			Math.max(
				...Array.from(bar.children)
					.filter(shown)
					.map((element) => element.getBoundingClientRect().top),
			) <
			Math.min(
				...Array.from(bar.children)
					.filter(shown)
					.map((element) => element.getBoundingClientRect().bottom),
			)
				? 1
				: 2,
	}
}

const intersects = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5

async function expectClearLayout(page: Page, label: string) {
	await expect.poll(async () => (await page.evaluate(measure)).barOpacity, { message: `${label}: controls shown` }).toBeGreaterThan(0.9)
	const layout = await page.evaluate(measure)
	expect(layout.cues.length, `${label}: a subtitle line shows`).toBeGreaterThan(0)
	const overlaps = layout.controls.flatMap((control) =>
		layout.cues.filter((cue) => intersects(cue, control)).map(() => `${control.name} covers the subtitles`),
	)
	expect(overlaps, label).toEqual([])
	expect(layout.time.scrollWidth, `${label}: time "${layout.time.text}" is not cut`).toBeLessThanOrEqual(layout.time.clientWidth)
	expect(layout.rows, `${label}: one row of controls`).toBe(1)
}

/** Opens a menu by its button, or on a phone through More. */
async function openMenu(page: Page, name: 'settings' | 'quality') {
	// A moving pointer shows the controls (they hide after 3 s while playing).
	await page.getByTestId('player').hover({ position: { x: 20, y: 200 } })
	await page.getByTestId('player').hover({ position: { x: 40, y: 220 } })
	const direct = page.getByTestId(`player-${name}-button`)
	if (await direct.isVisible()) await direct.click()
	else {
		await page.getByTestId('player-more-button').click()
		await page.getByTestId(`player-more-${name}`).click()
	}
}

test('subtitles stay above every control at 100 % and 200 %, during the intro and later; the time is never cut @mobile', async ({
	page,
}) => {
	await openPlayer(page)
	await pauseAt(page, 2)
	await expect(page.getByRole('button', { name: 'Skip Intro' })).toBeVisible()
	await expectClearLayout(page, '100 %, intro')
	await pauseAt(page, 14)
	await expectClearLayout(page, '100 %, later')

	await openMenu(page, 'settings')
	for (let step = 0; step < 10; step++) await page.getByRole('button', { name: 'Larger subtitles' }).click()
	await expect(page.getByTestId('player-subtitle-size')).toHaveText('200%')
	await page.keyboard.press('Escape')
	await expect(page.getByTestId('player-panel-settings')).toHaveCount(0)
	await pauseAt(page, 2)
	await expect(page.getByRole('button', { name: 'Skip Intro' })).toBeVisible()
	await expectClearLayout(page, '200 %, intro')
	await pauseAt(page, 14)
	await expectClearLayout(page, '200 %, later')
	await checkA11y(page)
})

test('the controls fit one row at 360 px @mobile-only', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 })
	await openPlayer(page)
	await pauseAt(page, 14)
	await expectClearLayout(page, '360 px')
	const bar = (await page.getByTestId('player-control-bar').boundingBox())!
	expect(bar.x + bar.width).toBeLessThanOrEqual(360)
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
	// Every control the bar shows ends on screen (the bar clips, so its own box says nothing of them), and the rest are behind More.
	const pastEdge = await page
		.getByTestId('player-control-bar')
		.evaluate((element) =>
			[...element.children]
				.filter((child) => child.getBoundingClientRect().width > 0 && child.getBoundingClientRect().right > window.innerWidth + 0.5)
				.map((child) => child.getAttribute('data-testid') ?? child.tagName),
		)
	expect(pastEdge).toEqual([])
	await expect(page.getByTestId('player-more-button')).toBeVisible()
	// Watch together sits below the top bar on a phone, never over the breadcrumb.
	const crumbs = (await page.getByTestId('player-back').locator('..').boundingBox())!
	const together = await page.getByRole('button', { name: 'Watch together' }).boundingBox()
	if (together) expect(together.y).toBeGreaterThanOrEqual(crumbs.y + crumbs.height)
})

test('menus by keyboard: arrows move inside, Tab stays inside, choosing keeps focus, Escape returns to the button @mobile', async ({
	page,
}) => {
	await openPlayer(page)
	await openMenu(page, 'quality')
	const panel = page.getByTestId('player-panel-quality')
	await expect(panel).toBeVisible()
	const focusInPanel = () =>
		page.evaluate(() => document.querySelector('[data-testid="player-panel-quality"]')?.contains(document.activeElement) ?? false)
	// Focus went into the menu, onto the quality playing now.
	await expect.poll(focusInPanel).toBe(true)
	await expect(panel.getByRole('radio', { checked: true })).toBeFocused()
	const playing = await panel
		.getByRole('radio', { checked: true })
		.getAttribute('value')
		.catch(() => null)
	await page.keyboard.press('ArrowUp')
	// Arrows move without choosing.
	await expect(panel.getByRole('radio', { checked: true })).not.toBeFocused()
	expect(
		await panel
			.getByRole('radio', { checked: true })
			.getAttribute('value')
			.catch(() => null),
	).toBe(playing)
	for (let step = 0; step < 6; step++) {
		await page.keyboard.press('Tab')
		expect(await focusInPanel(), `after ${step + 1} Tab presses`).toBe(true)
	}
	await panel.getByRole('radio', { name: '480p', exact: true }).focus()
	const before = await video(page).evaluate((element: HTMLVideoElement) => element.currentSrc)
	await page.keyboard.press('Enter')
	await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentSrc)).not.toBe(before)
	// Choosing keeps the menu open and focus on the choice, not on <body>.
	await expect(panel.getByRole('radio', { name: '480p', exact: true })).toBeChecked()
	await expect(panel.getByRole('radio', { name: '480p', exact: true })).toBeFocused()
	// Escape closes the menu (not the player) and focus returns to the menu's button.
	await page.keyboard.press('Escape')
	await expect(panel).toHaveCount(0)
	await expect(page.getByTestId('player')).toBeVisible()
	const button = (await page.getByTestId('player-quality-button').isVisible()) ? 'player-quality-button' : 'player-more-button'
	await expect(page.getByTestId(button)).toBeFocused()
	// The next Escape closes the player.
	await page.keyboard.press('Escape')
	await expect(page.getByTestId('player')).toHaveCount(0)
})
