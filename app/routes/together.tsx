import { data, Link, redirect } from 'react-router'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { episodeHref, movieHref } from '#app/lib/catalog/slug.ts'
import { getSessionUser } from '#server/auth/session.server.ts'
import { findRoom } from '#server/together/api.server.ts'
import type { Route } from './+types/together.ts'

// /together/<room id>: the link a watch-together room is shared by (decision
// 0045). A signed-in member-to-be goes on to the title's player with the room
// to join; a visitor is asked to sign in (nothing about the room is shown);
// a room that has ended says so.

export function meta() {
	return [{ title: 'Watch together · Willow' }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params }: Route.LoaderArgs) {
	const user = await getSessionUser(request.headers.get('cookie'), new URL(request.url).protocol === 'https:')
	if (!user) return data({ reason: 'sign-in' as const }, { status: 401, headers: { 'Cache-Control': 'no-store' } })
	const room = await findRoom(params.roomId)
	if (!room) return data({ reason: 'ended' as const }, { status: 404, headers: { 'Cache-Control': 'no-store' } })
	const { media } = room
	const href =
		media.type === 'tv' && media.season !== undefined && media.episode !== undefined
			? episodeHref(media.tmdbId, media.title, media.season, media.episode)
			: movieHref(media.tmdbId, media.title)
	throw redirect(`${href}?play=true&together=${encodeURIComponent(room.id)}`, { headers: { 'Cache-Control': 'no-store' } })
}

export default function TogetherPage({ loaderData }: Route.ComponentProps) {
	return (
		<div className="flex flex-col gap-6" data-testid="together-page">
			<PageHeader title="Watch together" />
			{loaderData.reason === 'sign-in' ? (
				<p>
					<Link to="/login" className="text-accent underline">
						Sign in
					</Link>{' '}
					to join this room, then open its link again.
				</p>
			) : (
				<p>This room has ended: its last member left. Ask for a new link, or start a room from the player.</p>
			)}
		</div>
	)
}
