import crypto from 'node:crypto'
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { TLSSocket } from 'node:tls'
import { WebSocketServer, type WebSocket } from 'ws'
import { HEARTBEAT_MS, ROOM_ID_PATTERN, type RoomCommand } from '#app/lib/together/room.ts'
import { ClientMessageSchema, CLOSE_FULL, CLOSE_GONE, MAX_MESSAGE_BYTES, roomView, type ServerMessage } from '#app/lib/together/protocol.ts'
import { getSessionUser } from '../auth/session.server.ts'
import { getEnv } from '../env.server.ts'
import { isCrossOrigin } from '../http/middleware.server.ts'
import { logger } from '../logger.server.ts'
import { getRoomStore, type RoomStore } from './store.server.ts'

// The watch-together WebSocket, on the site's own port: the HTTP server hands
// over upgrade requests for /api/together/rooms/<id>/socket. The upgrade is
// refused (plain HTTP answer, no socket) to another site (the API's Origin
// rule) and to anyone without a session; a missing or full room closes the
// socket with a code the page shows. Each connection is one member.

const SOCKET_PATH = /^\/api\/together\/rooms\/([^/]+)\/socket$/

interface Connection {
	socket: WebSocket
	roomId: string
	memberId: string
	lastVersion: number
	/** Until its join is applied, changes that do not list it yet are not for it. */
	joined: boolean
}

function refuse(socket: Duplex, status: number, message: string) {
	const body = JSON.stringify({ error: message })
	socket.end(
		`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\n` +
			'Content-Type: application/json\r\nConnection: close\r\n' +
			`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
	)
}

/** Whether the request came over HTTPS (directly, or through a trusted proxy that says so). */
function secureRequest(req: IncomingMessage) {
	if ((req.socket as TLSSocket).encrypted) return true
	const forwarded = req.headers['x-forwarded-proto']
	return Boolean(getEnv().TRUST_PROXY) && typeof forwarded === 'string' && forwarded.split(',')[0]!.trim() === 'https'
}

/**
 * Adds the watch-together upgrade handler to an HTTP server (every server
 * createApp's app listens on); tests give two servers their own stores.
 */
export function attachTogether(server: Server, store: RoomStore = getRoomStore()) {
	const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
	const connections = new Set<Connection>()
	const send = (socket: WebSocket, message: ServerMessage) => {
		if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
	}
	const unsubscribe = store.subscribe((roomId, state) => {
		for (const connection of connections) {
			if (connection.roomId !== roomId) continue
			if (!state) {
				send(connection.socket, { t: 'ended', reason: 'gone' })
				connection.socket.close(CLOSE_GONE, 'room ended')
				continue
			}
			if (state.version <= connection.lastVersion) continue
			const member = state.members.some((candidate) => candidate.id === connection.memberId)
			if (!connection.joined && !member) continue
			connection.lastVersion = state.version
			if (!member) {
				// Dropped (its heartbeats stopped reaching the room): say so rather than play on alone.
				send(connection.socket, { t: 'ended', reason: 'gone' })
				connection.socket.close(CLOSE_GONE, 'no longer a member')
				continue
			}
			send(connection.socket, { t: 'room', room: roomView(state), you: connection.memberId })
		}
	})

	server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
		const url = new URL(req.url ?? '/', 'http://localhost')
		const match = SOCKET_PATH.exec(url.pathname)
		if (!match) return
		socket.on('error', () => socket.destroy())
		const roomId = match[1]!
		const header = (name: string) => {
			const value = req.headers[name]
			return typeof value === 'string' ? value : undefined
		}
		if (isCrossOrigin({ fetchSite: header('sec-fetch-site'), origin: header('origin'), host: header('host') }))
			return refuse(socket, 403, 'Cross-origin request refused')
		if (!ROOM_ID_PATTERN.test(roomId)) return refuse(socket, 404, 'No such room')
		getSessionUser(header('cookie'), secureRequest(req))
			.then((user) => {
				if (!user) return refuse(socket, 401, 'Unauthorized')
				wss.handleUpgrade(req, socket, head, (ws) => void join(ws, roomId, user.id, user.name || user.username))
			})
			.catch((error: unknown) => {
				logger.error({ err: error }, 'together: upgrade failed')
				socket.destroy()
			})
	})

	async function join(socket: WebSocket, roomId: string, userId: string, name: string) {
		const memberId = crypto.randomBytes(9).toString('base64url')
		const connection: Connection = { socket, roomId, memberId, lastVersion: 0, joined: false }
		const dispatch = (command: RoomCommand) =>
			store.dispatch(roomId, command).catch((error: unknown) => {
				logger.warn({ err: error, roomId }, 'together: command failed')
				return null
			})
		// Messages that arrive before the join is done wait for it.
		const early: Buffer[] = []
		let joined = false
		socket.on('message', (data: Buffer, isBinary: boolean) => {
			if (isBinary) return socket.close(1003, 'text only')
			if (!joined) return void early.push(data)
			void handle(data)
		})
		const heartbeat = setInterval(() => void dispatch({ kind: 'seen', memberId }), HEARTBEAT_MS)
		socket.on('close', () => {
			clearInterval(heartbeat)
			connections.delete(connection)
			if (joined) void dispatch({ kind: 'leave', memberId })
		})
		socket.on('error', () => socket.terminate())

		connections.add(connection)
		const outcome = await dispatch({ kind: 'join', member: { id: memberId, userId, name } })
		if (!outcome || outcome.refused || !outcome.state) {
			const full = outcome?.refused === 'full'
			send(socket, { t: 'ended', reason: full ? 'full' : 'gone' })
			connections.delete(connection)
			socket.close(full ? CLOSE_FULL : CLOSE_GONE, full ? 'room is full' : 'no such room')
			return
		}
		joined = true
		connection.joined = true
		if (socket.readyState !== socket.OPEN) {
			void dispatch({ kind: 'leave', memberId })
			return
		}
		if (outcome.state.version > connection.lastVersion) {
			connection.lastVersion = outcome.state.version
			send(socket, { t: 'room', room: roomView(outcome.state), you: memberId })
		}
		for (const data of early.splice(0)) await handle(data)

		async function handle(data: Buffer) {
			let parsed: unknown
			try {
				parsed = JSON.parse(data.toString('utf8'))
			} catch {
				return socket.close(1007, 'not JSON')
			}
			const result = ClientMessageSchema.safeParse(parsed)
			if (!result.success) return socket.close(1007, 'unknown message')
			const message = result.data
			switch (message.t) {
				case 'ping':
					return send(socket, { t: 'pong', c: message.c, s: Date.now() })
				case 'play':
				case 'pause':
					return void (await dispatch({ kind: message.t, memberId }))
				case 'seek':
					return void (await dispatch({ kind: 'seek', memberId, position: message.position }))
				case 'ready':
					return void (await dispatch({ kind: 'ready', memberId, ready: message.ready }))
			}
		}
	}

	// Upgraded sockets would hold a graceful close open: tell members this server
	// is going away (1001) and they reconnect, to another worker or server.
	const close = server.close.bind(server)
	server.close = ((callback?: (error?: Error) => void) => {
		unsubscribe()
		for (const connection of connections) connection.socket.close(1001, 'server going away')
		setTimeout(() => {
			for (const connection of connections) connection.socket.terminate()
		}, 1000).unref()
		return close(callback)
	}) as typeof server.close
	return wss
}
