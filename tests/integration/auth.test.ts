import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiClient, startApi, type RunningApi } from '#tests/support/api-test-client.ts'
import { resetPassword } from '#server/account/reset-password.server.ts'
import { hashSessionSecret } from '#server/auth/session.server.ts'
import { THROTTLE_RULES } from '#server/auth/throttle.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { logger } from '#server/logger.server.ts'
import { useApiOnTestDatabase } from '#tests/support/api.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

let counter = 0
function newAccount() {
	counter += 1
	const tag = `${Date.now().toString(36)}${counter}`
	return {
		username: `Sailor_${tag}`,
		email: `Sailor.${tag}@Example.com`,
		password: 'correct horse battery',
		passwordConfirm: 'correct horse battery',
	}
}

describe.each(DIALECTS)('accounts API on %s', (dialect) => {
	const running = useApiOnTestDatabase(dialect)
	afterEach(() => {
		vi.restoreAllMocks()
	})

	let address = 0
	// Each client is its own browser at its own address unless a test says otherwise.
	const client = (headers?: Record<string, string>) => {
		address += 1
		return new ApiClient(running.api.baseUrl, { 'x-forwarded-for': `192.0.2.${address % 250}`, ...headers })
	}

	describe('POST /api/auth/signup', () => {
		it('creates the user, sets an HttpOnly SameSite=Lax cookie and answers { token, user } without the secret', async () => {
			const browser = client()
			const account = newAccount()
			const response = await browser.post<{ token: string; user: Record<string, unknown> }>('/api/auth/signup', account)
			expect(response.status).toBe(201)
			expect(response.body.user).toMatchObject({
				username: account.username,
				email: account.email,
				name: account.username,
				isDonator: false,
				'4k_token': null,
			})
			expect(response.body.user).not.toHaveProperty('password_hash')
			const setCookie = response.headers.getSetCookie().join('\n')
			expect(setCookie).toMatch(/^willow_session=[^;]+; Max-Age=\d+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/m)
			const secret = browser.cookie!.split('=')[1]!
			expect(response.body.token).toBeTruthy()
			expect(response.body.token).not.toBe(secret)
			expect(JSON.stringify(response.body)).not.toContain(secret)
			// The database holds only the hash of the secret.
			const row = await running.testDb.handle.db
				.selectFrom('sessions')
				.selectAll()
				.where('id', '=', hashSessionSecret(secret))
				.executeTakeFirst()
			expect(row).toBeDefined()
			const me = await browser.get<{ user: { username: string } }>('/api/users/me')
			expect(me.status).toBe(200)
			expect(me.body.user.username).toBe(account.username)
		})

		it('hashes passwords with argon2id and never logs or returns them', async () => {
			const info = vi.spyOn(logger, 'info')
			const account = newAccount()
			const response = await client().post('/api/auth/signup', account)
			expect(response.status).toBe(201)
			const row = await running.testDb.handle.db
				.selectFrom('users')
				.select('password_hash')
				.where('username', '=', account.username)
				.executeTakeFirstOrThrow()
			expect(row.password_hash).toMatch(/^\$argon2id\$/)
			expect(row.password_hash).not.toContain(account.password)
			expect(JSON.stringify(response.body)).not.toContain(account.password)
			for (const call of info.mock.calls) expect(JSON.stringify(call)).not.toContain(account.password)
		})

		it.each([
			[{ username: 'ab' }, 'Username must be at least 3 characters'],
			[{ email: 'not an email' }, 'Please enter a valid email address'],
			[{ email: 'a b@c.io' }, 'Please enter a valid email address'],
			[{ password: 'short', passwordConfirm: 'short' }, 'Password must be at least 8 characters'],
			[{ passwordConfirm: 'something else' }, 'Passwords do not match'],
		])('refuses %o with 400 and the product.md message', async (override, message) => {
			const response = await client().post<{ error: string }>('/api/auth/signup', { ...newAccount(), ...override })
			expect(response.status).toBe(400)
			expect(response.body.error).toContain(message)
		})

		it('trims username and email and keeps them unique case-insensitively', async () => {
			const account = newAccount()
			const first = await client().post<{ user: { username: string; email: string } }>('/api/auth/signup', {
				...account,
				username: `  ${account.username}  `,
				email: ` ${account.email} `,
			})
			expect(first.status).toBe(201)
			expect(first.body.user.username).toBe(account.username)
			expect(first.body.user.email).toBe(account.email)
			const sameName = await client().post<{ error: string }>('/api/auth/signup', {
				...newAccount(),
				username: account.username.toUpperCase(),
			})
			expect(sameName.status).toBe(409)
			expect(sameName.body.error).toBe('That username is already taken')
			const sameEmail = await client().post<{ error: string }>('/api/auth/signup', { ...newAccount(), email: account.email.toLowerCase() })
			expect(sameEmail.status).toBe(409)
		})

		it('NFKC-normalises usernames and refuses invisible characters', async () => {
			const account = newAccount()
			// Fullwidth letters are the same name as their plain forms.
			const fullwidth = account.username.replace(/^Sailor/, '\uFF33\uFF41\uFF49\uFF4C\uFF4F\uFF52')
			const created = await client().post<{ user: { username: string } }>('/api/auth/signup', { ...account, username: fullwidth })
			expect(created.status).toBe(201)
			expect(created.body.user.username).toBe(account.username)
			for (const invisible of ['\u200B', '\u200D', '\u202E', '\u2060', '\u3164', '\uFEFF', '\u00AD']) {
				const response = await client().post<{ error: string }>('/api/auth/signup', {
					...newAccount(),
					username: `ghost${invisible}name${counter}`,
				})
				expect(response.status, JSON.stringify(invisible)).toBe(400)
				expect(response.body.error).toBe('username: Username must not contain invisible characters')
			}
		})

		it('answers malformed and non-object bodies with 400, never 500', async () => {
			expect((await client().post('/api/auth/signup', '{not json')).status).toBe(400)
			expect((await client().post('/api/auth/signup', '[1,2]')).status).toBe(400)
			expect((await client().post('/api/auth/signup', { username: 42 })).status).toBe(400)
		})
	})

	describe('POST /api/auth/login and logout', () => {
		it('signs in by email or username (any case) with a fresh session id each time', async () => {
			const account = newAccount()
			const planted = client()
			await planted.post('/api/auth/signup', account)
			const oldCookie = planted.cookie
			const byEmail = await planted.post<{ token: string; user: { username: string } }>('/api/auth/login', {
				email: account.email.toUpperCase(),
				password: account.password,
			})
			expect(byEmail.status).toBe(200)
			expect(byEmail.body.user.username).toBe(account.username)
			expect(byEmail.body.token).toBeTruthy()
			expect(planted.cookie).not.toBe(oldCookie)
			// The session that was in the browser before login is gone.
			const stale = client()
			stale.cookie = oldCookie
			expect((await stale.get('/api/users/me')).status).toBe(401)
			const byUsername = await client().post('/api/auth/login', { username: account.username.toLowerCase(), password: account.password })
			expect(byUsername.status).toBe(200)
		})

		it('gives the same answer for an unknown user and a wrong password', async () => {
			const account = newAccount()
			await client().post('/api/auth/signup', account)
			const wrong = await client().post('/api/auth/login', { email: account.email, password: 'wrong password!' })
			const unknown = await client().post('/api/auth/login', { email: `nobody-${account.email}`, password: 'wrong password!' })
			expect(wrong.status).toBe(401)
			expect(unknown.status).toBe(401)
			expect(wrong.body).toEqual(unknown.body)
			expect(wrong.body).toEqual({ error: 'Invalid email/username or password' })
		})

		it('refuses an empty identifier or password with 400', async () => {
			const response = await client().post<{ error: string }>('/api/auth/login', { password: '' })
			expect(response.status).toBe(400)
			expect(response.body.error).toContain('Please enter a valid email or username and password (8+ characters)')
		})

		it('logout deletes the session row; the cookie is refused afterwards', async () => {
			const browser = client()
			await browser.post('/api/auth/signup', newAccount())
			const cookie = browser.cookie!
			const secret = cookie.split('=')[1]!
			const logout = await browser.post('/api/auth/logout')
			expect(logout.status).toBe(200)
			expect(logout.headers.getSetCookie().join()).toMatch(/willow_session=;/)
			expect(
				await running.testDb.handle.db.selectFrom('sessions').selectAll().where('id', '=', hashSessionSecret(secret)).executeTakeFirst(),
			).toBeUndefined()
			const replay = client()
			replay.cookie = cookie
			expect((await replay.get('/api/users/me')).status).toBe(401)
		})

		it("logout as the browser's own form post (no JavaScript yet) ends the session and answers with /login; another site's form is refused", async () => {
			const browser = client()
			await browser.post('/api/auth/signup', newAccount())
			const cookie = browser.cookie!
			const formPost = (site: string) =>
				fetch(`${running.api.baseUrl}/api/auth/logout`, {
					method: 'POST',
					redirect: 'manual',
					headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
				})
			const crossSite = await formPost('cross-site')
			expect(crossSite.status).toBe(403)
			expect((await browser.get('/api/users/me')).status).toBe(200)
			const sameOrigin = await formPost('same-origin')
			expect(sameOrigin.status).toBe(303)
			expect(sameOrigin.headers.get('location')).toBe('/login')
			expect(sameOrigin.headers.getSetCookie().join()).toMatch(/willow_session=;/)
			expect((await browser.get('/api/users/me')).status).toBe(401)
		})

		it('refuses an expired session', async () => {
			const browser = client()
			await browser.post('/api/auth/signup', newAccount())
			const secret = browser.cookie!.split('=')[1]!
			await running.testDb.handle.db
				.updateTable('sessions')
				.set({ expires_at: Date.now() - 1 })
				.where('id', '=', hashSessionSecret(secret))
				.execute()
			const response = await browser.get('/api/users/me')
			expect(response.status).toBe(401)
			expect(response.body).toEqual({ error: 'Unauthorized' })
		})
	})

	describe('brute force', () => {
		it('limits failures per account with 429 and Retry-After, the same for unknown accounts', async () => {
			const account = newAccount()
			await client().post('/api/auth/signup', account)
			// Different addresses, so only the per-account rule applies.
			const attempt = (email: string, password: string, n: number) =>
				client({ 'x-forwarded-for': `10.1.${n}.1` }).post('/api/auth/login', { email, password })
			for (const email of [account.email, `ghost-${account.email}`]) {
				for (let i = 0; i < THROTTLE_RULES.account.limit; i++) expect((await attempt(email, 'wrong password', i)).status).toBe(401)
				const blocked = await attempt(email, 'wrong password', 99)
				expect(blocked.status).toBe(429)
				expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800)
				expect(blocked.body).toEqual({ error: 'Too many attempts. Try again later.' })
			}
			// Even the right password waits until the block ends.
			expect((await attempt(account.email, account.password, 100)).status).toBe(429)
		})

		it('limits failures per client address across accounts', async () => {
			const address = { 'x-forwarded-for': '10.9.9.9' }
			let last = 0
			for (let i = 0; i < THROTTLE_RULES.ip.limit + 1; i++) {
				last = (await client(address).post('/api/auth/login', { username: `nobody${i}x${counter}`, password: 'wrong password' })).status
			}
			expect(last).toBe(429)
			// Another address is not affected.
			expect(
				(await client({ 'x-forwarded-for': '10.9.9.8' }).post('/api/auth/login', { username: 'nobody-else', password: 'wrong password' }))
					.status,
			).toBe(401)
		})

		it('counts each login before verifying it: 60 parallel wrong passwords for one account verify at most the limit', async () => {
			const account = newAccount()
			await client().post('/api/auth/signup', account)
			const statuses = await Promise.all(
				Array.from({ length: 60 }, (_, n) =>
					client({ 'x-forwarded-for': `10.60.${n}.1` })
						.post('/api/auth/login', { email: account.email, password: 'wrong password' })
						.then((response) => response.status),
				),
			)
			expect(statuses.filter((status) => status === 401)).toHaveLength(THROTTLE_RULES.account.limit)
			expect(statuses.filter((status) => status === 429)).toHaveLength(60 - THROTTLE_RULES.account.limit)
		})

		it('counts every sign-up call per address first, so "already taken" answers cannot be asked without limit', async () => {
			const account = newAccount()
			const address = { 'x-forwarded-for': '10.77.7.7' }
			expect((await client(address).post('/api/auth/signup', account)).status).toBe(201)
			const statuses: number[] = []
			for (let i = 0; i < THROTTLE_RULES.signupIp.limit + 2; i++)
				statuses.push((await client(address).post('/api/auth/signup', account)).status)
			expect(statuses.slice(0, THROTTLE_RULES.signupIp.limit - 1).every((status) => status === 409)).toBe(true)
			expect(statuses.at(-1)).toBe(429)
		})

		it('a device that signed in before is not locked out by failures from elsewhere', async () => {
			const account = newAccount()
			const owner = client({ 'x-forwarded-for': '10.88.0.1' })
			await owner.post('/api/auth/signup', account)
			expect((await owner.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200)
			expect(owner.deviceCookie).toBeTruthy()
			await owner.post('/api/auth/logout')
			// An attacker elsewhere exhausts the account's limit.
			for (let i = 0; i <= THROTTLE_RULES.account.limit; i++)
				await client({ 'x-forwarded-for': `10.89.${i}.1` }).post('/api/auth/login', { email: account.email, password: 'wrong password' })
			expect(
				(await client({ 'x-forwarded-for': '10.89.200.1' }).post('/api/auth/login', { email: account.email, password: account.password }))
					.status,
			).toBe(429)
			// The owner's device still gets in with the right password.
			expect((await owner.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200)
			// A forged device cookie is just a stranger.
			const forger = client({ 'x-forwarded-for': '10.89.201.1' })
			forger.deviceCookie = `${owner.deviceCookie!.slice(0, -4)}AAAA`
			expect((await forger.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(429)
		})

		it('counts IPv6 clients by their /64, so rotating addresses inside it does not reset the limit', async () => {
			let last = 0
			for (let i = 0; i < THROTTLE_RULES.ip.limit + 1; i++) {
				last = (
					await client({ 'x-forwarded-for': `2001:db8:77:1::${(i + 1).toString(16)}` }).post('/api/auth/login', {
						username: `nobody6-${i}x${counter}`,
						password: 'wrong password',
					})
				).status
			}
			expect(last).toBe(429)
			expect(
				(
					await client({ 'x-forwarded-for': '2001:db8:77:2::1' }).post('/api/auth/login', {
						username: 'nobody-else6',
						password: 'wrong password',
					})
				).status,
			).toBe(401)
		})

		it('keeps its counters in the database, shared by every process', async () => {
			const rows = await running.testDb.handle.db.selectFrom('auth_throttle').select(['key']).execute()
			expect(rows.some((row) => row.key.startsWith('login-ip:'))).toBe(true)
		})
	})

	describe('cross-origin and session guards', () => {
		it('refuses cross-site state-changing requests', async () => {
			const evil = await client({ origin: 'https://evil.example' }).post('/api/auth/signup', newAccount())
			expect(evil.status).toBe(403)
			const crossSite = await client({ 'sec-fetch-site': 'cross-site' }).post('/api/auth/login', { username: 'x', password: 'y' })
			expect(crossSite.status).toBe(403)
		})

		it.each([
			['GET', '/api/users/me'],
			['POST', '/api/users/me/updateName'],
			['GET', '/api/users/me/bookmarks'],
			['GET', '/api/users/me/watch-history'],
			['GET', '/api/users/me/settings'],
			['GET', '/api/users/me/sync-state'],
			['GET', '/api/users/me/export'],
			['DELETE', '/api/users/me'],
			['POST', '/api/sync/bookmarks'],
			['POST', '/api/sync/watch-history'],
			['POST', '/api/sync/settings'],
			['POST', '/api/sync/4k_token'],
		])('%s %s without a session is 401', async (method, path) => {
			const response = await client().request(method, path, method === 'GET' ? undefined : {})
			expect(response.status).toBe(401)
			expect(response.body).toEqual({ error: 'Unauthorized' })
		})
	})

	describe('users/me', () => {
		it('updates the name (trimmed; empty refused) and renders user text as data', async () => {
			const browser = client()
			await browser.post('/api/auth/signup', newAccount())
			const updated = await browser.post<{ user: { name: string } }>('/api/users/me/updateName', {
				name: '  <img src=x onerror=alert(1)>  ',
			})
			expect(updated.status).toBe(200)
			expect(updated.body.user.name).toBe('<img src=x onerror=alert(1)>')
			expect(updated.headers.get('content-type')).toMatch(/application\/json/)
			const empty = await browser.post<{ error: string }>('/api/users/me/updateName', { name: '   ' })
			expect(empty.status).toBe(400)
			expect(empty.body.error).toContain('Name must not be empty')
		})

		it('syncs a 4K token only when it starts with ey and is over 50 characters', async () => {
			const browser = client()
			await browser.post('/api/auth/signup', newAccount())
			const token = `ey${'a'.repeat(60)}`
			expect((await browser.post('/api/sync/4k_token', { token: 'abc' })).status).toBe(400)
			expect((await browser.post('/api/sync/4k_token', { token: `ey${'a'.repeat(48)}` })).status).toBe(400)
			expect((await browser.post('/api/sync/4k_token', { token: `xx${'a'.repeat(60)}` })).status).toBe(400)
			expect((await browser.post('/api/sync/4k_token', { token })).status).toBe(200)
			const me = await browser.get<{ user: Record<string, unknown> }>('/api/users/me')
			expect(me.body.user['4k_token']).toBe(token)
		})

		it('changes the password with the old one, signing out every other session but this one', async () => {
			const account = newAccount()
			const laptop = client()
			await laptop.post('/api/auth/signup', account)
			const phone = client()
			expect((await phone.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200)
			const change = (browser: ApiClient, currentPassword: string, newPassword = 'a brand new password') =>
				browser.post<{ error?: string; signedOut?: number }>('/api/users/me/password', {
					currentPassword,
					newPassword,
					newPasswordConfirm: newPassword,
				})
			const wrong = await change(laptop, 'wrong password')
			expect(wrong.status).toBe(400)
			expect(wrong.body.error).toBe('That password is not right')
			expect(
				(
					await laptop.post('/api/users/me/password', {
						currentPassword: account.password,
						newPassword: 'short',
						newPasswordConfirm: 'short',
					})
				).status,
			).toBe(400)
			const changed = await change(laptop, account.password)
			expect(changed.status).toBe(200)
			expect(changed.body.signedOut).toBe(1)
			expect((await laptop.get('/api/users/me')).status).toBe(200)
			expect((await phone.get('/api/users/me')).status).toBe(401)
			expect((await client().post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(401)
			expect((await client().post('/api/auth/login', { email: account.email, password: 'a brand new password' })).status).toBe(200)
		})

		it('signs out of all other devices', async () => {
			const account = newAccount()
			const laptop = client()
			await laptop.post('/api/auth/signup', account)
			const others = [client(), client()]
			for (const other of others) await other.post('/api/auth/login', { email: account.email, password: account.password })
			const answer = await laptop.post<{ signedOut: number }>('/api/users/me/sessions/sign-out-others')
			expect(answer.body.signedOut).toBe(2)
			expect((await laptop.get('/api/users/me')).status).toBe(200)
			for (const other of others) expect((await other.get('/api/users/me')).status).toBe(401)
		})

		it('ends a session left unused longer than the idle timeout, and keeps a used one alive', async () => {
			const account = newAccount()
			const browser = client()
			await browser.post('/api/auth/signup', account)
			const { db } = running.testDb.handle
			const userId = (await browser.get<{ user: { id: string } }>('/api/users/me')).body.user.id
			const sevenDays = 7 * 24 * 60 * 60 * 1000
			// Used 6 days ago: still valid, and the use refreshes it.
			await db
				.updateTable('sessions')
				.set({ last_seen_at: Date.now() - sevenDays + 24 * 60 * 60 * 1000 })
				.where('user_id', '=', userId)
				.execute()
			expect((await browser.get('/api/users/me')).status).toBe(200)
			const refreshed = await db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', userId).executeTakeFirstOrThrow()
			expect(refreshed.last_seen_at).toBeGreaterThan(Date.now() - 60_000)
			// Unused for 7 days: over.
			await db
				.updateTable('sessions')
				.set({ last_seen_at: Date.now() - sevenDays - 1000 })
				.where('user_id', '=', userId)
				.execute()
			expect((await browser.get('/api/users/me')).status).toBe(401)
		})

		it("the owner's password reset sets a new password and ends every session", async () => {
			const account = newAccount()
			const browser = client()
			await browser.post('/api/auth/signup', account)
			expect(await resetPassword(running.testDb.handle, 'no-such-user')).toBeUndefined()
			const reset = await resetPassword(running.testDb.handle, account.username.toUpperCase())
			expect(reset).toMatchObject({ username: account.username, signedOut: 1 })
			expect(reset!.password).toMatch(/^[\w-]{24}$/)
			expect((await browser.get('/api/users/me')).status).toBe(401)
			expect((await client().post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(401)
			expect((await client().post('/api/auth/login', { email: account.email, password: reset!.password })).status).toBe(200)
		})

		it('exports the data as a JSON download and deletes every row of the user on confirmation', async () => {
			const browser = client()
			const account = newAccount()
			const signup = await browser.post<{ user: { id: string } }>('/api/auth/signup', account)
			const userId = signup.body.user.id
			await browser.post('/api/sync/bookmarks', {
				bookmarks: [{ mediaId: 1, category: 'watchlist', addedAt: 1 }],
				tombstones: [{ mediaId: 2, category: 'watched', deletedAt: 2 }],
			})
			await browser.post('/api/sync/watch-history', {
				items: {
					'3': {
						type: 'show',
						title: 'S',
						updatedAt: 3,
						episodes: {
							s1e1: { id: 1, number: 1, title: 'E', seasonId: 1, season: 1, updatedAt: 3, progress: { watched: 1, duration: 2 } },
						},
					},
				},
			})
			await browser.post('/api/sync/settings', {
				settings: {
					values: { player: {}, appearance: {}, content: {}, account: {}, notifications: {} },
					changedAt: { 'player.autoplay': 5 },
				},
			})
			// A calendar feed and an add-on: rows only the users table's foreign-key cascade removes (deleteUserData does not name them).
			expect((await browser.post('/api/calendar/feed', {})).status).toBe(201)
			await running.testDb.handle.db
				.insertInto('user_addons')
				.values({ user_id: userId, manifest_url: 'https://addon.example/manifest.json', position: 0, name: 'Example', added_at: 4 })
				.execute()
			const exported = await browser.get<Record<string, unknown>>('/api/users/me/export')
			expect(exported.status).toBe(200)
			expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="willow-data-/)
			expect(exported.body).toMatchObject({
				user: { username: account.username },
				bookmarks: [{ mediaId: 1 }],
				removedBookmarks: [{ mediaId: 2 }],
				watchHistory: { '3': { title: 'S' } },
			})
			expect(JSON.stringify(exported.body)).not.toContain('argon2')

			// Deleting asks for the password (a typed username proves nothing about who holds the session).
			expect((await browser.request('DELETE', '/api/users/me', { username: account.username })).status).toBe(400)
			const wrongConfirm = await browser.request<{ error: string }>('DELETE', '/api/users/me', { password: 'not the password' })
			expect(wrongConfirm.status).toBe(400)
			expect(wrongConfirm.body.error).toBe('That password is not right')
			const deleted = await browser.request('DELETE', '/api/users/me', { password: account.password })
			expect(deleted.status).toBe(200)
			const { db } = running.testDb.handle
			for (const table of [
				'user_bookmarks',
				'user_watch_items',
				'user_watch_episodes',
				'user_settings',
				'user_sync_state',
				'sessions',
				'user_addons',
				'calendar_feeds',
			] as const) {
				expect(await db.selectFrom(table).selectAll().where('user_id', '=', userId).execute(), table).toEqual([])
			}
			expect(await db.selectFrom('users').selectAll().where('id', '=', userId).execute()).toEqual([])
			expect((await browser.get('/api/users/me')).status).toBe(401)
			expect((await client().post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(401)
		})
	})
})

describe('session cookie in production behind an HTTPS proxy', () => {
	let testDb: TestDatabase
	let api: RunningApi
	const saved = { NODE_ENV: process.env.NODE_ENV, TRUST_PROXY: process.env.TRUST_PROXY }

	beforeAll(async () => {
		process.env.NODE_ENV = 'production'
		process.env.TRUST_PROXY = 'true'
		resetEnvForTests()
		testDb = await createTestDatabase('sqlite')
		api = await startApi(testDb.handle)
	})
	afterAll(async () => {
		await api?.close()
		await testDb?.destroy()
		process.env.NODE_ENV = saved.NODE_ENV
		if (saved.TRUST_PROXY === undefined) delete process.env.TRUST_PROXY
		else process.env.TRUST_PROXY = saved.TRUST_PROXY
		resetEnvForTests()
	})

	it('over HTTPS accepts only the __Host- cookie; plain HTTP keeps the plain one', async () => {
		const browser = new ApiClient(api.baseUrl, { 'x-forwarded-proto': 'https' })
		await browser.post('/api/auth/signup', newAccount())
		const secret = browser.cookie!.split('=')[1]!
		const overHttps = (cookie: string) =>
			fetch(`${api.baseUrl}/api/users/me`, { headers: { cookie, 'x-forwarded-proto': 'https' } }).then((response) => response.status)
		expect(await overHttps(`__Host-willow_session=${secret}`)).toBe(200)
		// A cookie without the prefix could have been set by a sibling subdomain or over plain HTTP.
		expect(await overHttps(`willow_session=${secret}`)).toBe(401)
		const plain = new ApiClient(api.baseUrl)
		await plain.post('/api/auth/signup', newAccount())
		expect(plain.cookie).toMatch(/^willow_session=/)
		expect((await plain.get('/api/users/me')).status).toBe(200)
	})

	it('uses the __Host- prefix with Secure, and accepts it back', async () => {
		const browser = new ApiClient(api.baseUrl, { 'x-forwarded-proto': 'https' })
		const response = await browser.post('/api/auth/signup', newAccount())
		expect(response.status).toBe(201)
		expect(response.headers.getSetCookie().join('\n')).toMatch(
			/^__Host-willow_session=[^;]+; Max-Age=\d+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/m,
		)
		expect((await browser.get('/api/users/me')).status).toBe(200)
	})
})
