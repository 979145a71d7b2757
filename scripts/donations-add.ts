// npm run donations:add -- --currency BTC --amount 0.01 [--usd 805] [--donor name] [--message "text"] [--date 2026-11-24]
// Records a donation for the donate page's statistics (DATABASE_URL, else DATA_DIR's SQLite).
// Only BTC has a fixed rate (80,500 USD); give --usd for LTC and XMR.
import { CURRENCIES, formatAmount, type Currency } from '#app/lib/donate/donate.ts'
import { closeDatabase, getDatabase, migrateToLatest } from '../server/db/db.server.ts'
import { addDonation } from '../server/donate/donations.server.ts'

const args = process.argv.slice(2)
const value = (name: string) => {
	const index = args.indexOf(`--${name}`)
	return index >= 0 ? args[index + 1] : undefined
}
const currency = value('currency')?.toUpperCase() as Currency | undefined
const amount = Number(value('amount'))
const usd = value('usd') === undefined ? undefined : Number(value('usd'))
const date = value('date')
if (
	!currency ||
	!CURRENCIES.includes(currency) ||
	!Number.isFinite(amount) ||
	amount <= 0 ||
	(usd !== undefined && !Number.isFinite(usd)) ||
	(date !== undefined && Number.isNaN(Date.parse(date)))
) {
	console.error(
		'Usage: npm run donations:add -- --currency BTC|LTC|XMR --amount <n> [--usd <n>] [--donor <name>] [--message <text>] [--date YYYY-MM-DD]',
	)
	process.exit(2)
}
await migrateToLatest(getDatabase())
try {
	await addDonation({
		currency,
		amount,
		usd,
		donor: value('donor'),
		message: value('message')?.slice(0, 500),
		at: date ? Date.parse(date) : undefined,
	})
	console.log(`recorded ${formatAmount(currency, amount)}`)
} catch (error) {
	console.error((error as Error).message)
	process.exitCode = 1
}
await closeDatabase()
