import { CANONICAL_TEST_PORT } from '../../playwright.config.ts'
import { firstLoadScripts } from '#tests/support/first-load-scripts.ts'
import { checkA11y, expect, test, waitForHydration } from './fixtures.ts'

const NOT_FOUND_TEXT = "The page you're looking for doesn't exist, is being built, or has been moved."

const STATIC_ROUTES = [
	'/',
	'/movies',
	'/series',
	'/search',
	'/search?query=star',
	'/categories',
	'/categories/action',
	'/networks',
	'/networks/netflix',
	'/discover',
	'/account?tab=account',
	'/bookmarks',
	'/history',
	'/login',
	'/signup',
	'/4k',
	'/4K',
	'/stats',
	'/donate',
	'/faq',
	'/dmca',
	'/disclaimer',
	'/tos',
	'/terms',
	'/privacy',
	'/partners',
	'/partners/submit',
	'/ads',
	'/advertise',
]

test.describe('every route answers with its layout', () => {
	for (const route of STATIC_ROUTES) {
		test(`${route} renders on the server and passes axe`, async ({ page }) => {
			const response = await page.goto(route)
			expect(response?.status()).toBe(200)
			// Server-rendered: the header and footer are in the HTML itself.
			const html = await response!.text()
			expect(html).toContain('data-testid="site-header"')
			expect(html).toContain('data-testid="site-footer"')
			await waitForHydration(page)
			await checkA11y(page)
		})
	}
})

