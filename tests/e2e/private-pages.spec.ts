import { expect, test } from './fixtures.ts'

// Pages that carry the signed-in visitor's data are never stored by shared
// caches or the back-forward cache; anonymous pages keep their own caching.

test("a signed-in visitor's pages and loader data are private, no-store; an anonymous visitor's are not", async ({ page }) => {
	const anonymous = await page.request.get('/movies')
	expect(anonymous.status()).toBe(200)
	expect(anonymous.headers()['cache-control'] ?? '').not.toContain('private')

	const username = `priv${Date.now().toString(36)}${process.pid % 1000}`
	const password = 'private pages 1'
	expect(
		(
			await page.request.post('/api/auth/signup', {
				data: { username, email: `${username}@example.com`, password, passwordConfirm: password },
			})
		).status(),
	).toBe(201)
	for (const path of ['/', '/movies', '/series/66732-stranger-things', '/movies.data']) {
		const response = await page.request.get(path)
		expect(response.status(), path).toBeLessThan(400)
		expect(response.headers()['cache-control'], path).toBe('private, no-store')
	}
})
