import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetEnvForTests } from '#server/env.server.ts'
import { resetOwnerFilesForTests } from '#server/promo/owner-files.server.ts'
import { ADS_FILE, INFO_MODALS_FILE } from '#server/promo/promo.server.ts'
import { startTestApp, type RunningApp } from '#tests/support/servers.ts'

// GET /modalData.json and GET /ads.json (product.md §7 "Static files") answer the
// valid entries of the owner's files in DATA_DIR, entry by entry (decision 0032).

describe('the owner files at their static paths', () => {
	let dir: string
	let app: RunningApp
	const savedDataDir = process.env.DATA_DIR

	const write = (name: string, value: unknown) => {
		const file = path.join(dir, name)
		fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value))
		// A new mtime each time, as an owner's edit would make.
		const stamp = Date.now() / 1000 + Math.random() * 1000
		fs.utimesSync(file, stamp, stamp)
		resetOwnerFilesForTests()
	}
	const get = async (route: string) => {
		const response = await fetch(`${app.baseUrl}${route}`)
		return {
			status: response.status,
			type: response.headers.get('content-type'),
			cache: response.headers.get('cache-control'),
			body: (await response.json()) as unknown,
		}
	}

	beforeAll(async () => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-promo-files-'))
		process.env.DATA_DIR = dir
		resetEnvForTests()
		resetOwnerFilesForTests()
		app = await startTestApp()
	})
	afterAll(async () => {
		await app?.close()
		if (savedDataDir === undefined) delete process.env.DATA_DIR
		else process.env.DATA_DIR = savedDataDir
		resetEnvForTests()
		resetOwnerFilesForTests()
		fs.rmSync(dir, { recursive: true, force: true })
	})

	it('answers empty lists when the owner configured nothing', async () => {
		expect(await get('/modalData.json')).toMatchObject({ status: 200, body: [] })
		expect(await get('/ads.json')).toMatchObject({ status: 200, body: [] })
	})

	it('answers the valid info modals, skipping bad entries', async () => {
		write(INFO_MODALS_FILE, {
			modals: [
				{ id: 'welcome', title: 'Welcome', content: 'Hello', priority: 5 },
				{ id: 'broken', title: 'Bad dates', startsAt: 'next week' },
				{ title: 'No id' },
				{ id: 'later', title: 'Later', repeat: 'monthly', expiresAt: '2099-01-01' },
			],
		})
		const answer = await get('/modalData.json')
		expect(answer.status).toBe(200)
		expect(answer.type).toMatch(/^application\/json/)
		expect(answer.cache).toMatch(/max-age=\d+/)
		expect(answer.body).toEqual([
			{ id: 'welcome', title: 'Welcome', content: 'Hello', html: false, priority: 5, repeat: 'never' },
			{ id: 'later', title: 'Later', content: '', html: false, priority: 0, repeat: 'monthly', expiresAt: '2099-01-01' },
		])
	})

	it('answers the valid ads, skipping bad entries', async () => {
		write(ADS_FILE, [
			{ id: 'a1', gifUrl: 'https://cdn.example.com/a.gif', link: 'https://example.com/', priority: 2 },
			{ id: 'a2', gifUrl: 'http://insecure.example.com/a.gif', link: '/advertise' },
		])
		expect((await get('/ads.json')).body).toEqual([
			{
				id: 'a1',
				gifUrl: 'https://cdn.example.com/a.gif',
				link: 'https://example.com/',
				priority: 2,
				alt: 'Advertisement',
				width: 728,
				height: 90,
			},
		])
	})

	it('answers an empty list for a file that is not JSON, never an error', async () => {
		write(INFO_MODALS_FILE, '{ "modals": [ oops')
		expect(await get('/modalData.json')).toMatchObject({ status: 200, body: [] })
	})
})
