import { InfoPage, type InfoSection } from '#app/components/info-page.tsx'

const sections: InfoSection[] = [
	{
		heading: 'Willow hosts no media',
		body: 'Willow stores no video files. It lists information and links to sources configured by the site owner or the user.',
	},
	{
		heading: 'Sending a notice',
		body: 'Send a notice naming the work, the page on this site and your contact details to the address on the Terms page. Links that point to infringing material are removed promptly.',
	},
	{
		heading: 'Counter-notice',
		body: 'If you believe a link was removed by mistake you may send a counter-notice. After it is received, restoring the link waits 10 to 14 business days unless the claimant tells us they have filed an action.',
	},
]

export function meta() {
	return [{ title: 'DMCA · Willow' }, { name: 'description', content: 'How copyright notices are handled.' }]
}

export default function Dmca() {
	return <InfoPage title="DMCA" intro={'How copyright notices are handled.'} sections={sections} />
}
