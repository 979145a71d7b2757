import { InfoPage, type InfoSection } from '#app/components/info-page.tsx'

const sections: InfoSection[] = [
	{ heading: 'Information only', body: 'Willow provides information: metadata, ratings, reviews and links. It does not host any media.' },
	{
		heading: 'Third-party sites',
		body: 'Willow is not responsible for the content, availability or practices of third-party sites or sources that it links to.',
	},
]

export function meta() {
	return [{ title: 'Disclaimer · Willow' }, { name: 'description', content: 'What Willow is and is not.' }]
}

export default function Disclaimer() {
	return <InfoPage title="Disclaimer" intro={'What Willow is and is not.'} sections={sections} />
}
