import crypto from 'node:crypto'
import QRCode from 'qrcode'
import { CURRENCIES, CURRENCY_SCHEMES, USD_PER_BTC, type Currency } from '#app/lib/donate/donate.ts'
import { getDatabase } from '../db/db.server.ts'
import { getEnv } from '../env.server.ts'

// The donate page's data: the owner's addresses (DONATE_BTC, DONATE_LTC,
// DONATE_XMR), each with a QR code drawn here as SVG, and the statistics of
// the donations the owner records with `npm run donations:add`.

export interface DonationAddress {
	currency: Currency
	address: string
	/** An SVG of the wallet URI's QR code (drawn by the qrcode library from a validated address). */
	qrSvg: string
}

export async function donationAddresses(): Promise<DonationAddress[]> {
	const env = getEnv()
	const configured: Record<Currency, string | undefined> = { BTC: env.DONATE_BTC, LTC: env.DONATE_LTC, XMR: env.DONATE_XMR }
	const addresses: DonationAddress[] = []
	for (const currency of CURRENCIES) {
		const address = configured[currency]
		if (!address) continue
		const qrSvg = await QRCode.toString(`${CURRENCY_SCHEMES[currency]}:${address}`, {
			type: 'svg',
			margin: 1,
			errorCorrectionLevel: 'M',
			color: { dark: '#000000', light: '#ffffff' },
		})
		addresses.push({ currency, address, qrSvg })
	}
	return addresses
}

export interface DonationStats {
	/** Approximate US dollars of every recorded donation. */
	totalAmount: number
	totalDonors: number
	recentDonations: Array<{ id: string; amount: number; currency: Currency; date: number; message: string | null }>
}

export async function donationStats(): Promise<DonationStats> {
	const { db } = getDatabase()
	const [totals, donors, recent] = await Promise.all([
		db
			.selectFrom('donations')
			.select((eb) => eb.fn.sum<number>('usd').as('total'))
			.executeTakeFirst(),
		db
			.selectFrom('donations')
			.select((eb) => eb.fn.count<number>('id').as('anonymous'))
			.where('donor', 'is', null)
			.executeTakeFirst(),
		db
			.selectFrom('donations')
			.select(['id', 'amount', 'currency', 'donated_at', 'message'])
			.orderBy('donated_at', 'desc')
			.limit(10)
			.execute(),
	])
	const named = await db.selectFrom('donations').select('donor').distinct().where('donor', 'is not', null).execute()
	return {
		totalAmount: Math.round(Number(totals?.total ?? 0) * 100) / 100,
		totalDonors: named.length + Number(donors?.anonymous ?? 0),
		recentDonations: recent.map((row) => ({
			id: row.id,
			amount: Number(row.amount),
			currency: row.currency as Currency,
			date: Number(row.donated_at),
			message: row.message,
		})),
	}
}

/** Records a donation (the owner's command). USD defaults to the fixed rate for BTC, else must be given. */
export async function addDonation(input: {
	currency: Currency
	amount: number
	usd?: number
	donor?: string
	message?: string
	at?: number
}) {
	const usd = input.usd ?? (input.currency === 'BTC' ? input.amount * USD_PER_BTC : undefined)
	if (usd === undefined) throw new Error(`give --usd for ${input.currency} (only BTC has a fixed rate)`)
	const id = crypto.randomUUID()
	await getDatabase()
		.db.insertInto('donations')
		.values({
			id,
			currency: input.currency,
			amount: input.amount,
			usd,
			donor: input.donor ?? null,
			message: input.message ?? null,
			donated_at: input.at ?? Date.now(),
		})
		.execute()
	return id
}
