import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test, waitForHydration } from './fixtures.ts'

// Issue 26: "white titles sit on a white fade (Interstellar on a phone)". A detail page's
// backdrop fades to the page colour (white in the light theme) and most title logos are
// white, so what keeps a title legible is whatever separates its glyphs from what lies
// right around them. This measures that from pixels, as a visitor sees them:
// - the title alone (its own pixels, no page behind it and no CSS effects) over black and
//   over white gives where its glyphs are: the pixels it covers fully ("ink");
// - the page as shown gives what the eye gets at the ink and in a ring just outside it;
// - the WCAG contrast between the two (median luminances) must reach 3:1, large text's minimum.
// A demo logo draws its own soft shadow; a title text has no effects; both must pass in either
// theme, over the demo art and over a near-white backdrop (the worst case for a white logo).

const INTERSTELLAR = '/movies/157336-interstellar'
const LARGE_TEXT_CONTRAST = 3
/** The near-white backdrop's shape (16:10), which tells it from the demo art (16:9) on the page at any pixel density. */
const NEAR_WHITE = { width: 160, height: 100 }
const NEAR_WHITE_ASPECT = NEAR_WHITE.width / NEAR_WHITE.height
/** The ring around the glyphs, in CSS pixels: where an outline or a shadow must separate them from the page. */
const RING_CSS_PX = 1.5

interface Shot {
	width: number
	height: number
	/** RGBA, one byte per channel. */
	data: Buffer
}

async function shoot(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<Shot> {
	const png = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' })
	const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
	return { width: info.width, height: info.height, data }
}

function channel(value: number) {
	const c = value / 255
	return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance of the pixel at index i (RGBA). */
function luminance(data: Buffer, i: number) {
	return 0.2126 * channel(data[i]!) + 0.7152 * channel(data[i + 1]!) + 0.0722 * channel(data[i + 2]!)
}

function median(values: number[]) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** The title element alone over a flat colour: everything else covered, its own CSS effects off. */
async function isolate(title: Locator, colour: 'black' | 'white' | null) {
	await title.evaluate((element, cover) => {
		const el = element as HTMLElement
		document.getElementById('legibility-cover')?.remove()
		for (const property of ['position', 'z-index', 'filter', 'text-shadow']) el.style.removeProperty(property)
		if (!cover) return
		// Styles set through the CSSOM, which the page's CSP allows (a <style> element it would refuse).
		const div = document.createElement('div')
		div.id = 'legibility-cover'
		Object.assign(div.style, { position: 'fixed', inset: '0', zIndex: '2147483646', background: cover })
		document.body.append(div)
		el.style.setProperty('position', 'relative', 'important')
		el.style.setProperty('z-index', '2147483647', 'important')
		el.style.setProperty('filter', 'none', 'important')
		el.style.setProperty('text-shadow', 'none', 'important')
	}, colour)
}

/** Contrast between a title's glyphs and the ring just outside them, as the page shows them. */
async function titleContrast(page: Page, title: Locator) {
	await title.scrollIntoViewIfNeeded()
	const box = await title.boundingBox()
	if (!box) throw new Error('the title has no box')
	const margin = 8
	const clip = {
		x: Math.max(0, box.x - margin),
		y: Math.max(0, box.y - margin),
		width: box.width + 2 * margin,
		height: box.height + 2 * margin,
	}
	const shown = await shoot(page, clip)
	await isolate(title, 'black')
	const overBlack = await shoot(page, clip)
	await isolate(title, 'white')
	const overWhite = await shoot(page, clip)
	await isolate(title, null)

	const { width, height } = shown
	const scale = width / clip.width
	const count = width * height
	// Coverage of each pixel by the title alone: 1 where it paints opaquely, 0 where it paints nothing.
	const coverage = new Float32Array(count)
	for (let p = 0; p < count; p++) {
		const i = p * 4
		const spread =
			(overWhite.data[i]! -
				overBlack.data[i]! +
				overWhite.data[i + 1]! -
				overBlack.data[i + 1]! +
				overWhite.data[i + 2]! -
				overBlack.data[i + 2]!) /
			(3 * 255)
		coverage[p] = 1 - spread
	}
	const ink = (p: number) => coverage[p]! >= 0.9
	const reach = Math.max(1, Math.round(RING_CSS_PX * scale))
	const inkLuminance: number[] = []
	const ringLuminance: number[] = []
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const p = y * width + x
			if (ink(p)) {
				inkLuminance.push(luminance(shown.data, p * 4))
				continue
			}
			// The ring: mostly-uncovered pixels within reach of ink.
			if (coverage[p]! >= 0.5) continue
			let nearInk = false
			for (let dy = -reach; dy <= reach && !nearInk; dy++) {
				for (let dx = -reach; dx <= reach; dx++) {
					const nx = x + dx
					const ny = y + dy
					if (nx >= 0 && ny >= 0 && nx < width && ny < height && ink(ny * width + nx)) {
						nearInk = true
						break
					}
				}
			}
			if (nearInk) ringLuminance.push(luminance(shown.data, p * 4))
		}
	}
	const inkShare = inkLuminance.length / count
	const glyphs = median(inkLuminance)
	const ring = median(ringLuminance)
	const contrast = (Math.max(glyphs, ring) + 0.05) / (Math.min(glyphs, ring) + 0.05)
	return { contrast, inkShare, glyphs, ring }
}

