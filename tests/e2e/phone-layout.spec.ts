import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

// Every page on a 390x844 phone in the dark theme: no interactive element in
// view is covered by another element (the floating widget, an overlay, a
// neighbour), and no heading or button label is wider than its box. The page
// is scrolled from top to bottom; at each stop the band between the sticky
// header and the bottom bar is checked (at the last stop the bottom bar's own
// strip too: what lies under it there can never be reached).

const SIGNED_OUT_PAGES = [
	'/',
	'/movies',
	'/series',
	'/categories',
	'/categories/action',
	'/networks',
	'/networks/netflix',
	'/movies/550-fight-club',
	'/series/1399-game-of-thrones',
	'/series/1399-game-of-thrones/1/1',
	'/search?query=star',
	'/search',
	'/discover',
	'/bookmarks',
	'/history',
	'/calendar',
	'/account?tab=account',
	'/login',
	'/signup',
	'/4k',
	'/stats',
	'/donate',
	'/ads',
	'/advertise',
	'/partners',
	'/partners/submit',
	'/faq',
	'/terms',
	'/privacy',
	'/dmca',
	'/disclaimer',
	'/no-such-page',
]

/** The account's tabs, settings included, need a signed-in visitor. */
const SIGNED_IN_PAGES = [
	'/account?tab=player',
	'/account?tab=account',
	'/account?tab=appearance',
	'/account?tab=notifications',
	'/account?tab=content',
	'/account?tab=addons',
]

interface Problem {
	kind: 'covered' | 'overflow' | 'page-overflow'
	element: string
	by?: string
	scrollY: number
}

/** Runs in the page: checks the current scroll position; `last` also checks the strip under the bottom bar. */
function checkView(last: boolean): Problem[] {
	const describe = (el: Element | null): string => {
		if (!el) return 'nothing'
		const testId = el.getAttribute('data-testid')
		const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
		const id = el.id ? `#${el.id}` : ''
		return `<${el.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ''}> "${label}"`
	}
	const problems: Problem[] = []
	const scrollY = Math.round(window.scrollY)
	const vw = document.documentElement.clientWidth
	const vh = window.innerHeight
	if (document.documentElement.scrollWidth > vw + 1) {
		problems.push({ kind: 'page-overflow', element: `page is ${document.documentElement.scrollWidth}px wide`, scrollY })
	}

	const header = document.querySelector('[data-testid="site-header"]')
	const bar = document.querySelector('[data-testid="mobile-bottom-bar"]')
	const headerRect = header?.getBoundingClientRect()
	const headerSticky = header ? getComputedStyle(header).position === 'sticky' : false
	const bandTop = headerRect && headerSticky ? Math.max(0, headerRect.bottom) : 0
	const barRect = bar && bar.checkVisibility() ? bar.getBoundingClientRect() : null
	const bandBottom = last || !barRect ? vh : barRect.top

	const isFixedInside = (el: Element) => {
		for (let node: Element | null = el; node; node = node.parentElement) {
			const position = getComputedStyle(node).position
			if (position === 'fixed' || position === 'sticky') return true
		}
		return false
	}
	/** The part of the element's box not clipped by the viewport or a scrolling/clipping ancestor. */
	const visibleRect = (el: Element) => {
		const r = el.getBoundingClientRect()
		let left = Math.max(r.left, 0)
		let top = r.top
		let right = Math.min(r.right, vw)
		let bottom = r.bottom
		for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
			const style = getComputedStyle(node)
			if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
				const c = node.getBoundingClientRect()
				if (style.overflowX !== 'visible') {
					left = Math.max(left, c.left)
					right = Math.min(right, c.right)
				}
				if (style.overflowY !== 'visible') {
					top = Math.max(top, c.top)
					bottom = Math.min(bottom, c.bottom)
				}
			}
		}
		return { left, top, right, bottom, width: right - left, height: bottom - top }
	}

	const interactive = document.querySelectorAll(
		'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]',
	)
	for (const el of interactive) {
		if (!(el instanceof HTMLElement)) continue
		if (el.closest('[inert]')) continue
		if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue
		if (getComputedStyle(el).pointerEvents === 'none') continue
		const full = el.getBoundingClientRect()
		if (full.width < 4 || full.height < 4) continue
		const r = visibleRect(el)
		if (r.width < 4 || r.height < 4) continue
		const fixed = isFixedInside(el)
		const top = fixed ? 0 : bandTop
		const bottom = fixed ? vh : bandBottom
		if (r.top < top - 0.5 || r.bottom > bottom + 0.5) continue
		const labels = 'labels' in el ? Array.from((el as HTMLInputElement).labels ?? []) : []
		// Several points of the box; a link broken over lines is only its
		// fragments (its box also spans the text around it), so their centres.
		const fragments = Array.from(el.getClientRects())
		const points: Array<[number, number]> =
			fragments.length > 1
				? fragments
						.filter((f) => f.width >= 4 && f.left >= r.left && f.right <= r.right + 0.5)
						.map((f) => [f.left + f.width / 2, f.top + f.height / 2])
				: [
						[0.5, 0.5],
						[0.2, 0.2],
						[0.8, 0.2],
						[0.2, 0.8],
						[0.8, 0.8],
					].map(([fx, fy]) => [r.left + r.width * fx!, r.top + r.height * fy!])
		for (const [x, y] of points) {
			const hit = document.elementFromPoint(x, y)
			if (!hit || hit === el || el.contains(hit) || labels.some((label) => label.contains(hit))) continue
			problems.push({ kind: 'covered', element: describe(el), by: `${describe(hit)} at ${Math.round(x)},${Math.round(y)}`, scrollY })
			break
		}
	}

	// Headings and button labels wrap or end in an ellipsis, never cut.
	for (const el of document.querySelectorAll('h1, h2, h3, h4, h5, h6, button, [role="button"]')) {
		if (!(el instanceof HTMLElement)) continue
		if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue
		const style = getComputedStyle(el)
		if (style.display === 'inline' || style.display === 'contents') continue
		// Visually hidden text (sr-only) is one pixel wide by design.
		if (el.clientWidth <= 1) continue
		const r = el.getBoundingClientRect()
		if (r.bottom < 0 || r.top > vh) continue
		if (el.scrollWidth > el.clientWidth + 1 && style.textOverflow !== 'ellipsis') {
			problems.push({ kind: 'overflow', element: `${describe(el)} (${el.scrollWidth} > ${el.clientWidth})`, scrollY })
		}
	}
	return problems
}