test('the header has the product.md links on a large screen', async ({ page }) => {
	await page.setViewportSize({ width: 1400, height: 900 })
	await page.goto('/')
	const header = page.getByTestId('site-header')
	await expect(header.getByRole('link', { name: 'Willow home' })).toHaveAttribute('href', '/')
	await expect(header.getByRole('link', { name: 'Movies', exact: true })).toHaveAttribute('href', '/movies')
	await expect(header.getByRole('link', { name: 'Series', exact: true })).toHaveAttribute('href', '/series')
	await expect(header.getByRole('link', { name: '4K guide' })).toBeVisible()
	await expect(header.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup')
	await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
	await expect(header.getByRole('link', { name: 'Discover' })).toHaveAttribute('href', '/discover')
	await expect(page.getByRole('searchbox', { name: 'Search' }).first()).toHaveAttribute(
		'placeholder',
		'Search a movie, series or anime name...',
	)
})

test('desktop menus list categories and networks and work by keyboard', async ({ page }) => {
	await page.goto('/')
	await waitForHydration(page)
	const categories = page.getByRole('button', { name: 'Categories' })
	await categories.focus()
	await page.keyboard.press('Enter')
	const menu = page.getByRole('menu')
	for (const name of ['View All', 'Adventure', 'Horror', 'Comedy', 'Action', 'Romance']) {
		await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible()
	}
	await page.keyboard.press('Escape')
	await page.getByRole('button', { name: 'Networks' }).click()
	for (const name of ['All platforms', 'Netflix', 'Apple TV+', 'Disney+', 'HBO Max', 'Amazon Prime']) {
		await expect(page.getByRole('menu').getByRole('menuitem', { name, exact: true })).toBeVisible()
	}
	await page.getByRole('menuitem', { name: 'Netflix' }).click()
	await expect(page).toHaveURL(/\/networks\/netflix$/)
})

test('desktop menus open on hover, move to the next menu at once, and close when the pointer leaves', async ({ page }) => {
	await page.goto('/')
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Categories' }).hover()
	const categories = page.getByRole('menu', { name: 'Categories' })
	await expect(categories).toBeVisible()
	// No focus is taken from the page by a hover.
	await expect(categories.getByRole('menuitem', { name: 'View All' })).not.toBeFocused()
	await page.getByRole('button', { name: 'Networks' }).hover()
	await expect(page.getByRole('menu', { name: 'Networks' })).toBeVisible()
	await expect(categories).toBeHidden()
	// Down into the menu, across the gap, it stays open; a click on an item follows it.
	await page.getByRole('menu', { name: 'Networks' }).getByRole('menuitem', { name: 'Netflix' }).hover()
	await expect(page.getByRole('menu', { name: 'Networks' })).toBeVisible()
	await page.mouse.move(640, 600)
	await expect(page.getByRole('menu')).toHaveCount(0)
	// A click on a menu hover opened keeps it open after the pointer leaves.
	await page.getByRole('button', { name: 'Categories' }).hover()
	await expect(categories).toBeVisible()
	await page.getByRole('button', { name: 'Categories' }).click()
	await page.mouse.move(640, 600)
	await page.waitForTimeout(400)
	await expect(categories).toBeVisible()
})

test('a menu the mouse rests on before its hover rules have loaded opens once they have', async ({ page }) => {
	// The rules load once the page is idle, outside the first-load JavaScript. Held here, as a loaded
	// machine's late idle callback held them in a CI run: the hovered menu never opened.
	let release = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route(/\/assets\/menu-hover-[\w-]+\.js$/, async (route) => {
		await held
		await route.continue()
	})
	await page.goto('/')
	await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
	await page.getByRole('button', { name: 'Categories' }).hover()
	await expect(page.getByRole('menu', { name: 'Categories' })).toHaveCount(0)
	release()
	await expect(page.getByRole('menu', { name: 'Categories' })).toBeVisible()
	await expect(page.getByRole('menu', { name: 'Categories' }).getByRole('menuitem', { name: 'View All' })).not.toBeFocused()
})

test('the 4K guide link is hidden on medium screens', async ({ page }) => {
	await page.setViewportSize({ width: 900, height: 800 })
	await page.goto('/')
	await expect(page.getByTestId('site-header').getByRole('link', { name: '4K guide' })).toBeHidden()
})

test('footer shows the links, one of the two taglines, and hides some links on narrow screens @mobile', async ({ page, isMobile }) => {
	await page.goto('/')
	const footer = page.getByTestId('site-footer')
	for (const name of ['Home', 'Movies', 'Series', 'Bookmarks', '4K Guide', 'Stats']) {
		await expect(footer.getByRole('link', { name, exact: true })).toBeVisible()
	}
	for (const name of ['Watch History', 'Donate', 'FAQ', 'DMCA', 'Disclaimer', 'Terms of Service', 'Partners']) {
		const link = footer.getByRole('link', { name, exact: true })
		if (isMobile) await expect(link).toBeHidden()
		else await expect(link).toBeVisible()
	}
	const tagline = await page.getByTestId('footer-tagline').textContent()
	expect([
		'Willow hosts no media. It shows information about movies and series and links to sources you choose.',
		'Browse, bookmark and pick up where you left off. Willow is a directory, not a host.',
	]).toContain(tagline)
})

test('mobile bottom bar and menu drawer @mobile-only', async ({ page }) => {
	await page.goto('/')
	await waitForHydration(page)
	const bar = page.getByTestId('mobile-bottom-bar')
	await expect(bar).toBeVisible()
	await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
	await expect(bar.getByRole('link', { name: 'Movies' })).toHaveAttribute('href', '/movies')
	await expect(bar.getByRole('link', { name: 'Series' })).toHaveAttribute('href', '/series')
	await expect(bar.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/login')
	await bar.getByRole('button', { name: 'Menu' }).click()
	const drawer = page.getByTestId('mobile-menu')
	await expect(drawer).toBeVisible()
	for (const group of ['Movies', 'Series', 'Networks', 'Categories']) {
		await expect(drawer.getByRole('heading', { name: group, exact: true })).toBeVisible()
	}
	for (const name of ['Home', 'Account', 'Settings', '4k Setup', 'Stats', 'History', 'Bookmarks', 'Discord', 'Telegram']) {
		await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible()
	}
	await expect(drawer.getByTestId('theme-toggle')).toBeVisible()
	await checkA11y(page)
	await drawer.getByRole('button', { name: 'Close' }).click()
	await expect(drawer).toBeHidden()
})

test('desktop hides the mobile bottom bar', async ({ page }) => {
	await page.goto('/')
	await expect(page.getByTestId('mobile-bottom-bar')).toBeHidden()
})

test('theme: system preference first, then the stored choice survives reload', async ({ page }) => {
	await page.emulateMedia({ colorScheme: 'light' })
	await page.goto('/')
	await expect(page.locator('html')).not.toHaveClass(/dark/)
	await waitForHydration(page)
	// With nothing stored, the page follows system changes.
	await page.emulateMedia({ colorScheme: 'dark' })
	await expect(page.locator('html')).toHaveClass(/dark/)
	await page.getByTestId('site-footer').getByTestId('theme-toggle').click()
	await expect(page.locator('html')).not.toHaveClass(/dark/)
	expect(await page.evaluate(() => localStorage.getItem('theme'))).toContain('light')
	await page.reload()
	await expect(page.locator('html')).not.toHaveClass(/dark/)
	// The stored choice wins over the system preference.
	await page.emulateMedia({ colorScheme: 'dark' })
	await page.reload()
	await expect(page.locator('html')).not.toHaveClass(/dark/)
})

test('theme is applied before first paint (no flash)', async ({ page }) => {
	await page.addInitScript(() => localStorage.setItem('theme', 'light'))
	await page.route('**/assets/**', (route) => route.abort())
	await page.goto('/')
	// Even with every script bundle blocked, the inline boot script set the theme.
	await expect(page.locator('html')).not.toHaveClass(/dark/)
})

test('unknown paths answer 404 with the not-found page', async ({ page }) => {
	await page.goto('/movies')
	const response = await page.goto('/this/does/not/exist')
	expect(response?.status()).toBe(404)
	await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible()
	await expect(page.getByRole('link', { name: 'Browse movies' })).toHaveAttribute('href', '/movies')
	await checkA11y(page)
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Go Back' }).click()
	await expect(page).toHaveURL(/\/movies$/)
})

test('an unexpected error shows the error screen', async ({ page }) => {
	const response = await page.goto('/__error-test')
	expect(response?.status()).toBe(500)
	await expect(page.getByRole('heading', { name: 'Oops! Something Broke' })).toBeVisible()
	for (const name of ['Reload Page', 'Clear Bookmarks', 'Clear Watchlist', 'Reset all app data', 'Report This Issue']) {
		await expect(page.getByRole('button', { name })).toBeVisible()
	}
	await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/')
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Show technical details' }).click()
	await expect(page.getByTestId('error-details')).toBeVisible()
	await page.getByLabel('What were you doing? (optional)').fill('Opening a page')
	await page.getByRole('button', { name: 'Report This Issue' }).click()
	await expect(page.getByText('Issue Reported')).toBeVisible()
	await checkA11y(page)
})

test('floating widget: chat link, then scroll-to-top past 500 px and messaging link past 550 px', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 600 })
	await page.goto('/stats')
	await waitForHydration(page)
	const widget = page.getByTestId('floating-widget')
	await expect(widget.getByRole('link', { name: 'Chat community' })).toBeVisible()
	await expect(widget.getByRole('button', { name: 'Scroll to top' })).toHaveCount(0)
	await page.evaluate(() => {
		document.body.style.minHeight = '4000px'
		window.scrollTo(0, 520)
	})
	await expect(widget.getByRole('button', { name: 'Scroll to top' })).toBeVisible()
	await expect(widget.getByRole('link', { name: 'Messaging channel' })).toHaveCount(0)
	await page.evaluate(() => window.scrollTo(0, 600))
	await expect(widget.getByRole('link', { name: 'Messaging channel' })).toBeVisible()
	await widget.getByRole('button', { name: 'Scroll to top' }).click()
	await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(10)
	await widget.getByRole('button', { name: 'Quick menu' }).click()
	for (const name of ['Dark mode', 'Account', 'Categories', 'Bookmarks', 'Netflix & Others']) {
		await expect(page.getByRole('menuitem', { name })).toBeVisible()
	}
})

