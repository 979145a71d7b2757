import { expect, test } from './fixtures.ts'

// Issue 27 (decision 0052): nothing but the HTML stands between a visitor and the first paint.
// The stylesheet is inline in every document, so no request blocks rendering, and it stays in
// force across client-side navigations (the root layout, which holds it, never unmounts).

test('the stylesheet is inline: no stylesheet request blocks the first paint, and styles hold after navigating', async ({ page }) => {
	const stylesheets: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'stylesheet') stylesheets.push(request.url())
	})
	const response = await page.goto('/', { waitUntil: 'load' })
	const html = await response!.text()
	expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/)
	expect(html).toMatch(/<style id="app-styles" nonce="[^"]+">[^<]*\.flex\{display:flex\}/)
	const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
	const themed = await background()
	expect(themed).not.toBe('rgba(0, 0, 0, 0)')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movies' }).click()
	await expect(page).toHaveURL(/\/movies$/)
	await expect(page.getByTestId('movies-page')).toBeVisible()
	expect(await background()).toBe(themed)
	expect(await page.locator('style#app-styles').count()).toBe(1)
	expect(stylesheets).toEqual([])
})

// Decision 0053: the app's modules are evaluated after the first paint, so their evaluation and
// the hydration after it never hold back the first picture (and decision 0060: fetched after it). An
// async script marked blocking="render", held back by the test, makes the first paint late on
// purpose without holding back other scripts (a stylesheet would): modules that evaluated as soon
// as they arrived (the old inline script's static imports) would be published before it.
test('the modules evaluate only after the first paint, and their preloads are not in the HTML', async ({ page }) => {
	const paintHeldMs = 1200
	await page.route('**/__held-back.js', async (route) => {
		await new Promise((resolve) => setTimeout(resolve, paintHeldMs))
		await route.fulfill({ contentType: 'text/javascript', body: '' })
	})
	let served = ''
	await page.route(
		(url) => url.pathname === '/movies',
		async (route) => {
			const response = await route.fetch()
			served = await response.text()
			const nonce = /nonce="([^"]+)"/.exec(served)![1]
			const html = served.replace('<head>', `<head><script async blocking="render" nonce="${nonce}" src="/__held-back.js"></script>`)
			await route.fulfill({ response, body: html })
		},
	)
	await page.addInitScript(() => {
		const state = window as unknown as { __modulesAt?: number; __modules?: unknown }
		Object.defineProperty(window, '__reactRouterRouteModules', {
			configurable: true,
			get: () => state.__modules,
			set: (value) => {
				state.__modulesAt ??= performance.now()
				state.__modules = value
			},
		})
	})
	await page.goto('/movies')
	await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
	const times = await page.evaluate(() => ({
		modules: (window as unknown as { __modulesAt: number }).__modulesAt,
		paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
	}))
	expect(times.paint).toBeGreaterThanOrEqual(paintHeldMs * 0.9)
	expect(times.modules, JSON.stringify(times)).toBeGreaterThan(times.paint)
	// As served, no preload: the gate adds them once open (decision 0060).
	expect(served).not.toContain('rel="modulepreload"')
	expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(3)
})

// Decision 0060: the modules are fetched only once the page's high-priority images (the largest
// paint) have loaded and been drawn, so they never take a phone's bandwidth from that image. The
// hero's backdrop is held back by the test: no script of the app may be asked for before it is
// answered (on the old code the preloads went out with the HTML).
test('the modules are fetched only once the largest image has loaded, and the page then hydrates', async ({ page }) => {
	const heldMs = 1500
	let imageAnsweredAt = Number.POSITIVE_INFINITY
	await page.route(
		(url) => url.pathname.startsWith('/api/images/art/backdrop/'),
		async (route) => {
			const response = await route.fetch()
			await new Promise((resolve) => setTimeout(resolve, heldMs))
			imageAnsweredAt = Math.min(imageAnsweredAt, Date.now())
			await route.fulfill({ response })
		},
	)
	const scriptsAskedAt: Array<{ path: string; at: number }> = []
	page.on('request', (request) => {
		const { pathname } = new URL(request.url())
		if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scriptsAskedAt.push({ path: pathname, at: Date.now() })
	})
	await page.goto('/')
	await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
	expect(scriptsAskedAt.length).toBeGreaterThan(3)
	const early = scriptsAskedAt.filter((script) => script.at < imageAnsweredAt)
	expect(early, `scripts asked for before the image was answered at ${imageAnsweredAt}`).toEqual([])
})
