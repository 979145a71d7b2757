import { InfoPage } from '#app/components/info-page.tsx'

export function meta() {
	return [{ title: 'Submit a partner · Willow' }]
}

export default function PartnersSubmit() {
	return (
		<InfoPage
			title="Submit a partner"
			intro="Tell us about a service or project that would fit Willow."
			sections={[{ heading: 'How to submit', body: 'Send the name, a link and a short description to the contact address on the Terms page. Every submission is reviewed.' }]}
		/>
	)
}
