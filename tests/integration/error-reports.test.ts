import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_REPORT_RULE } from '#server/error-reports/api.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { ApiClient, startApi, type RunningApi } from '#tests/support/api-test-client.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

// "Report This Issue": posted to the owner's chat webhook (a fake one here, on
// 127.0.0.1) when ERROR_WEBHOOK_URL is set, else kept in the database; bounded
// in size and limited per address.

const REPORT = {
	name: 'TypeError',
	message: 'x is undefined',
	url: 'https://willow.example/movies/550',
	status: 500,
	browser: 'Chromium 140',
	notes: 'I pressed Watch',
	stack: `TypeError: x is undefined\n${'    at frame (app.js:1:1)\n'.repeat(100)}`,
}

describe.each(DIALECTS)('error reports on %s', (dialect) => {
	let testDb: TestDatabase
	let api: RunningApi
	let address = 0
	const reporter = () => new ApiClient(api.baseUrl, { 'x-forwarded-for': `198.18.0.${++address}` })
	const webhookCalls: Array<{ body: unknown }> = []
	let webhookStatus = 204
	const webhook = http.createServer((req, res) => {
		let body = ''
		req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
		req.on('end', () => {
			webhookCalls.push({ body: JSON.parse(body) as unknown })
			res.statusCode = webhookStatus
			res.end()
		})
	})
	const setWebhook = (url: string | undefined) => {
		if (url) process.env.ERROR_WEBHOOK_URL = url
		else delete process.env.ERROR_WEBHOOK_URL
		resetEnvForTests()
	}
	const storedReports = async () =>
		(await testDb.handle.db.selectFrom('error_reports').select('report').execute()).map(
			(row) => JSON.parse(row.report) as Record<string, unknown>,
		)

	beforeAll(async () => {
		await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve))
		process.env.TRUST_PROXY = 'true'
		setWebhook(undefined)
		testDb = await createTestDatabase(dialect)
		api = await startApi(testDb.handle)
	})
	afterAll(async () => {
		await api?.close()
		await testDb?.destroy()
		await new Promise((resolve) => webhook.close(resolve))
		delete process.env.TRUST_PROXY
		setWebhook(undefined)
	})

	it('keeps a report in the database without a webhook, with the first 1,000 characters of the stack', async () => {
		expect((await reporter().post('/api/errors/report', REPORT)).status).toBe(202)
		const [stored] = await storedReports()
		expect(stored).toMatchObject({
			name: 'TypeError',
			message: 'x is undefined',
			url: REPORT.url,
			status: 500,
			browser: 'Chromium 140',
			notes: 'I pressed Watch',
		})
		expect(String(stored!.stack)).toHaveLength(1000)
	})

	it('posts the embed to ERROR_WEBHOOK_URL, and keeps the report when the webhook fails', async () => {
		setWebhook(`http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`)
		const before = (await storedReports()).length
		expect((await reporter().post('/api/errors/report', REPORT)).status).toBe(202)
		expect(webhookCalls).toHaveLength(1)
		const embed = (webhookCalls[0]!.body as { embeds: Array<{ title: string; fields: Array<{ name: string; value: string }> }> }).embeds[0]!
		expect(embed.title).toBe('TypeError: x is undefined')
		expect(Object.fromEntries(embed.fields.map((field) => [field.name, field.value]))).toMatchObject({
			URL: REPORT.url,
			Status: '500',
			Browser: 'Chromium 140',
			'User notes': 'I pressed Watch',
		})
		expect((await storedReports()).length).toBe(before)

		webhookStatus = 500
		expect((await reporter().post('/api/errors/report', REPORT)).status).toBe(202)
		expect((await storedReports()).length).toBe(before + 1)
		webhookStatus = 204
		setWebhook(undefined)
	})

	it('limits reports per address and bounds their size', async () => {
		const client = reporter()
		const statuses: number[] = []
		for (let i = 0; i <= ERROR_REPORT_RULE.limit; i++)
			statuses.push((await client.post('/api/errors/report', { name: 'E', message: `m${i}` })).status)
		expect(statuses.slice(0, ERROR_REPORT_RULE.limit).every((status) => status === 202)).toBe(true)
		expect(statuses.at(-1)).toBe(429)
		const big = await reporter().post<{ error: string }>('/api/errors/report', { name: 'E', notes: 'x'.repeat(20_000) })
		expect(big.status).toBe(413)
		expect(big.body.error).toBe('Request body is too large')
	})
})
