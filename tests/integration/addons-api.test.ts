import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '#tests/support/api-test-client.ts'
import { createMemoryCache, setCacheForTests } from '#server/cache/cache.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { addonSources } from '#server/sources/addons/addon-sources.server.ts'
import { MAX_USER_ADDONS, addUserAddon } from '#server/sources/addons/store.server.ts'
import { setPublicAddressCheckForTests } from '#server/sources/net/safe-fetch.server.ts'
import { resetSigningSecretForTests } from '#server/sources/signing.server.ts'
import { useApiOnTestDatabase } from '#tests/support/api.ts'
import { DIALECTS } from '#tests/support/db.ts'
import { ADDON_NAME, MOVIE_IMDB, startBrokenAddons, startMediaHost, startTestAddon, type MediaHost } from '#tests/support/stremio-addon.ts'

// /api/addons: a signed-in user's own add-ons, on SQLite and PostgreSQL.

interface AddonRow {
	id: string
	manifestUrl: string
	name: string
	addedAt: number
}

let media: MediaHost
let addon: { url: string; close(): Promise<void> }
let broken: { url: string; close(): Promise<void> }
let counter = 0

beforeAll(async () => {
	media = await startMediaHost()
	addon = await startTestAddon(media.url)
	broken = await startBrokenAddons()
	process.env.STREAM_SIGNING_SECRET = 'addons-api-tests-signing-secret-0123456789'
	resetEnvForTests()
	resetSigningSecretForTests()
	setCacheForTests(createMemoryCache())
})

afterAll(async () => {
	delete process.env.STREAM_SIGNING_SECRET
	resetEnvForTests()
	resetSigningSecretForTests()
	setCacheForTests(undefined)
	setPublicAddressCheckForTests(undefined)
	await Promise.all([media?.close(), addon?.close(), broken?.close()])
})

