import { describe, expect, it } from 'vitest'
import {
	activeAds,
	dismissedToday,
	isAdActive,
	isBannerVisible,
	localDay,
	pickAds,
	seededRandom,
	withAdDismissed,
	type Ad,
	type InfoBanner,
} from './choice.ts'

function ad(id: string, extra: Partial<Ad> = {}): Ad {
	return { id, gifUrl: `/ads/${id}.gif`, link: 'https://example.com/', priority: 1, alt: 'Advertisement', width: 728, height: 90, ...extra }
}

const NOON = Date.parse('2026-05-10T12:00:00Z')

describe('ad dates', () => {
	it('runs an ad from the start of its start day through the end of its end day (UTC)', () => {
		const dated = ad('a', { startDate: '2026-05-10', endDate: '2026-05-12' })
		expect(isAdActive(dated, Date.parse('2026-05-09T23:59:59Z'))).toBe(false)
		expect(isAdActive(dated, Date.parse('2026-05-10T00:00:00Z'))).toBe(true)
		expect(isAdActive(dated, Date.parse('2026-05-12T23:59:59Z'))).toBe(true)
		expect(isAdActive(dated, Date.parse('2026-05-13T00:00:00Z'))).toBe(false)
	})

	it('honours full timestamps exactly and treats missing dates as open', () => {
		const timed = ad('t', { startDate: '2026-05-10T12:00:00Z', endDate: '2026-05-10T13:00:00+00:00' })
		expect(isAdActive(timed, NOON - 1)).toBe(false)
		expect(isAdActive(timed, NOON)).toBe(true)
		expect(isAdActive(timed, NOON + 60 * 60 * 1000)).toBe(false)
		expect(isAdActive(ad('open'), 0)).toBe(true)
	})

	it('drops ads with zero weight and ads outside their dates', () => {
		const ads = [ad('zero', { priority: 0 }), ad('past', { endDate: '2026-05-09' }), ad('future', { startDate: '2026-05-11' }), ad('now')]
		expect(activeAds(ads, NOON).map((a) => a.id)).toEqual(['now'])
	})
})

describe('weighted choice', () => {
	it('picks distinct ads, never more than asked or available', () => {
		const ads = [ad('a'), ad('b'), ad('c')]
		const picked = pickAds(ads, 2, seededRandom(7))
		expect(picked).toHaveLength(2)
		expect(new Set(picked.map((a) => a.id)).size).toBe(2)
		expect(pickAds(ads.slice(0, 1), 2, seededRandom(7)).map((a) => a.id)).toEqual(['a'])
		expect(pickAds([], 2, seededRandom(7))).toEqual([])
	})

	it('is deterministic for a seed, so server and browser agree', () => {
		const ads = [ad('a'), ad('b', { priority: 3 }), ad('c'), ad('d', { priority: 2 })]
		for (const seed of [1, 42, 2 ** 31 + 5]) {
			expect(pickAds(ads, 2, seededRandom(seed))).toEqual(pickAds(ads, 2, seededRandom(seed)))
		}
	})

	it('chooses in proportion to priority', () => {
		const ads = [ad('light', { priority: 1 }), ad('heavy', { priority: 3 })]
		const random = seededRandom(12345)
		let heavy = 0
		const draws = 20_000
		for (let i = 0; i < draws; i++) if (pickAds(ads, 1, random)[0]!.id === 'heavy') heavy++
		expect(heavy / draws).toBeGreaterThan(0.72)
		expect(heavy / draws).toBeLessThan(0.78)
	})

	it('takes the boundary of the weight ranges correctly', () => {
		const ads = [ad('a', { priority: 1 }), ad('b', { priority: 1 })]
		expect(pickAds(ads, 1, () => 0)[0]!.id).toBe('a')
		expect(pickAds(ads, 1, () => 0.4999)[0]!.id).toBe('a')
		expect(pickAds(ads, 1, () => 0.5)[0]!.id).toBe('b')
		expect(pickAds(ads, 1, () => 0.9999)[0]!.id).toBe('b')
	})

	it('leaves out excluded (dismissed) ads', () => {
		const ads = [ad('a'), ad('b'), ad('c')]
		for (let seed = 0; seed < 50; seed++) {
			const ids = pickAds(ads, 2, seededRandom(seed), new Set(['b'])).map((a) => a.id)
			expect(ids.sort()).toEqual(['a', 'c'])
		}
	})
})

describe('dismissed ads', () => {
	it('hides a dismissed ad for that day only', () => {
		const stored = withAdDismissed(undefined, 'a', '2026-05-10')
		expect(dismissedToday(stored, '2026-05-10')).toEqual(new Set(['a']))
		expect(dismissedToday(stored, '2026-05-11')).toEqual(new Set())
	})

	it('drops earlier days when recording a new dismissal', () => {
		const stored = withAdDismissed({ old: '2026-05-01', same: '2026-05-10' }, 'new', '2026-05-10')
		expect(stored).toEqual({ same: '2026-05-10', new: '2026-05-10' })
	})

	it('keys days by the local calendar date', () => {
		expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05')
		expect(localDay(new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31')
	})
})

describe('info banner', () => {
	const banner: InfoBanner = {
		id: 'notice',
		title: 'Maintenance',
		content: 'Tonight',
		type: 'warning',
		dismissible: true,
		expiresAt: '2026-05-10',
	}

	it('hides after expiry (a bare date lasts the whole day)', () => {
		expect(isBannerVisible(banner, Date.parse('2026-05-10T23:59:00Z'), [])).toBe(true)
		expect(isBannerVisible(banner, Date.parse('2026-05-11T00:00:00Z'), [])).toBe(false)
		expect(isBannerVisible({ ...banner, expiresAt: undefined }, Date.parse('2099-01-01'), [])).toBe(true)
	})

	it('hides once dismissed, unless it cannot be dismissed', () => {
		expect(isBannerVisible(banner, NOON - 86_400_000, ['notice'])).toBe(false)
		expect(isBannerVisible(banner, NOON - 86_400_000, ['other'])).toBe(true)
		expect(isBannerVisible({ ...banner, dismissible: false }, NOON - 86_400_000, ['notice'])).toBe(true)
	})
})