test('requests on another host are redirected to the canonical host, keeping path and query', async ({ request }) => {
	const response = await request.get(`http://127.0.0.1:${CANONICAL_TEST_PORT}/movies?page=2&sort=rating`, { maxRedirects: 0 })
	expect(response.status()).toBe(301)
	expect(response.headers().location).toBe(`http://localhost:${CANONICAL_TEST_PORT}/movies?page=2&sort=rating`)
})

test('security headers are present on pages and the API', async ({ request }) => {
	for (const url of ['/', '/api/nope']) {
		const response = await request.get(url)
		const headers = response.headers()
		expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
		expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/)
		expect(headers['x-content-type-options']).toBe('nosniff')
		expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
		expect(headers['x-request-id']).toBeTruthy()
	}
})

test('hashed assets are cached for a year and sent as the build compressed them', async ({ request }) => {
	const html = await (await request.get('/stats')).text()
	const sources = [...firstLoadScripts(html)]
	expect(sources.length).toBeGreaterThan(0)
	let compressed = 0
	for (const src of sources) {
		const plain = await request.get(src, { headers: { 'Accept-Encoding': 'identity' } })
		expect(plain.headers()['cache-control']).toContain('immutable')
		expect(plain.headers()['cache-control']).toContain('max-age=31536000')
		// Files under the 1 KB threshold (the tiny entry module) are sent as they are.
		if ((await plain.body()).length < 1024) continue
		for (const [accept, encoding] of [
			['gzip, deflate, br, zstd', 'br'],
			['gzip', 'gzip'],
		] as const) {
			const response = await request.get(src, { headers: { 'Accept-Encoding': accept } })
			expect(response.headers()['content-encoding'], src).toBe(encoding)
			expect(response.headers().vary).toContain('Accept-Encoding')
			expect(response.headers()['cache-control']).toContain('immutable')
			// A copy made at build time has a known length; compressing per request streams it in chunks.
			expect(Number(response.headers()['content-length']), `${src} (${encoding})`).toBeGreaterThan(0)
			expect((await response.body()).equals(await plain.body()), `${src} decodes to the file`).toBe(true)
		}
		compressed += 1
	}
	expect(compressed).toBeGreaterThan(0)
})

