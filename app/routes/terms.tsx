import { InfoPage } from '#app/components/info-page.tsx'
import { getEnv } from '#server/env.server.ts'
import type { Route } from './+types/terms.ts'

export function loader() {
	return { contactEmail: getEnv().CONTACT_EMAIL }
}

export function meta() {
	return [{ title: 'Terms of Service · Willow' }]
}

export default function Terms({ loaderData }: Route.ComponentProps) {
	return (
		<InfoPage
			title="Terms of Service"
			sections={[
				{
					heading: '1. Acceptance of Terms',
					body: 'By using Willow you agree to these terms. If you do not agree, please do not use the site.',
				},
				{
					heading: '2. Service Description',
					body: 'Willow is a directory of information about movies and series. It hosts no media and plays streams only from sources the site owner or you configure.',
				},
				{
					heading: '3. Links to Third-Party Content',
					body: 'Willow may link to third-party sites and services. They are not under our control and we take no responsibility for their content or practices.',
				},
				{
					heading: 'Contact Us',
					body: (
						<a className="text-accent underline" href={`mailto:${loaderData.contactEmail}`}>
							{loaderData.contactEmail}
						</a>
					),
				},
			]}
		/>
	)
}
