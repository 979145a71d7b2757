import { expect, test, waitForHydration } from './fixtures.ts'

// On a desktop the floating widget (chat, scroll to top, the "…" menu) sits in
// the page's right gutter: scrolled from top to bottom, no link, button or
// field of the page lies under it (issue 26: it covered "Pause network
// rotation", a row's scroll arrow and the footer's theme button).

const PAGES = ['/', '/movies', '/series', '/categories', '/movies/550-fight-club', '/account?tab=account', '/stats']

for (const path of PAGES) {
	test(`${path}: the floating widget covers no control`, async ({ page }) => {
		await page.goto(path)
		await waitForHydration(page)
		const widget = page.getByTestId('floating-widget')
		await expect(widget).toBeVisible()
		const height = await page.evaluate(() => document.documentElement.scrollHeight)
		const covered = new Set<string>()
		for (let y = 0; y < height; y += 500) {
			await page.evaluate((top) => window.scrollTo(0, top), y)
			await page.waitForTimeout(120) // the widget's scroll debounce
			const found = await page.evaluate(() => {
				const widgetNode = document.querySelector('[data-testid="floating-widget"]')!
				const boxes = [...widgetNode.children].map((child) => child.getBoundingClientRect())
				const hits: string[] = []
				for (const el of document.querySelectorAll('a[href], button, input, select, textarea, [role="button"], [tabindex="0"]')) {
					if (widgetNode.contains(el)) continue
					if (getComputedStyle(el).visibility === 'hidden') continue
					// The part of it that shows: cards scrolled out of a row are clipped by the row.
					const r = el.getBoundingClientRect()
					let [left, right, top, bottom] = [r.left, r.right, r.top, r.bottom]
					for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
						const style = getComputedStyle(node)
						if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
						const c = node.getBoundingClientRect()
						;[left, right, top, bottom] = [
							Math.max(left, c.left),
							Math.min(right, c.right),
							Math.max(top, c.top),
							Math.min(bottom, c.bottom),
						]
					}
					if (right - left < 1 || bottom - top < 1) continue
					if (boxes.some((b) => left < b.right && right > b.left && top < b.bottom && bottom > b.top))
						hits.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`)
				}
				return hits
			})
			for (const hit of found) covered.add(hit)
		}
		expect([...covered]).toEqual([])
	})
}
