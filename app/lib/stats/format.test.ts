import { describe, expect, it } from 'vitest'
import {
	barPercent,
	barPercents,
	dailyAverage,
	dayAbbreviation,
	daysSince,
	formatCompact,
	formatFullCount,
	formatGigabytes,
	formatGrowth,
	formatTerabytes,
	formatWatchTime,
	gbPerMovie,
	loadBarColour,
	splitWatchTime,
} from './format.ts'
import { STATIC_STATS } from './record.ts'

describe('server load bar colour', () => {
	it('is green below 70, yellow from 70 to below 90, red from 90', () => {
		expect(loadBarColour(69.9)).toBe('bg-green-600')
		expect(loadBarColour(70)).toBe('bg-yellow-500')
		expect(loadBarColour(89.9)).toBe('bg-yellow-500')
		expect(loadBarColour(90)).toBe('bg-red-600')
	})
})

describe('daysSince', () => {
	it('counts whole days and never goes negative', () => {
		expect(daysSince('2025-02-23', new Date('2025-02-24T12:00:00Z'))).toBe(1)
		expect(daysSince('2025-02-23', new Date('2025-02-23T23:59:59Z'))).toBe(0)
		expect(daysSince('2025-02-23', new Date('2026-02-23T00:00:00Z'))).toBe(365)
		expect(daysSince('2025-02-23', new Date('2024-01-01T00:00:00Z'))).toBe(0)
	})
})

describe('watch time', () => {
	it('splits seconds into 365-day years, days and hours that add up to the total hours', () => {
		const time = splitWatchTime(3_947_166_000)
		expect(time).toEqual({ years: 125, days: 59, hours: 19, totalHours: 1_096_435 })
		expect(time.years * 365 * 24 + time.days * 24 + time.hours).toBe(time.totalHours)
	})

	it('drops the part below an hour and reads bad input as nothing', () => {
		expect(splitWatchTime(3599)).toEqual({ years: 0, days: 0, hours: 0, totalHours: 0 })
		expect(splitWatchTime(365 * 24 * 3600 + 25 * 3600 + 59)).toEqual({ years: 1, days: 1, hours: 1, totalHours: 8785 })
		expect(splitWatchTime(-5)).toEqual({ years: 0, days: 0, hours: 0, totalHours: 0 })
		expect(splitWatchTime(Number.NaN).totalHours).toBe(0)
	})

	it('reads as years, days and hours with plurals', () => {
		expect(formatWatchTime(splitWatchTime(3_947_166_000))).toBe('125 years, 59 days, 19 hours')
		expect(formatWatchTime({ years: 1, days: 1, hours: 1, totalHours: 8785 })).toBe('1 year, 1 day, 1 hour')
		expect(formatWatchTime({ years: 0, days: 0, hours: 0, totalHours: 0 })).toBe('0 years, 0 days, 0 hours')
	})
})

describe('daily average', () => {
	it('divides the movies by the days since launch, rounded', () => {
		expect(dailyAverage(1_284_512, 641)).toBe(2004)
		expect(dailyAverage(1000, 3)).toBe(333)
		expect(dailyAverage(1000, 6)).toBe(167)
	})

	it('counts the launch day as one day and never divides by zero', () => {
		expect(dailyAverage(500, 0)).toBe(500)
		expect(dailyAverage(0, 10)).toBe(0)
		expect(dailyAverage(-3, 10)).toBe(0)
	})
})

describe('data transferred', () => {
	it('shows terabytes with separators', () => {
		expect(formatTerabytes(2861)).toBe('2,861 TB')
		expect(formatTerabytes(12)).toBe('12 TB')
	})

	it('gives gigabytes per movie with 1 TB = 1,000 GB, two decimals', () => {
		expect(gbPerMovie(2861, 1_284_512)).toBeCloseTo(2.2273, 4)
		expect(formatGigabytes(gbPerMovie(2861, 1_284_512))).toBe('2.23 GB')
		expect(formatGigabytes(gbPerMovie(3, 1000))).toBe('3.00 GB')
	})

	it('is 0 GB before any movie is watched', () => {
		expect(gbPerMovie(10, 0)).toBe(0)
		expect(gbPerMovie(0, 10)).toBe(0)
		expect(formatGigabytes(gbPerMovie(10, 0))).toBe('0.00 GB')
	})
})

describe('bar percentages', () => {
	it('measures a value against the largest, with one decimal', () => {
		expect(barPercent(18_402, 241_877)).toBe(7.6)
		expect(barPercent(96_310, 241_877)).toBe(39.8)
		expect(barPercent(241_877, 241_877)).toBe(100)
	})

	it('stays within 0 and 100', () => {
		expect(barPercent(150, 100)).toBe(100)
		expect(barPercent(-1, 100)).toBe(0)
		expect(barPercent(5, 0)).toBe(0)
		expect(barPercent(Number.NaN, 10)).toBe(0)
	})

	it('gives a set of bars with the largest at 100', () => {
		expect(barPercents([50, 200, 100])).toEqual([25, 100, 50])
		expect(barPercents([0, 0])).toEqual([0, 0])
		expect(barPercents([])).toEqual([])
	})
})

describe('labels', () => {
	it('formats counts, compact counts, growth and day names', () => {
		expect(formatFullCount(1_284_512)).toBe('1,284,512')
		expect(formatCompact(236_874)).toBe('236.9K')
		expect(formatCompact(1_284_512)).toBe('1.3M')
		expect(formatCompact(950)).toBe('950')
		expect(formatGrowth(37)).toBe('+37%')
		expect(formatGrowth(-4)).toBe('-4%')
		expect(formatGrowth(0)).toBe('0%')
		expect(dayAbbreviation('Wednesday')).toBe('Wed')
	})
})

describe('the static record', () => {
	it('holds together: days add up to the movies watched, countries stay below the month, active users grow with the period', () => {
		const s = STATIC_STATS
		expect(s.watchesByDay.map((d) => d.day)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
		expect(s.watchesByDay.reduce((sum, d) => sum + d.count, 0)).toBe(s.totalMoviesWatched)
		expect(s.mostActiveCountries.reduce((sum, c) => sum + c.users, 0)).toBeLessThanOrEqual(s.activeUsers.month)
		expect(s.activeUsers.today).toBeLessThan(s.activeUsers.week)
		expect(s.activeUsers.week).toBeLessThan(s.activeUsers.month)
		const watches = s.topMovies.map((m) => m.watches)
		expect(watches).toEqual([...watches].sort((a, b) => b - a))
		expect(new Set(s.topMovies.map((m) => m.id)).size).toBe(s.topMovies.length)
		expect(s).toMatchObject({ launchDate: '2025-02-23', growthRate: 37, serverLoad: 64 })
	})
})
