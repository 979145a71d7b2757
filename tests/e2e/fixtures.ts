import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

export { expect, test }

/** Runs axe-core (WCAG 2.1 A/AA) on the page and fails with a readable list of violations. */
export async function checkA11y(page: Page, options: { exclude?: string[] } = {}) {
	let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
	for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
	const results = await builder.analyze()
	const summary = results.violations.map(
		(v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
	)
	expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

/** Waits until React has hydrated (client scripts ran), so clicks reach handlers. */
export async function waitForHydration(page: Page) {
	await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined)
	await page.waitForLoadState('networkidle')
}
