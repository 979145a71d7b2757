import { Router } from 'express'
import { z } from 'zod'
import { newRoom, ROOM_ID_PATTERN } from '#app/lib/together/room.ts'
import { roomLinkPath, roomView } from '#app/lib/together/protocol.ts'
import { currentUser, requireUser } from '../auth/session.server.ts'
import { jsonHandler, notFound, parseInput } from '../http/errors.server.ts'
import { getRoomStore, newRoomId } from './store.server.ts'

// /api/together: making a room (the player's "Watch together") and reading one
// (the join link). Signed-in users only; the room itself is joined over its
// WebSocket (socket.server.ts).

const MediaSchema = z.discriminatedUnion('type', [
	z.object({ type: z.literal('movie'), tmdbId: z.number().int().positive(), title: z.string().min(1).max(300) }),
	z.object({
		type: z.literal('tv'),
		tmdbId: z.number().int().positive(),
		title: z.string().min(1).max(300),
		season: z.number().int().min(0).max(1000),
		episode: z.number().int().min(0).max(10_000),
	}),
])

const CreateRoomSchema = z.object({
	media: MediaSchema,
	streamId: z.string().min(1).max(500),
	position: z.number().finite().min(0).max(1e6).default(0),
})

/** A room by id for the join link, or null (gone, or not an id). */
export async function findRoom(roomId: string) {
	if (!ROOM_ID_PATTERN.test(roomId)) return null
	return getRoomStore().get(roomId)
}

export function togetherApiRouter() {
	const router = Router()
	router.use(requireUser)
	router.post(
		'/rooms',
		jsonHandler(async (req, res) => {
			currentUser(res)
			const input = parseInput(CreateRoomSchema, req.body)
			const id = newRoomId()
			await getRoomStore().create(newRoom(id, input.media, input.streamId, input.position, Date.now()))
			res.status(201)
			return { id, link: roomLinkPath(id) }
		}),
	)
	router.get(
		'/rooms/:roomId',
		jsonHandler(async (req) => {
			const room = await findRoom(String(req.params.roomId))
			if (!room) throw notFound('This room has ended')
			return roomView(room)
		}),
	)
	return router
}
