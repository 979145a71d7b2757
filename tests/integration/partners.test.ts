import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PARTNER_SUBMIT_RULE } from '#server/partners/api.server.ts'
import { PARTNERS_FILE, readPartners } from '#server/partners/partners.server.ts'
import { listPartnerSubmissions } from '#server/partners/submissions.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { logger } from '#server/logger.server.ts'
import { resetOwnerFilesForTests } from '#server/promo/owner-files.server.ts'
import { ApiClient, startApi, type RunningApi } from '#tests/support/api-test-client.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

// Partners: the owner's DATA_DIR/partners.json (entry by entry) for /partners,
// and submissions from /partners/submit stored for `npm run partners:list`:
// validated, honeypot-guarded, limited per client, same-origin only.

const SUBMISSION = {
	name: 'Open Subtitles Club',
	siteUrl: 'https://subs.example.org/',
	email: 'hello@subs.example.org',
	message: 'We run a community subtitle archive.',
}

describe.each(DIALECTS)('partner submissions on %s', (dialect) => {
	let testDb: TestDatabase
	let api: RunningApi
	let address = 0
	const client = () => new ApiClient(api.baseUrl, { 'x-forwarded-for': `198.18.1.${++address}` })

	beforeAll(async () => {
		process.env.TRUST_PROXY = 'true'
		resetEnvForTests()
		testDb = await createTestDatabase(dialect)
		api = await startApi(testDb.handle)
	})
	afterAll(async () => {
		await api?.close()
		await testDb?.destroy()
		delete process.env.TRUST_PROXY
		resetEnvForTests()
	})

	it('stores a valid submission, trimmed, for the owner to list', async () => {
		const response = await client().post('/api/partners/submissions', { ...SUBMISSION, name: `  ${SUBMISSION.name} `, company: '' })
		expect(response.status).toBe(201)
		expect(response.body).toEqual({ ok: true })
		const [stored] = await listPartnerSubmissions()
		expect(stored).toMatchObject(SUBMISSION)
		expect(stored!.createdAt).toBeGreaterThan(Date.now() - 60_000)
	})

	it('answers 400 with the first problem for invalid fields, storing nothing', async () => {
		const before = (await listPartnerSubmissions()).length
		const cases: Array<[Record<string, unknown>, RegExp]> = [
			[{ ...SUBMISSION, name: '   ' }, /^name: /],
			[{ ...SUBMISSION, siteUrl: 'javascript:alert(1)' }, /^siteUrl: .*https:\/\//],
			[{ ...SUBMISSION, siteUrl: 'subs.example.org' }, /^siteUrl: /],
			[{ ...SUBMISSION, email: 'not an email' }, /^email: Please enter a valid email address$/],
			[{ ...SUBMISSION, message: '' }, /^message: /],
			[{ ...SUBMISSION, message: 'x'.repeat(2001) }, /^message: /],
			[{ name: 'Only a name' }, /: /],
		]
		for (const [body, error] of cases) {
			const response = await client().post<{ error: string }>('/api/partners/submissions', body)
			expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400)
			expect(response.body.error).toMatch(error)
		}
		expect(await client().post('/api/partners/submissions', '[1,2')).toMatchObject({ status: 400 })
		expect((await listPartnerSubmissions()).length).toBe(before)
	})

	it('gives a filled honeypot the usual answer but keeps nothing', async () => {
		const before = (await listPartnerSubmissions()).length
		const response = await client().post('/api/partners/submissions', { ...SUBMISSION, name: 'Robot', company: 'Spam Inc.' })
		expect(response.status).toBe(201)
		expect((await listPartnerSubmissions()).length).toBe(before)
	})

	it('limits submissions per client address', async () => {
		const same = client()
		const statuses: number[] = []
		for (let i = 0; i <= PARTNER_SUBMIT_RULE.limit; i++)
			statuses.push((await same.post('/api/partners/submissions', { ...SUBMISSION, name: `Try ${i}` })).status)
		expect(statuses.slice(0, PARTNER_SUBMIT_RULE.limit).every((status) => status === 201)).toBe(true)
		const refused = await same.post<{ error: string }>('/api/partners/submissions', SUBMISSION)
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(refused.body.error).toMatch(/Too many/)
		// Other clients are not affected.
		expect((await client().post('/api/partners/submissions', SUBMISSION)).status).toBe(201)
		// Invalid attempts count too: the limit is taken before the check.
		const prober = client()
		for (let i = 0; i < PARTNER_SUBMIT_RULE.limit; i++)
			expect((await prober.post('/api/partners/submissions', { name: 'x' })).status).toBe(400)
		expect((await prober.post('/api/partners/submissions', SUBMISSION)).status).toBe(429)
	})

	it('refuses a cross-site post', async () => {
		const response = await client().request('POST', '/api/partners/submissions', SUBMISSION, {
			origin: 'https://evil.example',
			'sec-fetch-site': 'cross-site',
		})
		expect(response.status).toBe(403)
	})

	it('lists the newest first, with a limit', async () => {
		const all = await listPartnerSubmissions()
		expect(all.length).toBeGreaterThan(2)
		for (let i = 1; i < all.length; i++) expect(all[i - 1]!.createdAt).toBeGreaterThanOrEqual(all[i]!.createdAt)
		expect(await listPartnerSubmissions({ limit: 2 })).toEqual(all.slice(0, 2))
	})
})

describe("the owner's partners.json", () => {
	let dir: string
	const saved = process.env.DATA_DIR
	beforeAll(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-partners-'))
		process.env.DATA_DIR = dir
		resetEnvForTests()
		resetOwnerFilesForTests()
	})
	afterAll(() => {
		if (saved === undefined) delete process.env.DATA_DIR
		else process.env.DATA_DIR = saved
		resetEnvForTests()
		resetOwnerFilesForTests()
		fs.rmSync(dir, { recursive: true, force: true })
	})

	it('lists none without a file', () => {
		expect(readPartners()).toEqual([])
	})

	it('reads partners entry by entry: a bad entry is logged and skipped', () => {
		const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
		fs.writeFileSync(
			path.join(dir, PARTNERS_FILE),
			JSON.stringify({
				partners: [
					{
						name: 'Good Partner',
						link: 'https://good.example/',
						logo: 'https://cdn.example.com/logo.png',
						description: 'Subtitles for everyone.',
					},
					{ name: 'No link' },
					{ name: 'Bad logo', link: 'https://x.example/', logo: 'javascript:alert(1)' },
					{ name: 'Local', link: '/donate' },
				],
			}),
		)
		resetOwnerFilesForTests()
		expect(readPartners()).toEqual([
			{
				name: 'Good Partner',
				link: 'https://good.example/',
				logo: 'https://cdn.example.com/logo.png',
				description: 'Subtitles for everyone.',
			},
			{ name: 'Local', link: '/donate', description: '' },
		])
		expect(warn.mock.calls.map(([fields]) => (fields as { id?: string }).id)).toEqual(['No link', 'Bad logo'])
		warn.mockRestore()
	})
})
