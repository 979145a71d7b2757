import { InfoPage, type InfoSection } from '#app/components/info-page.tsx'

const sections: InfoSection[] = [
	{ heading: 'Without an account', body: 'Bookmarks, watch history and settings stay in your browser storage. Nothing is sent to the server.' },
	{ heading: 'With an account', body: 'Your username, email, a hashed password, your bookmarks, watch progress and settings are stored to sync them. You can download all of it or delete your account from the account page.' },
	{ heading: 'Cookies', body: 'One cookie keeps you signed in. It is HttpOnly and is not used for tracking.' },
]

export function meta() {
	return [{ title: 'Privacy · Willow' }, { name: 'description', content: 'What Willow keeps about you.' }]
}

export default function Privacy() {
	return <InfoPage title="Privacy" intro={'What Willow keeps about you.'} sections={sections} />
}
