import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { roomLinkPath } from '#app/lib/together/protocol.ts'
import { ROOM_ID_PATTERN, type RoomMedia } from '#app/lib/together/room.ts'
import type { Stream } from '#app/lib/sources/contract.ts'
import { createRoom, joinRoom, type TogetherSession, type TogetherSnapshot } from '#app/stores/together.ts'
import { useOptionalUser } from '#app/utils/user.ts'
import type { PlayerMedia } from '#app/components/player/player-props.ts'
import { TogetherPanel } from './together-panel.tsx'
import { useTogetherSync } from './use-together-sync.ts'

// Watch together (decision 0045), mounted once in the player: the "Watch
// together" button and panel, the room's status line, "Tap to join playback",
// and the sync of the player's <video> with the room. A room is joined from
// the link (?together=<id>, where /together/<id> leads) or made here.

export interface WatchTogetherProps {
	videoRef: RefObject<HTMLVideoElement | null>
	media: PlayerMedia
	/** The stream on screen, and every stream the player may switch to. */
	stream: Stream | undefined
	streams: Stream[]
	/** Switches the player to streams[index] (to play the room's stream). */
	onStream: (index: number) => void
}

const noSubscribe = () => () => {}
const noSnapshot = () => null

function roomMedia(media: PlayerMedia): RoomMedia {
	return media.type === 'tv' && media.season !== undefined && media.episode !== undefined
		? { type: 'tv', tmdbId: media.tmdbId, title: media.title, season: media.season, episode: media.episode }
		: { type: 'movie', tmdbId: media.tmdbId, title: media.title }
}

const ACTION_TEXT = { play: 'played', pause: 'paused', seek: 'jumped' } as const

export function statusText(snapshot: TogetherSnapshot | null): string | null {
	if (!snapshot) return null
	if (snapshot.status === 'full') return 'This room is full (10 people).'
	if (snapshot.status === 'ended') return 'This room has ended.'
	if (snapshot.status === 'lost') return 'Lost the connection to the room.'
	const room = snapshot.room
	if (!room) return 'Joining the room…'
	const waiting = room.members.filter((member) => !member.ready && member.id !== snapshot.you)
	if (waiting.length > 0) return `Waiting for ${waiting.map((member) => member.name).join(', ')}`
	if (room.members.some((member) => !member.ready)) return 'Loading…'
	const count = `Watching together · ${room.members.length}`
	const action = room.lastAction ? ` · ${room.lastAction.by} ${ACTION_TEXT[room.lastAction.kind]}` : ''
	return `${count}${action}`
}

export function WatchTogether({ videoRef, media, stream, streams, onStream }: WatchTogetherProps) {
	const user = useOptionalUser()
	const [params] = useSearchParams()
	const fromLink = params.get('together')
	const [roomId, setRoomId] = useState<string | null>(fromLink && ROOM_ID_PATTERN.test(fromLink) ? fromLink : null)
	const [session, setSession] = useState<TogetherSession | null>(null)
	const [open, setOpen] = useState(false)
	const [error, setError] = useState<string | null>(null)
	const userId = user?.id

	useEffect(() => {
		if (!roomId || !userId) return
		const joined = joinRoom(roomId)
		setSession(joined)
		return () => {
			joined.leave()
			setSession(null)
		}
	}, [roomId, userId])
	const snapshot = useSyncExternalStore(session?.subscribe ?? noSubscribe, session?.getSnapshot ?? noSnapshot, noSnapshot)
	const sync = useTogetherSync(videoRef, session, snapshot)

	// Everyone plays the room's stream when this player has it too.
	const roomStream = snapshot?.room?.streamId
	useEffect(() => {
		if (!roomStream || stream?.id === roomStream) return
		const index = streams.findIndex((candidate) => candidate.id === roomStream)
		if (index >= 0) onStream(index)
	}, [roomStream, stream?.id, streams, onStream])

	const start = async () => {
		if (!stream) return
		setError(null)
		try {
			const made = await createRoom(roomMedia(media), stream.id, videoRef.current?.currentTime ?? 0)
			setRoomId(made.id)
		} catch {
			setError('The room could not be made. Try again.')
		}
	}
	const leave = () => {
		setRoomId(null)
		setOpen(false)
	}
	const status = statusText(snapshot)
	const link = roomId && typeof window !== 'undefined' ? new URL(roomLinkPath(roomId), window.location.origin).href : null

	return (
		<>
			<div className="absolute top-14 right-3 sm:top-3 z-10 flex flex-col items-end gap-2">
				<Button
					variant="overlay"
					size="compact"
					className="bg-black/60"
					aria-expanded={open}
					onClick={() => setOpen(!open)}
					data-testid="together-button"
				>
					{roomId ? `Together${snapshot?.room ? ` (${snapshot.room.members.length})` : ''}` : 'Watch together'}
				</Button>
				{open ? (
					<TogetherPanel
						signedIn={user !== null}
						link={link}
						snapshot={snapshot}
						error={error}
						onStart={() => void start()}
						onLeave={leave}
						onClose={() => setOpen(false)}
					/>
				) : null}
			</div>
			{status ? (
				<p
					className="pointer-events-none absolute top-24 left-1/2 sm:top-14 z-10 -translate-x-1/2 rounded bg-black/70 px-3 py-1 text-sm"
					role="status"
					data-testid="together-status"
				>
					{status}
				</p>
			) : null}
			{sync.needsTap ? (
				<div className="absolute inset-0 z-20 flex items-center justify-center bg-black/50">
					<Button variant="light" size="lg" onClick={sync.tapToPlay} data-testid="together-tap">
						Tap to join playback
					</Button>
				</div>
			) : null}
		</>
	)
}
