import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

export { expect, test }

/**
 * Runs axe-core (WCAG 2.1 A/AA) on the page and fails with a readable list of violations.
 * Transitions are switched off while axe reads the page: a fade caught halfway (the search
 * placeholder turns to its next title every few seconds) has a contrast no resting state has,
 * and a CI run measured one at 1.18.
 */
export async function checkA11y(page: Page, options: { exclude?: string[] } = {}) {
	// Axe reads the whole page: several seconds each pass on a loaded 2-CPU machine, where tests
	// with two or three passes ran past the 30 s default. Each pass brings its own time.
	test.info().setTimeout(test.info().timeout + 15_000)
	let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
	for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
	const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' })
	const results = await builder.analyze().finally(() => still.evaluate((node) => (node as Element).remove()).catch(() => undefined))
	const summary = results.violations.map(
		(v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
	)
	expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

/** Holds the page's requests to `url` (a glob or a pattern) until the returned function is called. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
	let release = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route(url, async (route) => {
		await held
		await route.continue()
	})
	return release
}

/** Waits until React has hydrated (client scripts ran), so clicks reach handlers. */
export async function waitForHydration(page: Page) {
	// Set by the root layout's effect (app/utils/hydrated-mark.ts): handlers are attached.
	await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
	await page.waitForLoadState('networkidle')
	// A page whose body hydrates lazily marks itself until it is ready (the bookmarks page, until the library is read).
	await page.waitForFunction(() => !document.querySelector('[data-pending]'))
}

/** The browse pages of issue 27 (home, lists, a movie, a series with episodes, one of its episodes, search, bookmarks), labelled. */
export async function browsePages(request: APIRequestContext): Promise<Array<[string, string]>> {
	const movies = (await (await request.get('/api/catalog/movie/popular')).json()) as { results: Array<{ id: number }> }
	const shows = (await (await request.get('/api/catalog/tv/popular')).json()) as { results: Array<{ id: number }> }
	const movie = movies.results[0]!.id
	// A series with a first season of episodes, so the episode page is a real one.
	let series = shows.results[0]!.id
	for (const show of shows.results) {
		const season = (await (await request.get(`/api/catalog/tv/${show.id}/season/1`)).json()) as { episodes?: unknown[] }
		if (season.episodes?.length) {
			series = show.id
			break
		}
	}
	return [
		['home', '/'],
		['movies', '/movies'],
		['series', '/series'],
		['movie', `/movies/${movie}`],
		['a series', `/series/${series}`],
		['episode', `/series/${series}/1/1`],
		['search', '/search?query=the'],
		['bookmarks', '/bookmarks'],
	]
}