async function expectLegible(page: Page, title: Locator, what: string) {
	const measured = await titleContrast(page, title)
	// The isolation worked: the title's glyphs were found (a cover over them would leave none).
	expect(measured.inkShare, `${what}: glyph pixels found`).toBeGreaterThan(0.02)
	expect(
		Math.round(measured.contrast * 100) / 100,
		`${what}: contrast of the glyphs (luminance ${measured.glyphs.toFixed(3)}) with the ring around them (${measured.ring.toFixed(3)})`,
	).toBeGreaterThanOrEqual(LARGE_TEXT_CONTRAST)
}

/** Waits until an image has loaded; returns its aspect ratio. */
async function loadedAspect(image: Locator) {
	await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
	return image.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight)
}

/** Serves every backdrop as a flat near-white picture (a snowfield, a white room). */
async function nearWhiteBackdrops(page: Page) {
	const picture = await sharp({ create: { ...NEAR_WHITE, channels: 3, background: '#f4f4f1' } })
		.webp()
		.toBuffer()
	await page.route('**/api/images/art/backdrop/**', (route) => route.fulfill({ status: 200, contentType: 'image/webp', body: picture }))
}

for (const colorScheme of ['light', 'dark'] as const) {
	test(`a detail page's title logo stays legible over the fade, ${colorScheme} theme @mobile`, async ({ page }) => {
		await page.emulateMedia({ colorScheme })
		const logo = page.locator('main img[src*="/art/logo/movie-157336"]')
		const backdrop = page.locator('main img[src*="/art/backdrop/movie-157336"]')

		await page.goto(INTERSTELLAR)
		await waitForHydration(page)
		await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/)
		await loadedAspect(logo)
		expect(await loadedAspect(backdrop)).toBeCloseTo(16 / 9, 2)
		await expectLegible(page, logo, `Interstellar's logo over its own backdrop (${colorScheme})`)

		await nearWhiteBackdrops(page)
		await page.reload()
		await waitForHydration(page)
		await loadedAspect(logo)
		expect(await loadedAspect(backdrop)).toBeCloseTo(NEAR_WHITE_ASPECT, 2)
		await expectLegible(page, logo, `Interstellar's logo over a near-white backdrop (${colorScheme})`)
	})

	test(`a detail page's title text stays legible over the fade, ${colorScheme} theme @mobile`, async ({ page }) => {
		await page.emulateMedia({ colorScheme })
		// No logo: the title text takes its place.
		await page.route('**/api/images/art/logo/**', (route) => route.abort())
		await nearWhiteBackdrops(page)
		await page.goto(INTERSTELLAR)
		await waitForHydration(page)
		const heading = page.getByTestId('detail-title')
		await expect(heading).not.toHaveClass(/sr-only/)
		expect(await loadedAspect(page.locator('main img[src*="/art/backdrop/movie-157336"]'))).toBeCloseTo(NEAR_WHITE_ASPECT, 2)
		await expectLegible(page, heading, `Interstellar's title text over a near-white backdrop (${colorScheme})`)
	})
}
