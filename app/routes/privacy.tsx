import { useRouteLoaderData } from 'react-router'
import { InfoPage, type InfoSection } from '#app/components/info-page.tsx'

// What really leaves the device, said plainly; the analytics line follows the
// site's own setting (ANALYTICS_ENDPOINT), read from the root loader.

function analyticsHost(endpoint: string | null | undefined): string | null {
	if (!endpoint) return null
	try {
		return new URL(endpoint).host
	} catch {
		return endpoint
	}
}

export function privacySections(analyticsEndpoint: string | null | undefined): InfoSection[] {
	const host = analyticsHost(analyticsEndpoint)
	return [
		{
			heading: 'Without an account',
			body: 'Bookmarks, watch history and settings stay in your browser storage. To show pages the server is asked for the titles you open and search for; when you press Watch, for the title or episode you want to play; on the calendar, for the series in your library (only their ids, kept nowhere); when you import a Trakt or Letterboxd export, the files you choose, to match them (nothing is kept).',
		},
		{
			heading: 'With an account',
			body: 'Your username, email, a hashed password, your bookmarks, watch progress and settings are stored to sync them. Sessions end after 7 days unused and 30 days at most. You can download all of it, change your password, sign out other devices or delete your account from the account page.',
		},
		{
			heading: 'Error reports',
			body: 'Only when you press "Report This Issue" on an error screen: the error name and message, the page address, the status, your browser, your notes and the start of the technical details go to the site owner (kept on the server, or sent to the owner\'s chat).',
		},
		{
			heading: 'Analytics',
			body: host
				? `This site sends usage events (pages viewed and actions such as bookmarking) to ${host}, as its owner set it up.`
				: 'This site sends no analytics: nothing about your visit is sent anywhere else.',
		},
		{
			heading: 'Cookies',
			body: 'Two cookies, both HttpOnly, neither used for tracking: one keeps you signed in; one remembers that this browser signed in before, so that someone else failing to sign in to your account does not lock you out.',
		},
	]
}

export function meta() {
	return [{ title: 'Privacy · Willow' }, { name: 'description', content: 'What Willow keeps about you, and what leaves your device.' }]
}

export default function Privacy() {
	const endpoint = (useRouteLoaderData('root') as { analyticsEndpoint?: string | null } | undefined)?.analyticsEndpoint
	return <InfoPage title="Privacy" intro="What Willow keeps about you, and what leaves your device." sections={privacySections(endpoint)} />
}
