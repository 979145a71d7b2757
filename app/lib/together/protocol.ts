import { z } from 'zod'
import type { RoomState } from './room.ts'

// The messages of a watch-together connection (WebSocket, JSON text frames).
// The browser sends its actions and clock pings; the server answers pings and
// sends the room whenever it changes.

export const ClientMessageSchema = z.discriminatedUnion('t', [
	/** A clock ping: the browser's time when sent. */
	z.object({ t: z.literal('ping'), c: z.number().finite() }),
	z.object({ t: z.literal('play') }),
	z.object({ t: z.literal('pause') }),
	z.object({ t: z.literal('seek'), position: z.number().finite().min(0).max(1e6) }),
	/** Whether this member can play at the room's position now (not loading or buffering). */
	z.object({ t: z.literal('ready'), ready: z.boolean() }),
])
export type ClientMessage = z.infer<typeof ClientMessageSchema>

/** What a member sees of the room (no user ids). */
export interface RoomView {
	id: string
	media: RoomState['media']
	streamId: string
	playing: boolean
	position: number
	anchor: number
	version: number
	members: Array<{ id: string; name: string; ready: boolean }>
	lastAction?: RoomState['lastAction']
}

export type ServerMessage =
	{ t: 'pong'; c: number; s: number } | { t: 'room'; room: RoomView; you: string } | { t: 'ended'; reason: 'full' | 'gone' }

/** Close codes the browser can tell apart (4000–4999 are the application's). */
export const CLOSE_FULL = 4409
export const CLOSE_GONE = 4404

/** Longest frame accepted from a browser (every message is tiny). */
export const MAX_MESSAGE_BYTES = 1024

/** The room as members see it. */
export function roomView(state: RoomState): RoomView {
	return {
		id: state.id,
		media: state.media,
		streamId: state.streamId,
		playing: state.playing,
		position: state.position,
		anchor: state.anchor,
		version: state.version,
		members: state.members.map((member) => ({ id: member.id, name: member.name, ready: member.ready })),
		lastAction: state.lastAction,
	}
}

/** The socket's path for a room. */
export function roomSocketPath(roomId: string) {
	return `/api/together/rooms/${roomId}/socket`
}

/** The link others open to join. */
export function roomLinkPath(roomId: string) {
	return `/together/${roomId}`
}
