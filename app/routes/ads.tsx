import { Link } from 'react-router'
import { InfoPage } from '#app/components/info-page.tsx'

export function meta() {
	return [
		{ title: 'Why ads? · Willow' },
		{ name: 'description', content: 'Why Willow shows sponsored banners, and how to help without them.' },
	]
}

export default function Ads() {
	return (
		<InfoPage
			title="Why ads?"
			intro="Willow is free. A few sponsored banners pay for the servers that run it."
			sections={[
				{
					heading: 'What you see',
					body: 'At most two banners on a page, marked Sponsored. Close one and it stays away for the rest of the day. Banners never play sound, never open by themselves, and are not based on what you watch: nothing about you is shared with advertisers.',
				},
				{
					heading: 'Help without ads',
					body: (
						<>
							A donation keeps the site running too.{' '}
							<Link to="/donate" className="text-accent underline">
								Donate
							</Link>
						</>
					),
				},
				{
					heading: 'Advertise here',
					body: (
						<>
							Banners reach 258K+ monthly views.{' '}
							<Link to="/advertise" className="text-accent underline">
								Advertise on Willow
							</Link>
						</>
					),
				},
			]}
		/>
	)
}
