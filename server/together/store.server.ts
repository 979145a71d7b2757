import cluster, { type Worker } from 'node:cluster'
import crypto from 'node:crypto'
import { EventEmitter } from 'node:events'
import { Redis } from 'ioredis'
import { applyCommand, EMPTY_ROOM_TTL_MS, type RoomCommand, type RoomOutcome, type RoomState } from '#app/lib/together/room.ts'
import { getEnv } from '../env.server.ts'
import { logger } from '../logger.server.ts'

// Where rooms live, so every member sees one room whichever worker or app
// server holds its connection (decision 0045). Changes are commands applied by
// the pure rules of app/lib/together/room.ts to the one copy of a room:
// - one process: a Map here;
// - several workers of one server (node:cluster) without Redis: the Map lives in
//   the cluster primary, workers send it commands over IPC and it tells every
//   worker what changed;
// - with REDIS_URL (several app servers): the room is a Redis key changed under
//   WATCH/MULTI (optimistic, retried), and each change is published on one
//   channel every app server subscribes to.
// Listeners get every change (the new state, or null when the room ended).

export type RoomListener = (roomId: string, state: RoomState | null) => void

export interface RoomStore {
	create(state: RoomState): Promise<void>
	get(roomId: string): Promise<RoomState | null>
	dispatch(roomId: string, command: RoomCommand): Promise<RoomOutcome>
	subscribe(listener: RoomListener): () => void
	close(): Promise<void>
}

/** A room id nobody can guess: 16 random bytes. */
export function newRoomId(): string {
	return crypto.randomBytes(16).toString('base64url')
}

/** A room nobody joined soon after it was made is dropped (a link made and never used). */
function abandoned(state: RoomState, now: number) {
	return state.members.length === 0 && now - state.createdAt > EMPTY_ROOM_TTL_MS
}

export function createMemoryRoomStore(): RoomStore {
	const rooms = new Map<string, RoomState>()
	const events = new EventEmitter()
	events.setMaxListeners(0)
	const sweep = setInterval(() => {
		const now = Date.now()
		for (const [id, state] of rooms) if (abandoned(state, now)) rooms.delete(id)
	}, 30_000)
	sweep.unref()
	return {
		async create(state) {
			rooms.set(state.id, state)
		},
		async get(roomId) {
			return rooms.get(roomId) ?? null
		},
		async dispatch(roomId, command) {
			const before = rooms.get(roomId) ?? null
			const outcome = applyCommand(before, command, Date.now())
			if (outcome.state) rooms.set(roomId, outcome.state)
			else rooms.delete(roomId)
			if (before && (outcome.state?.version ?? -1) !== before.version) events.emit('change', roomId, outcome.state)
			return outcome
		},
		subscribe(listener) {
			events.on('change', listener)
			return () => events.off('change', listener)
		},
		async close() {
			clearInterval(sweep)
			rooms.clear()
		},
	}
}

// ---- node:cluster: the primary keeps the rooms ----

type ToPrimary = { willowTogether: 'call'; callId: string; op: 'create' | 'get' | 'dispatch'; roomId: string; payload?: unknown }
type ToWorker =
	{ willowTogether: 'reply'; callId: string; result: unknown } | { willowTogether: 'change'; roomId: string; state: RoomState | null }

/**
 * Runs in the cluster primary (server/app.ts) when workers share no Redis:
 * answers the workers' calls from one memory store and tells every worker of
 * each change.
 */
export function serveRoomsFromPrimary(): () => void {
	const store = createMemoryRoomStore()
	const unsubscribe = store.subscribe((roomId, state) => {
		const message: ToWorker = { willowTogether: 'change', roomId, state }
		for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) worker.send(message)
	})
	const onMessage = async (worker: Worker, message: ToPrimary) => {
		if (message?.willowTogether !== 'call') return
		let result: unknown
		if (message.op === 'create') result = await store.create(message.payload as RoomState)
		else if (message.op === 'get') result = await store.get(message.roomId)
		else result = await store.dispatch(message.roomId, message.payload as RoomCommand)
		if (worker.isConnected()) worker.send({ willowTogether: 'reply', callId: message.callId, result: result ?? null } satisfies ToWorker)
	}
	cluster.on('message', onMessage)
	return () => {
		unsubscribe()
		cluster.off('message', onMessage)
		void store.close()
	}
}

