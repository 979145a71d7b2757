import { InfoPage } from '#app/components/info-page.tsx'

export function meta() {
	return [{ title: 'Donate · Willow' }]
}

export default function Donate() {
	return (
		<InfoPage
			title="Donate"
			intro="Willow is free and open. Donations pay for hosting and development."
			sections={[
				{ heading: 'Cryptocurrency', body: 'Bitcoin, Litecoin and Monero are accepted at the addresses the site owner publishes here. Confirmations take 30 to 60 minutes.' },
				{ heading: 'Donator badge', body: 'Signed-in donators get the “Generous Donator” badge on their account page.' },
			]}
		/>
	)
}
