// Donation rules (product.md §9): amounts in BTC show 5 decimals, LTC and XMR 2;
// the approximate USD value uses a fixed 80,500 USD per BTC; confirmations
// take 30 to 60 minutes. Pure; the addresses come from the site's settings.

export const CURRENCIES = ['BTC', 'LTC', 'XMR'] as const
export type Currency = (typeof CURRENCIES)[number]

export const CURRENCY_NAMES: Record<Currency, string> = { BTC: 'Bitcoin', LTC: 'Litecoin', XMR: 'Monero' }
/** The URI scheme wallets open from a QR code. */
export const CURRENCY_SCHEMES: Record<Currency, string> = { BTC: 'bitcoin', LTC: 'litecoin', XMR: 'monero' }
export const USD_PER_BTC = 80_500
export const CONFIRMATIONS_NOTE = 'Confirmations take 30 to 60 minutes.'

export function formatAmount(currency: Currency, amount: number): string {
	return `${amount.toFixed(currency === 'BTC' ? 5 : 2)} ${currency}`
}

/** "≈ $805" for an amount of BTC; other currencies have no fixed rate, so no value. */
export function approximateUsd(currency: Currency, amount: number): string | undefined {
	if (currency !== 'BTC') return undefined
	return `≈ ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount * USD_PER_BTC)}`
}
