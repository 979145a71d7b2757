import { WebSocket } from 'ws'
import type { RoomView, ServerMessage } from '#app/lib/together/protocol.ts'
import { ApiClient } from './api-test-client.ts'

// Watch-together members for integration tests: signed-in API clients, and a
// member's WebSocket that keeps every message the server sent, so a test can
// wait for the room to reach a state.

export const TOGETHER_MOVIE = { type: 'movie', tmdbId: 10378, title: 'Big Buck Bunny' }

let counter = 0

/** A new account's client (its own forwarded address, which a server trusting a proxy counts apart). */
export async function signedIn(baseUrl: string, name = 'Sam'): Promise<ApiClient> {
	counter += 1
	const client = new ApiClient(baseUrl, { 'x-forwarded-for': `192.0.2.${counter}` })
	const tag = `${Date.now().toString(36)}${counter}`
	const response = await client.post('/api/auth/signup', {
		username: `${name}_${tag}`,
		email: `${name}.${tag}@example.com`,
		password: 'correct horse battery',
		passwordConfirm: 'correct horse battery',
	})
	if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${JSON.stringify(response.body)}`)
	return client
}

/** Makes a room on Big Buck Bunny's sample stream; its id and link. */
export async function makeRoom(client: ApiClient): Promise<{ id: string; link: string }> {
	const response = await client.post<{ id: string; link: string }>('/api/together/rooms', {
		media: TOGETHER_MOVIE,
		streamId: 'sample-mp4',
		position: 0,
	})
	if (response.status !== 201) throw new Error(`making a room answered ${response.status}: ${JSON.stringify(response.body)}`)
	return response.body
}

export interface Member {
	socket: WebSocket
	messages: ServerMessage[]
	/** This end's port of the TCP connection, once the upgrade is answered. */
	localPort: Promise<number>
	/** Resolves with the first message (already received or next) that matches. */
	next(match: (message: ServerMessage) => boolean, after?: number): Promise<ServerMessage>
	/** The first room message that matches, from message number `after` on. */
	room(match?: (room: RoomView) => boolean, after?: number): Promise<RoomView>
	send(message: unknown): void
	closed: Promise<{ code: number; reason: string }>
}

/** Opens a member's socket to a room, as the browser does (same-site Origin, the session cookie in `headers`). */
export function connect(baseUrl: string, roomId: string, headers: Record<string, string>): Member {
	const url = `${baseUrl.replace(/^http/, 'ws')}/api/together/rooms/${roomId}/socket`
	const socket = new WebSocket(url, { headers: { origin: baseUrl, ...headers } })
	const messages: ServerMessage[] = []
	const waiters = new Set<() => void>()
	socket.on('message', (data) => {
		messages.push(JSON.parse(String(data)) as ServerMessage)
		for (const waiter of waiters) waiter()
	})
	const localPort = new Promise<number>((resolve, reject) => {
		socket.once('upgrade', (response) => resolve(response.socket.localPort ?? 0))
		socket.once('close', () => reject(new Error('closed before the upgrade')))
	})
	localPort.catch(() => {})
	const closed = new Promise<{ code: number; reason: string }>((resolve) =>
		socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
	)
	const next = (match: (message: ServerMessage) => boolean, after = 0) =>
		new Promise<ServerMessage>((resolve, reject) => {
			let seen = after
			const check = () => {
				for (; seen < messages.length; seen++)
					if (match(messages[seen]!)) {
						waiters.delete(check)
						clearTimeout(timer)
						return resolve(messages[seen]!)
					}
			}
			const timer = setTimeout(() => {
				waiters.delete(check)
				reject(new Error(`no matching message; got ${JSON.stringify(messages)}`))
			}, 5000)
			waiters.add(check)
			check()
		})
	return {
		socket,
		messages,
		localPort,
		next,
		async room(match = () => true, after = 0) {
			const message = await next((m) => m.t === 'room' && match(m.room), after)
			return (message as Extract<ServerMessage, { t: 'room' }>).room
		},
		send: (message) => {
			if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
			else socket.once('open', () => socket.send(JSON.stringify(message)))
		},
		closed,
	}
}
