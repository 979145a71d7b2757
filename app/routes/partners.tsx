import { InfoPage, type InfoSection } from '#app/components/info-page.tsx'

const sections: InfoSection[] = [
	{ heading: 'Become a partner', body: 'Run a service that fits Willow (an add-on, a community, a tool)? Submit it on the partner submission page.' },
]

export function meta() {
	return [{ title: 'Partners · Willow' }, { name: 'description', content: 'Projects and services that work with Willow.' }]
}

export default function Partners() {
	return <InfoPage title="Partners" intro={'Projects and services that work with Willow.'} sections={sections} />
}
