import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { adsFileSchema } from '#app/lib/promo/schema.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { logger } from '#server/logger.server.ts'
import { resetOwnerFilesForTests } from './owner-files.server.ts'
import {
	ADS_FILE,
	AD_ROTATION_MS,
	getHomePromo,
	INFO_BANNER_FILE,
	INFO_MODALS_FILE,
	promoImageOrigins,
	readInfoModals,
	readPromoConfig,
} from './promo.server.ts'

const NOW = Date.parse('2026-05-10T12:00:00Z')
let dir: string
const saved = { DATA_DIR: process.env.DATA_DIR, ENABLE_TEST_ROUTES: process.env.ENABLE_TEST_ROUTES }

function write(name: string, value: unknown, mtime = NOW / 1000) {
	const file = path.join(dir, name)
	fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value))
	fs.utimesSync(file, mtime, mtime)
}

function request(cookie?: string) {
	return new Request('http://localhost/', { headers: cookie ? { cookie } : {} })
}

beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-promo-'))
	process.env.DATA_DIR = dir
	delete process.env.ENABLE_TEST_ROUTES
	resetEnvForTests()
	resetOwnerFilesForTests()
})

afterEach(() => {
	for (const [key, value] of Object.entries(saved)) {
		if (value === undefined) delete process.env[key]
		else process.env[key] = value
	}
	resetEnvForTests()
	resetOwnerFilesForTests()
	fs.rmSync(dir, { recursive: true, force: true })
})

