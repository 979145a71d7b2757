import { Link } from 'react-router'
import { InfoPage } from '#app/components/info-page.tsx'
import { getEnv } from '#server/env.server.ts'
import type { Route } from './+types/advertise.ts'

export function loader() {
	return { contactEmail: getEnv().CONTACT_EMAIL, community: { chat: getEnv().COMMUNITY_CHAT_URL, channel: getEnv().COMMUNITY_CHANNEL_URL } }
}

export function meta() {
	return [
		{ title: 'Advertise · Willow' },
		{ name: 'description', content: 'Advertise on Willow: ad formats, sizes and how to get in touch.' },
	]
}

export default function Advertise({ loaderData }: Route.ComponentProps) {
	return (
		<InfoPage
			title="Advertise"
			intro="Reach movie and series fans: 234k+ views and 70K+ visits."
			sections={[
				{
					heading: 'Ad specifications',
					body: (
						<ul className="list-disc pl-5" data-testid="ad-specs">
							<li>Formats: GIF, JPG, PNG or text.</li>
							<li>GIF files up to 5 MB; static images (JPG, PNG) up to 3 MB.</li>
							<li>Campaigns run for at least 3 days.</li>
							<li>Every ad is reviewed before it is shown.</li>
						</ul>
					),
				},
				{
					heading: 'Get in touch',
					body: (
						<>
							Write to{' '}
							<a className="text-accent underline" href={`mailto:${loaderData.contactEmail}`}>
								{loaderData.contactEmail}
							</a>
							, or reach us on{' '}
							<a className="text-accent underline" href={loaderData.community.chat} rel="noopener" target="_blank">
								Discord
							</a>{' '}
							or{' '}
							<a className="text-accent underline" href={loaderData.community.channel} rel="noopener" target="_blank">
								Telegram
							</a>
							.
						</>
					),
				},
				{
					heading: 'Why Willow has ads',
					body: (
						<Link to="/ads" className="text-accent underline">
							How ads keep Willow free
						</Link>
					),
				},
			]}
		/>
	)
}
