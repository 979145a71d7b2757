import { addSample, CLOCK_BURST, CLOCK_INTERVAL_MS, clockSample, estimateOffset, type ClockSample } from '#app/lib/together/clock.ts'
import {
	CLOSE_FULL,
	CLOSE_GONE,
	roomSocketPath,
	type ClientMessage,
	type RoomView,
	type ServerMessage,
} from '#app/lib/together/protocol.ts'
import type { RoomMedia } from '#app/lib/together/room.ts'
import { apiRequest } from '#app/utils/api-client.ts'

// The browser's side of a watch-together room: one WebSocket to the server,
// the clock offset estimated from its pings, and the room as last sent.
// Components read it through subscribe/getSnapshot (useSyncExternalStore).

export type TogetherStatus = 'connecting' | 'open' | 'ended' | 'full' | 'lost'

export interface TogetherSnapshot {
	roomId: string
	status: TogetherStatus
	room: RoomView | null
	/** This connection's member id. */
	you: string | null
	/** Half the round trip of the trusted clock samples (ms), Infinity before the first. */
	clockError: number
}

export interface TogetherSession {
	subscribe(listener: () => void): () => void
	getSnapshot(): TogetherSnapshot
	send(message: Exclude<ClientMessage, { t: 'ping' }>): void
	/** The server's clock now (ms), from the browser's clock and the estimated offset. */
	serverNow(): number
	leave(): void
}

/** Makes a room for the title and stream on screen; resolves to its id. */
export async function createRoom(media: RoomMedia, streamId: string, position: number) {
	return apiRequest<{ id: string; link: string }>('/api/together/rooms', { body: { media, streamId, position } })
}

/** How many times a dropped connection is tried again (a server restarting, a worker going away). */
const RECONNECTS = 5

/** Connects to a room (a session per room; leave() ends it). */
export function joinRoom(roomId: string): TogetherSession {
	const listeners = new Set<() => void>()
	let snapshot: TogetherSnapshot = { roomId, status: 'connecting', room: null, you: null, clockError: Infinity }
	let samples: ClockSample[] = []
	let offset = 0
	let socket: WebSocket | null = null
	let pingTimer: ReturnType<typeof setTimeout> | undefined
	let left = false
	let attempts = 0
	const update = (patch: Partial<TogetherSnapshot>) => {
		snapshot = { ...snapshot, ...patch }
		for (const listener of listeners) listener()
	}
	const raw = (message: ClientMessage) => {
		if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message))
	}
	const ping = (remaining: number) => {
		raw({ t: 'ping', c: performance.timeOrigin + performance.now() })
		pingTimer = setTimeout(() => ping(Math.max(0, remaining - 1)), remaining > 0 ? 120 : CLOCK_INTERVAL_MS)
	}
	const connect = () => {
		const url = new URL(roomSocketPath(roomId), window.location.href)
		url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
		const current = new WebSocket(url)
		socket = current
		current.addEventListener('open', () => {
			attempts = 0
			update({ status: 'open' })
			ping(CLOCK_BURST)
		})
		current.addEventListener('message', (event) => {
			let message: ServerMessage
			try {
				message = JSON.parse(String(event.data)) as ServerMessage
			} catch {
				return
			}
			if (message.t === 'pong') {
				const sample = clockSample(message.c, message.s, performance.timeOrigin + performance.now())
				if (!sample) return
				samples = addSample(samples, sample)
				const estimate = estimateOffset(samples)
				offset = estimate.offset
				if (estimate.error !== snapshot.clockError) update({ clockError: estimate.error })
			} else if (message.t === 'room') {
				if (snapshot.room && snapshot.room.version >= message.room.version && snapshot.you === message.you) return
				update({ room: message.room, you: message.you })
			} else if (message.t === 'ended') {
				update({ status: message.reason === 'full' ? 'full' : 'ended' })
			}
		})
		current.addEventListener('close', (event) => {
			clearTimeout(pingTimer)
			if (left || socket !== current) return
			if (event.code === CLOSE_FULL) return update({ status: 'full' })
			if (event.code === CLOSE_GONE) return update({ status: 'ended' })
			// Dropped or refused: try again a few times (a new member id; the room waits for it to load).
			attempts += 1
			if (attempts > RECONNECTS) return update({ status: 'lost' })
			update({ status: 'connecting' })
			setTimeout(() => !left && connect(), 500 * attempts)
		})
	}
	connect()
	return {
		subscribe(listener) {
			listeners.add(listener)
			return () => listeners.delete(listener)
		},
		getSnapshot: () => snapshot,
		send: (message) => raw(message),
		serverNow: () => performance.timeOrigin + performance.now() + offset,
		leave() {
			left = true
			clearTimeout(pingTimer)
			socket?.close(1000, 'left')
			listeners.clear()
		},
	}
}