describe('promo configuration files', () => {
	it('configures nothing on a fresh install', () => {
		expect(readPromoConfig(NOW)).toEqual({ banner: null, ads: [] })
		expect(getHomePromo(request(), NOW)).toEqual({ banner: null, ads: [], seed: 0 })
	})

	it('reads the banner and the ads, filling in defaults', () => {
		write(INFO_BANNER_FILE, { id: 'b1', title: 'Hello' })
		write(ADS_FILE, { ads: [{ id: 'a1', gifUrl: 'https://cdn.example.com/a.gif', link: 'https://example.com/' }] })
		const config = readPromoConfig(NOW)
		expect(config.banner).toEqual({ id: 'b1', title: 'Hello', content: '', type: 'info', dismissible: true })
		expect(config.ads).toEqual([
			{
				id: 'a1',
				gifUrl: 'https://cdn.example.com/a.gif',
				link: 'https://example.com/',
				priority: 1,
				alt: 'Advertisement',
				width: 728,
				height: 90,
			},
		])
	})

	it('sends only a live banner and running ads to the home page', () => {
		write(INFO_BANNER_FILE, { id: 'b1', title: 'Old news', expiresAt: '2026-05-09' })
		write(ADS_FILE, [
			{ id: 'ended', gifUrl: '/a.gif', link: '/advertise', endDate: '2026-05-09' },
			{ id: 'running', gifUrl: '/b.gif', link: '/advertise', startDate: '2026-05-10', endDate: '2026-05-10' },
		])
		const promo = getHomePromo(request(), NOW)
		expect(promo.banner).toBeNull()
		expect(promo.ads.map((ad) => ad.id)).toEqual(['running'])
		expect(Number.isInteger(promo.seed)).toBe(true)
	})

	it('keeps the draw the same within a rotation window, so cached page HTML stays reusable', () => {
		write(
			ADS_FILE,
			Array.from({ length: 30 }, (_, i) => ({ id: `ad${i}`, gifUrl: '/a.gif', link: '/x', priority: (i % 4) + 1 })),
		)
		const first = getHomePromo(request(), NOW)
		expect(first.ads).toHaveLength(12)
		expect(new Set(first.ads.map((ad) => ad.id)).size).toBe(12)
		expect(getHomePromo(request(), NOW + 1_000)).toEqual(first)
		const windows = new Set<number>()
		for (let i = 0; i < 5; i++) windows.add(getHomePromo(request(), NOW + i * AD_ROTATION_MS).seed)
		expect(windows.size).toBe(5)
	})

	it('ignores an invalid or unreadable file instead of breaking the page', () => {
		write(INFO_BANNER_FILE, '{ not json')
		write(ADS_FILE, [{ id: 'x', gifUrl: 'javascript:alert(1)', link: 'https://example.com/' }])
		expect(readPromoConfig(NOW)).toEqual({ banner: null, ads: [] })
	})

	it('reads ads entry by entry: a bad entry is logged and skipped, the rest are used', () => {
		const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
		write(ADS_FILE, {
			ads: [
				{ id: 'good', gifUrl: '/a.gif', link: '/advertise' },
				{ id: 'bad-link', gifUrl: '/b.gif', link: 'javascript:alert(1)' },
				'not an object',
				{ id: 'good', gifUrl: '/c.gif', link: '/advertise' },
				{ id: 'also-good', gifUrl: 'https://cdn.example.com/d.gif', link: 'https://example.com/', priority: 3 },
			],
		})
		expect(readPromoConfig(NOW).ads.map((ad) => ad.id)).toEqual(['good', 'also-good'])
		const logged = warn.mock.calls.map(([fields]) => fields as { entry?: number; id?: string; problem: string })
		expect(logged.map((fields) => [fields.entry, fields.id])).toEqual([
			[1, 'bad-link'],
			[2, undefined],
			[3, 'good'],
		])
		expect(logged[0]!.problem).toMatch(/^link: /)
		warn.mockRestore()
	})

	it('reads info modals entry by entry, with their fields and defaults', () => {
		vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
		write(INFO_MODALS_FILE, [
			{
				id: 'welcome',
				title: 'Welcome',
				content: 'Hello',
				priority: 2,
				repeat: 'weekly',
				startsAt: '2026-05-01',
				expiresAt: '2026-06-01T00:00:00Z',
				image: 'https://cdn.example.com/w.png',
				bgImage: '/bg.jpg',
				bgColor: '#1e293b',
				html: false,
			},
			{ id: 'no-title' },
			{ id: 'bad-repeat', title: 'x', repeat: 'daily' },
			{ id: 'bad-colour', title: 'x', bgColor: 'red; background: url(https://evil.example/)' },
			{ id: 'minimal', title: 'Minimal' },
		])
		expect(readInfoModals(NOW)).toEqual([
			{
				id: 'welcome',
				title: 'Welcome',
				content: 'Hello',
				html: false,
				priority: 2,
				repeat: 'weekly',
				startsAt: '2026-05-01',
				expiresAt: '2026-06-01T00:00:00Z',
				image: 'https://cdn.example.com/w.png',
				bgImage: '/bg.jpg',
				bgColor: '#1e293b',
			},
			{ id: 'minimal', title: 'Minimal', content: '', html: false, priority: 0, repeat: 'never' },
		])
		expect(promoImageOrigins(NOW)).toEqual(['https://cdn.example.com'])
		vi.restoreAllMocks()
	})

	it('treats a file that is not a list as none, and logs it', () => {
		const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
		write(INFO_MODALS_FILE, { id: 'lonely', title: 'Not in a list' })
		write(ADS_FILE, 'null')
		expect(readInfoModals(NOW)).toEqual([])
		expect(readPromoConfig(NOW).ads).toEqual([])
		expect(warn).toHaveBeenCalledTimes(1)
		warn.mockRestore()
	})

	it('re-reads a changed file after a few seconds, without a restart', () => {
		write(INFO_BANNER_FILE, { id: 'one', title: 'First' })
		expect(readPromoConfig(NOW).banner?.id).toBe('one')
		write(INFO_BANNER_FILE, { id: 'two', title: 'Second' }, NOW / 1000 + 1)
		expect(readPromoConfig(NOW + 1_000).banner?.id).toBe('one')
		expect(readPromoConfig(NOW + 6_000).banner?.id).toBe('two')
		fs.rmSync(path.join(dir, INFO_BANNER_FILE))
		expect(readPromoConfig(NOW + 12_000).banner).toBeNull()
	})

	it('lists the https origins of ad images for the Content-Security-Policy', () => {
		write(ADS_FILE, [
			{ id: 'a', gifUrl: 'https://cdn.example.com/a.gif', link: '/x' },
			{ id: 'b', gifUrl: 'https://cdn.example.com/b.gif', link: '/x' },
			{ id: 'c', gifUrl: '/local.gif', link: '/x' },
		])
		expect(promoImageOrigins(NOW)).toEqual(['https://cdn.example.com'])
	})
})

describe('ad validation', () => {
	it('accepts https or site paths only', () => {
		const parse = (gifUrl: string, link = 'https://example.com/') => adsFileSchema.safeParse([{ id: 'a', gifUrl, link }]).success
		expect(parse('https://cdn.example.com/a.gif')).toBe(true)
		expect(parse('/promo/a.gif')).toBe(true)
		expect(parse('http://cdn.example.com/a.gif')).toBe(false)
		expect(parse('//evil.example.com/a.gif')).toBe(false)
		expect(parse('data:image/gif;base64,AAAA')).toBe(false)
		expect(parse('/a.gif', 'javascript:alert(1)')).toBe(false)
		expect(parse('/a.gif', 'http://example.com/')).toBe(true)
	})
})

describe('test-only override cookie', () => {
	const override = Buffer.from(JSON.stringify({ banner: { id: 'cookie', title: 'From the test' } })).toString('base64url')

	it('is ignored unless ENABLE_TEST_ROUTES is on', () => {
		expect(getHomePromo(request(`willow-test-promo=${override}`), NOW).banner).toBeNull()
		process.env.ENABLE_TEST_ROUTES = 'true'
		resetEnvForTests()
		expect(getHomePromo(request(`other=1; willow-test-promo=${override}`), NOW).banner?.id).toBe('cookie')
	})
})
