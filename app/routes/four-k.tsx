import { InfoPage } from '#app/components/info-page.tsx'

export function meta() {
	return [{ title: '4K Guide · Willow' }, { name: 'description', content: 'Set up 4K streams with your own token.' }]
}

export default function FourKGuide() {
	return (
		<InfoPage
			title="4K Guide"
			intro="Willow can play 4K streams from a token-based service you have an account with. Setup takes three steps."
			sections={[
				{ heading: 'Step 1: Account', body: 'Create or sign in to your account with the 4K service.' },
				{ heading: 'Step 2: Token', body: 'Copy your personal token from the service. Tokens start with “ey” and are longer than 50 characters.' },
				{ heading: 'Step 3: Submit', body: 'Paste the token here to test and save it. When you are signed in to Willow it syncs to your other devices.' },
			]}
		/>
	)
}
