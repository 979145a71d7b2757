import { Check, Copy } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { CURRENCY_NAMES, type Currency } from '#app/lib/donate/donate.ts'

/** One currency's address: its QR code (SVG drawn on the server), the address and a copy button. */
export function DonationAddressCard({ currency, address, qrSvg }: { currency: Currency; address: string; qrSvg: string }) {
	const [copied, setCopied] = useState(false)
	const name = CURRENCY_NAMES[currency]
	return (
		<section
			aria-labelledby={`donate-${currency}`}
			className="flex flex-col items-center gap-3 rounded-lg border border-border bg-surface p-4 text-center"
			data-testid={`donate-${currency}`}
		>
			<h2 id={`donate-${currency}`} className="text-lg font-semibold">
				{name} ({currency})
			</h2>
			<div
				role="img"
				aria-label={`QR code of the ${name} address`}
				className="h-44 w-44 rounded bg-white p-1 [&>svg]:h-full [&>svg]:w-full"
				// The qrcode library draws this from an address the settings validated.
				dangerouslySetInnerHTML={{ __html: qrSvg }}
			/>
			<code className="max-w-full text-sm break-all" data-testid="donate-address">
				{address}
			</code>
			<Button
				variant="secondary"
				onClick={() => {
					void navigator.clipboard?.writeText(address).then(() => setCopied(true))
				}}
				aria-label={`Copy the ${name} address`}
			>
				{copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
				{copied ? 'Copied' : 'Copy address'}
			</Button>
		</section>
	)
}
