import { InfoPage, type InfoSection } from '#app/components/info-page.tsx'

const sections: InfoSection[] = [
	{
		heading: 'Does Willow host videos?',
		body: 'No. Willow shows information about movies and series (descriptions, ratings, cast) and plays streams only from sources that the owner of this site or you configure.',
	},
	{
		heading: 'Do I need an account?',
		body: 'No. Bookmarks and watch history are kept on your device. An account is optional and syncs them across your devices.',
	},
	{
		heading: 'Where does the catalogue come from?',
		body: 'From The Movie Database (TMDB) when the owner connects a key, otherwise from the demo catalogue built into Willow.',
	},
	{
		heading: 'How do I report a problem?',
		body: 'Use the Report This Issue button on the error screen, or the contact address on the Terms page.',
	},
]

export function meta() {
	return [{ title: 'FAQ · Willow' }, { name: 'description', content: 'Answers to common questions.' }]
}

export default function Faq() {
	return <InfoPage title="FAQ" intro={'Answers to common questions.'} sections={sections} />
}