describe.each(DIALECTS)('add-ons API on %s', (dialect) => {
	const running = useApiOnTestDatabase(dialect)

	async function signUp() {
		counter += 1
		const suffix = `${dialect}_${counter}_${Date.now().toString(36)}`
		const client = new ApiClient(running.api.baseUrl, { 'x-forwarded-for': `198.51.100.${counter % 250}` })
		const created = await client.post<{ user: { id: string } }>('/api/auth/signup', {
			username: `addons_${suffix}`,
			email: `addons.${suffix}@example.com`,
			password: 'long enough pw',
			passwordConfirm: 'long enough pw',
		})
		expect(created.status).toBe(201)
		const me = await client.get<{ user: { id: string; username: string } }>('/api/users/me')
		return { client, user: { id: me.body.user.id, username: me.body.user.username } }
	}

	/** The add-on under a name that is not an IP literal, so the injected "public" check lets it through. */
	const manifestAt = (host: string) => `http://${host}:${new URL(addon.url).port}/manifest.json`

	it('needs a session', async () => {
		const anonymous = new ApiClient(running.api.baseUrl)
		expect((await anonymous.get('/api/addons')).status).toBe(401)
		expect((await anonymous.post('/api/addons', { manifestUrl: manifestAt('localhost') })).status).toBe(401)
	})

	it('refuses an add-on on a private address, a bad URL, a broken manifest, with { error }', async () => {
		const { client } = await signUp()
		const privateOne = await client.post('/api/addons', { manifestUrl: `${addon.url}/manifest.json` })
		expect(privateOne.status).toBe(400)
		expect(privateOne.body).toEqual({ error: 'That address is not allowed: add-ons must be on a public address' })
		for (const manifestUrl of ['file:///etc/passwd', 'not a url', '', 'https://example.com/not-a-manifest']) {
			const answer = await client.post('/api/addons', { manifestUrl })
			expect(answer.status).toBe(400)
			expect(typeof answer.body.error).toBe('string')
		}
		expect((await client.post('/api/addons', { manifestUrl: 42 })).status).toBe(400)
		setPublicAddressCheckForTests(() => true)
		try {
			const malformed = await client.post('/api/addons', {
				manifestUrl: `http://localhost:${new URL(broken.url).port}/malformed/manifest.json`,
			})
			expect(malformed.status).toBe(400)
			expect(malformed.body.error).toMatch(/^Could not use this add-on: malformed manifest/)
			const huge = await client.post('/api/addons', { manifestUrl: `http://localhost:${new URL(broken.url).port}/huge/manifest.json` })
			expect(huge.body).toEqual({ error: 'Could not read the manifest: answer too large' })
		} finally {
			setPublicAddressCheckForTests(undefined)
		}
		expect((await client.get<{ addons: AddonRow[] }>('/api/addons')).body.addons).toEqual([])
	})

	it('adds, lists, reorders and removes, and the user’s lookups include them after the owner’s', async () => {
		const { client, user } = await signUp()
		setPublicAddressCheckForTests(() => true)
		let first: AddonRow
		let second: AddonRow
		try {
			const added = await client.post<{ addon: AddonRow; addons: AddonRow[] }>('/api/addons', { manifestUrl: manifestAt('localhost') })
			expect(added.status).toBe(201)
			first = added.body.addon
			expect(first).toMatchObject({
				id: expect.stringMatching(/^addon:[0-9a-f]{16}$/),
				manifestUrl: manifestAt('localhost'),
				name: ADDON_NAME,
			})
			expect((await client.post('/api/addons', { manifestUrl: manifestAt('localhost') })).status).toBe(409)
			second = (await client.post<{ addon: AddonRow }>('/api/addons', { manifestUrl: manifestAt('127.0.0.1') })).body.addon
			expect(second?.name).toBe(ADDON_NAME)
		} finally {
			setPublicAddressCheckForTests(undefined)
		}
		const listed = await client.get<{ addons: AddonRow[]; max: number }>('/api/addons')
		expect(listed.body.addons.map((a) => a.id)).toEqual([first.id, second.id])
		expect(listed.body.max).toBe(MAX_USER_ADDONS)

		const sources = await addonSources(user)
		expect(sources.map((s) => s.id)).toEqual([first.id, second.id])
		expect(sources.map((s) => s.name)).toEqual([ADDON_NAME, ADDON_NAME])
		// A user's add-on on loopback is refused when asked, whatever was stored.
		const asked = await sources[0]!.lookup(
			{ type: 'movie', title: 'Fight Club', releaseYear: 1999, tmdbId: 550, imdbId: MOVIE_IMDB },
			{ signal: AbortSignal.timeout(5000), user, clientKey: 'x' },
		)
		expect(asked).toEqual({ kind: 'none', reason: expect.stringMatching(/^refused/) })

		const reordered = await client.request<{ addons: AddonRow[] }>('PUT', '/api/addons/order', { ids: [second.id, first.id] })
		expect(reordered.status).toBe(200)
		expect(reordered.body.addons.map((a) => a.id)).toEqual([second.id, first.id])
		expect((await addonSources(user)).map((s) => s.id)).toEqual([second.id, first.id])
		for (const ids of [[first.id], [first.id, first.id], [first.id, 'addon:0000000000000000'], 'nope']) {
			const bad = await client.request('PUT', '/api/addons/order', { ids })
			expect(bad.status).toBe(400)
			expect(typeof bad.body.error).toBe('string')
		}

		expect((await client.request('DELETE', '/api/addons/addon:0000000000000000')).status).toBe(404)
		expect((await client.request('DELETE', '/api/addons/..%2F..%2Fetc')).status).toBe(400)
		const removed = await client.request<{ addons: AddonRow[] }>('DELETE', `/api/addons/${second.id}`)
		expect(removed.status).toBe(200)
		expect(removed.body.addons.map((a) => a.id)).toEqual([first.id])

		// Another user sees none of them.
		const other = await signUp()
		expect((await other.client.get<{ addons: AddonRow[] }>('/api/addons')).body.addons).toEqual([])
		expect((await other.client.request('DELETE', `/api/addons/${first.id}`)).status).toBe(404)
	})

	it(`keeps at most ${MAX_USER_ADDONS} add-ons per user`, async () => {
		const { client, user } = await signUp()
		for (let i = 0; i < MAX_USER_ADDONS; i++)
			expect((await addUserAddon(user.id, `https://addon${i}.example/manifest.json`, `A${i}`)).ok).toBe(true)
		expect(await addUserAddon(user.id, 'https://one-more.example/manifest.json', 'X')).toEqual({ ok: false, reason: 'full' })
		const answer = await client.post('/api/addons', { manifestUrl: 'https://one-more.example/manifest.json' })
		expect(answer.status).toBe(409)
		expect(answer.body).toEqual({ error: `You can have at most ${MAX_USER_ADDONS} add-ons` })
		const listed = await client.get<{ addons: AddonRow[] }>('/api/addons')
		expect(listed.body.addons.map((a) => a.name)).toEqual(Array.from({ length: MAX_USER_ADDONS }, (_, i) => `A${i}`))
	})
})
