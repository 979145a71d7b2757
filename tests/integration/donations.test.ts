import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { addDonation, donationAddresses, donationStats } from '#server/donate/donations.server.ts'
import { getEnv, resetEnvForTests } from '#server/env.server.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

// The donate page's data: addresses from the settings with server-drawn QR
// codes (a currency without an address is not offered), and statistics of
// the donations the owner records.

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

describe('donation addresses', () => {
	afterAll(() => {
		delete process.env.DONATE_BTC
		delete process.env.DONATE_XMR
		resetEnvForTests()
	})

	it('offers only the currencies with an address, each with a QR code of its wallet URI', async () => {
		delete process.env.DONATE_BTC
		resetEnvForTests()
		expect(await donationAddresses()).toEqual([])
		process.env.DONATE_BTC = BTC
		resetEnvForTests()
		const [btc, ...rest] = await donationAddresses()
		expect(rest).toEqual([])
		expect(btc).toMatchObject({ currency: 'BTC', address: BTC })
		expect(btc!.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
		expect(btc!.qrSvg).toContain('<path')
	})

	it('refuses an address that is not one', () => {
		process.env.DONATE_XMR = 'not an address <script>'
		resetEnvForTests()
		expect(() => getEnv()).toThrow(/DONATE_XMR must be a Monero address/)
		delete process.env.DONATE_XMR
		resetEnvForTests()
	})
})

describe.each(DIALECTS)('donation statistics on %s', (dialect) => {
	let testDb: TestDatabase
	beforeAll(async () => {
		testDb = await createTestDatabase(dialect)
		setDatabaseForTests(testDb.handle)
	})
	afterAll(async () => {
		setDatabaseForTests(undefined)
		await testDb?.destroy()
	})

	it('totals in US dollars (BTC at the fixed rate), counts donors, lists the latest first', async () => {
		expect(await donationStats()).toEqual({ totalAmount: 0, totalDonors: 0, recentDonations: [] })
		await addDonation({ currency: 'BTC', amount: 0.01, donor: 'ann', message: 'Thanks!', at: Date.parse('2026-11-01') })
		await addDonation({ currency: 'XMR', amount: 2, usd: 300, donor: 'ann', at: Date.parse('2026-11-02') })
		await addDonation({ currency: 'LTC', amount: 1.5, usd: 120, at: Date.parse('2026-11-03') })
		await expect(addDonation({ currency: 'LTC', amount: 1 })).rejects.toThrow('give --usd for LTC')
		const stats = await donationStats()
		expect(stats.totalAmount).toBe(805 + 300 + 120)
		expect(stats.totalDonors).toBe(2)
		expect(stats.recentDonations.map((donation) => [donation.currency, donation.amount, donation.message])).toEqual([
			['LTC', 1.5, null],
			['XMR', 2, null],
			['BTC', 0.01, 'Thanks!'],
		])
	})
})