test('the ads explainer links to donate and advertise; the advertise page gives the specs and claims', async ({ page }) => {
	await page.goto('/ads')
	await expect(page.getByText('258K+ monthly views')).toBeVisible()
	await page.getByRole('link', { name: 'Advertise on Willow' }).click()
	await expect(page).toHaveURL(/\/advertise$/)
	await expect(page.getByText('234k+ views and 70K+ visits')).toBeVisible()
	const specs = page.getByTestId('ad-specs')
	for (const text of [
		'GIF, JPG, PNG or text',
		'GIF files up to 5 MB; static images (JPG, PNG) up to 3 MB',
		'at least 3 days',
		'Every ad is reviewed',
	])
		await expect(specs).toContainText(text)
	await page.goto('/ads')
	await page.getByRole('link', { name: 'Donate', exact: true }).last().click()
	await expect(page).toHaveURL(/\/donate$/)
})

test('donate offers the configured currency with its QR code and a copy button, and the statistics', async ({ page, context }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write'])
	await page.goto('/donate')
	const btc = page.getByTestId('donate-BTC')
	await expect(btc.getByRole('heading', { name: 'Bitcoin (BTC)' })).toBeVisible()
	await expect(btc.getByRole('img', { name: 'QR code of the Bitcoin address' }).locator('svg')).toBeVisible()
	await expect(btc.getByTestId('donate-address')).toHaveText('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
	await expect(page.getByTestId('donate-LTC')).toHaveCount(0)
	await expect(page.getByTestId('donate-XMR')).toHaveCount(0)
	await expect(page.getByText('Confirmations take 30 to 60 minutes.')).toBeVisible()
	await expect(page.getByTestId('donation-total')).toHaveText('$0')
	await checkA11y(page)
	await waitForHydration(page)
	await btc.getByRole('button', { name: 'Copy the Bitcoin address' }).click()
	await expect(btc.getByRole('button', { name: 'Copy the Bitcoin address' })).toHaveText('Copied')
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
})
