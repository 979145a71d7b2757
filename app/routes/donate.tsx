import { DonationAddressCard } from '#app/components/donate/donation-address.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { approximateUsd, CONFIRMATIONS_NOTE, formatAmount } from '#app/lib/donate/donate.ts'
import { donationAddresses, donationStats } from '#server/donate/donations.server.ts'
import type { Route } from './+types/donate.ts'

export async function loader() {
	const [addresses, stats] = await Promise.all([donationAddresses(), donationStats()])
	return { addresses, stats }
}

export function meta() {
	return [{ title: 'Donate · Willow' }, { name: 'description', content: 'Help keep Willow free: donate in Bitcoin, Litecoin or Monero.' }]
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

export default function Donate({ loaderData }: Route.ComponentProps) {
	const { addresses, stats } = loaderData
	return (
		<div className="mx-auto flex max-w-4xl flex-col gap-8">
			<PageHeader title="Donate" description="Willow is free and open. Donations pay for hosting and development." />
			{addresses.length === 0 ? (
				<p className="rounded-lg border border-border bg-surface p-4" data-testid="donate-not-set-up">
					Donations are not set up on this site yet.
				</p>
			) : (
				<>
					<div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
						{addresses.map((entry) => (
							<DonationAddressCard key={entry.currency} {...entry} />
						))}
					</div>
					<p className="text-sm text-muted">
						{CONFIRMATIONS_NOTE} Signed-in donators get the “Generous Donator” badge on their account page.
					</p>
				</>
			)}
			<section aria-labelledby="donation-stats" className="flex flex-col gap-3" data-testid="donation-stats">
				<h2 id="donation-stats" className="text-xl font-semibold">
					Donations so far
				</h2>
				<dl className="grid grid-cols-2 gap-4 sm:max-w-md">
					<div className="rounded-lg border border-border p-3">
						<dt className="text-sm text-muted">Total (approx.)</dt>
						<dd className="text-2xl font-bold" data-testid="donation-total">
							{usd.format(stats.totalAmount)}
						</dd>
					</div>
					<div className="rounded-lg border border-border p-3">
						<dt className="text-sm text-muted">Donors</dt>
						<dd className="text-2xl font-bold" data-testid="donation-donors">
							{stats.totalDonors}
						</dd>
					</div>
				</dl>
				{stats.recentDonations.length === 0 ? (
					<p className="text-muted">No donations yet. Be the first!</p>
				) : (
					<ul className="flex flex-col gap-2" data-testid="recent-donations">
						{stats.recentDonations.map((donation) => (
							<li key={donation.id} className="rounded-md border border-border p-3">
								<span className="font-semibold">{formatAmount(donation.currency, donation.amount)}</span>
								{approximateUsd(donation.currency, donation.amount) ? (
									<span className="text-muted"> {approximateUsd(donation.currency, donation.amount)}</span>
								) : null}
								<span className="text-sm text-muted"> · {day.format(new Date(donation.date))}</span>
								{donation.message ? <p className="mt-1 text-sm break-words">{donation.message}</p> : null}
							</li>
						))}
					</ul>
				)}
			</section>
		</div>
	)
}