async function walkPage(page: Page, path: string) {
	const response = await page.goto(path)
	expect(response?.status(), path).toBeLessThan(500)
	await waitForHydration(page)
	const problems: Problem[] = []
	let y = 0
	for (let stop = 0; stop < 60; stop++) {
		await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y)
		// The floating widget follows the scroll after a 50 ms debounce; toasts
		// (sync notices) cover things only for their few seconds.
		await page.waitForTimeout(150)
		await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
		const state = await page.evaluate(() => ({
			y: window.scrollY,
			max: document.documentElement.scrollHeight - window.innerHeight,
			band: window.innerHeight - 64 - 72,
		}))
		const last = state.y >= state.max - 1
		let found = await page.evaluate(checkView, last)
		// A toast that came up meanwhile: check again once it has gone.
		if ((await page.locator('[data-sonner-toast]').count()) > 0) {
			await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
			found = await page.evaluate(checkView, last)
		}
		problems.push(...found)
		if (last) break
		y = state.y + Math.max(200, state.band - 40)
	}
	const seen = new Set<string>()
	const unique: string[] = []
	for (const p of problems) {
		const key = `${p.kind}: ${p.element}${p.by ? ` under ${p.by}` : ''}`
		if (seen.has(key)) continue
		seen.add(key)
		unique.push(`${key} (scrolled to ${p.scrollY})`)
	}
	expect(unique, `layout problems on ${path}`).toEqual([])
}