function createClusterWorkerStore(): RoomStore {
	const pending = new Map<string, (result: unknown) => void>()
	const events = new EventEmitter()
	events.setMaxListeners(0)
	const onMessage = (message: ToWorker) => {
		if (message?.willowTogether === 'reply') {
			pending.get(message.callId)?.(message.result)
			pending.delete(message.callId)
		} else if (message?.willowTogether === 'change') events.emit('change', message.roomId, message.state)
	}
	process.on('message', onMessage)
	const call = (op: ToPrimary['op'], roomId: string, payload?: unknown) =>
		new Promise<unknown>((resolve, reject) => {
			const callId = crypto.randomUUID()
			const timer = setTimeout(() => {
				pending.delete(callId)
				reject(new Error('the cluster primary did not answer'))
			}, 5000)
			pending.set(callId, (result) => (clearTimeout(timer), resolve(result)))
			process.send!({ willowTogether: 'call', callId, op, roomId, payload } satisfies ToPrimary)
		})
	return {
		async create(state) {
			await call('create', state.id, state)
		},
		async get(roomId) {
			return (await call('get', roomId)) as RoomState | null
		},
		async dispatch(roomId, command) {
			return (await call('dispatch', roomId, command)) as RoomOutcome
		},
		subscribe(listener) {
			events.on('change', listener)
			return () => events.off('change', listener)
		},
		async close() {
			process.off('message', onMessage)
		},
	}
}

// ---- Redis: rooms shared by every app server ----

const CHANNEL = 'willow:together'
/** A room key outlives its last change by this much; members' heartbeats keep it alive. */
const ROOM_KEY_TTL_MS = 10 * 60_000

export function createRedisRoomStore(url: string, prefix = 'willow:together:'): RoomStore {
	const options = { maxRetriesPerRequest: 2, commandTimeout: 2000 }
	const redis = new Redis(url, options)
	const subscriber = new Redis(url, options)
	redis.on('error', (error) => logger.warn({ err: error }, 'redis error (together)'))
	subscriber.on('error', (error) => logger.warn({ err: error }, 'redis error (together subscriber)'))
	const events = new EventEmitter()
	events.setMaxListeners(0)
	const channel = `${prefix}${CHANNEL}`
	const subscribed = subscriber.subscribe(channel)
	subscriber.on('message', (from: string, raw: string) => {
		if (from !== channel) return
		try {
			const { roomId, state } = JSON.parse(raw) as { roomId: string; state: RoomState | null }
			events.emit('change', roomId, state)
		} catch {
			// not ours
		}
	})
	const key = (roomId: string) => `${prefix}room:${roomId}`
	const read = (raw: string | null) => (raw ? (JSON.parse(raw) as RoomState) : null)
	// WATCH belongs to the connection: this process's commands go one at a time.
	let queue: Promise<unknown> = Promise.resolve()
	const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
		const run = queue.then(work, work)
		queue = run.catch(() => {})
		return run
	}
	return {
		async create(state) {
			await subscribed
			await redis.set(key(state.id), JSON.stringify(state), 'PX', EMPTY_ROOM_TTL_MS)
		},
		async get(roomId) {
			return read(await redis.get(key(roomId)))
		},
		dispatch: (roomId, command) =>
			oneAtATime(async () => {
				await subscribed
				// Optimistic: if another server changed the room between GET and EXEC, EXEC fails and we try again.
				for (let attempt = 0; attempt < 20; attempt++) {
					await redis.watch(key(roomId))
					const before = read(await redis.get(key(roomId)))
					const outcome = applyCommand(before, command, Date.now())
					const changed = before !== null && (outcome.state?.version ?? -1) !== before.version
					const transaction = redis.multi()
					if (outcome.state) transaction.set(key(roomId), JSON.stringify(outcome.state), 'PX', ROOM_KEY_TTL_MS)
					else if (before) transaction.del(key(roomId))
					if (changed) transaction.publish(channel, JSON.stringify({ roomId, state: outcome.state }))
					const result = await transaction.exec()
					if (result !== null) return outcome
				}
				throw new Error('room changed too often to apply a command')
			}),
		subscribe(listener) {
			events.on('change', listener)
			return () => events.off('change', listener)
		},
		async close() {
			redis.disconnect()
			subscriber.disconnect()
		},
	}
}

let shared: RoomStore | undefined

/** The store for this process, chosen by how it runs (see the top of this file). */
export function getRoomStore(): RoomStore {
	if (shared) return shared
	const { REDIS_URL } = getEnv()
	if (REDIS_URL) shared = createRedisRoomStore(REDIS_URL)
	else if (cluster.isWorker) shared = createClusterWorkerStore()
	else shared = createMemoryRoomStore()
	return shared
}

export async function closeRoomStore() {
	const store = shared
	shared = undefined
	await store?.close()
}