test.describe('phone layout @mobile-only', () => {
	test.use({ colorScheme: 'dark' })
	test.describe.configure({ timeout: 90_000 })

	for (const path of SIGNED_OUT_PAGES) {
		test(`${path}: nothing covers a control, no label is cut`, async ({ page }) => {
			await walkPage(page, path)
		})
	}

	test('signed in: the account and settings tabs', async ({ page }) => {
		const username = `phone${Date.now().toString(36)}${process.pid % 1000}`
		const password = 'phone layout 1'
		const signup = await page.request.post('/api/auth/signup', {
			data: { username, email: `${username}@example.com`, password, passwordConfirm: password },
		})
		expect(signup.status()).toBe(201)
		for (const path of SIGNED_IN_PAGES) await walkPage(page, path)
	})

	for (const width of [390, 360]) {
		test(`the player at ${width} px: nothing covers a control, no label is cut (intro, later, More menu)`, async ({ page }) => {
			await page.setViewportSize({ width, height: 844 })
			await page.goto('/movies/10378-big-buck-bunny?play=true')
			const video = page.getByTestId('player-video')
			await expect(page.getByTestId('player')).toBeVisible({ timeout: 15_000 })
			await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3)
			const check = async (label: string) => {
				// Paused, media-chrome keeps the controls shown.
				await page.getByTestId('player').hover({ position: { x: 20, y: 300 } })
				await expect(page.getByTestId('player-control-bar')).toHaveCSS('opacity', '1')
				const problems = (await page.evaluate(checkView, true))
					// The video surface itself (focusable for its keys) lies under every overlay by design.
					.filter((p) => !/^<(media-controller|video)\b/.test(p.element))
					.map((p) => `${p.kind}: ${p.element}${p.by ? ` under ${p.by}` : ''}`)
				expect(problems, `player at ${width} px, ${label}`).toEqual([])
			}
			for (const [at, label] of [
				[2, 'intro, Skip Intro shown'],
				[14, 'later'],
			] as const) {
				await video.evaluate((element: HTMLVideoElement, seconds) => {
					element.pause()
					element.currentTime = seconds
				}, at)
				await expect(page.getByTestId('player-cue').first()).toBeVisible({ timeout: 10_000 })
				await check(label)
			}
			await page.getByTestId('player-more-button').click()
			await expect(page.getByTestId('player-panel-more')).toBeVisible()
			await check('More menu open')
		})
	}

	for (const width of [390, 360]) {
		test(`every account tab is on screen at ${width} px and each one opens`, async ({ page }) => {
			await page.setViewportSize({ width, height: 800 })
			await page.goto('/account?tab=player')
			await waitForHydration(page)
			const tabs = page.getByRole('tablist', { name: 'Account settings' }).getByRole('tab')
			await expect(tabs).toHaveText(['Player', 'Account', 'Appearance', 'Notifications', 'Content', 'Add-ons'])
			for (const tab of await tabs.all()) {
				const box = (await tab.boundingBox())!
				expect(box.x, `${await tab.textContent()} starts on screen`).toBeGreaterThanOrEqual(0)
				expect(box.x + box.width, `${await tab.textContent()} ends on screen`).toBeLessThanOrEqual(width)
				expect(await tab.evaluate((node) => node.scrollWidth <= node.clientWidth), 'label not cut').toBe(true)
				await tab.click()
				await expect(tab).toHaveAttribute('aria-selected', 'true')
				await expect(page.getByRole('tabpanel')).toBeVisible()
			}
			await expect(page).toHaveURL(/tab=addons$/)
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
		})

		test(`the signed-out header offers Register and Sign in at ${width} px`, async ({ page }) => {
			await page.setViewportSize({ width, height: 800 })
			await page.goto('/')
			const header = page.getByTestId('site-header')
			const register = header.getByRole('link', { name: 'Register' })
			const login = header.getByRole('link', { name: 'Login' })
			await expect(register).toBeVisible()
			await expect(register).toHaveAttribute('href', '/signup')
			await expect(login).toBeVisible()
			await expect(login).toHaveAttribute('href', '/login')
			const [a, b] = [await register.boundingBox(), await login.boundingBox()]
			expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x)
			expect(b!.x + b!.width).toBeLessThanOrEqual(width)
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
		})
	}
})
