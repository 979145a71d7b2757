import http, { type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { MAX_MEMBERS } from '#app/lib/together/room.ts'
import type { RoomView } from '#app/lib/together/protocol.ts'
import { createApp } from '#server/create-app.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { attachTogether } from '#server/together/socket.server.ts'
import { closeRoomStore, createRedisRoomStore, type RoomStore } from '#server/together/store.server.ts'
import { ApiClient } from '#tests/support/api-test-client.ts'
import { useApiOnTestDatabase } from '#tests/support/api.ts'
import { connect, makeRoom, signedIn, TOGETHER_MOVIE, type Member } from '#tests/support/together-members.ts'

// The watch-together protocol over a real WebSocket: who may join, the cap,
// the end of a room, and rooms shared by two app servers through Redis.

const REDIS_URL = `${(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/11`
const MOVIE = TOGETHER_MOVIE

/** The HTTP status of a refused upgrade. */
function refusedStatus(baseUrl: string, roomId: string, headers: Record<string, string>) {
	return new Promise<number>((resolve, reject) => {
		const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/together/rooms/${roomId}/socket`, { headers })
		socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
		socket.on('open', () => reject(new Error('the upgrade was accepted')))
		socket.on('error', () => {})
	})
}

describe('watch together on one app server', () => {
	const running = useApiOnTestDatabase('sqlite')
	afterAll(() => closeRoomStore())

	it('refuses to make a room without a session', async () => {
		const stranger = new ApiClient(running.api.baseUrl)
		expect((await stranger.post('/api/together/rooms', { media: MOVIE, streamId: 'x' })).status).toBe(401)
	})

	it('refuses a hostile room description with 400', async () => {
		const sam = await signedIn(running.api.baseUrl)
		for (const body of [
			{ media: { ...MOVIE, tmdbId: -1 }, streamId: 'x' },
			{ media: MOVIE },
			{ media: { type: 'tv', tmdbId: 1, title: 'x' }, streamId: 'x' },
		])
			expect((await sam.post('/api/together/rooms', body)).status).toBe(400)
	})

	it('two members join; play, pause and seek by either reach both; the newcomer holds the room until ready', async () => {
		const base = running.api.baseUrl
		const sam = await signedIn(base, 'Sam')
		const kim = await signedIn(base, 'Kim')
		const { id, link } = await makeRoom(sam)
		expect(link).toBe(`/together/${id}`)
		expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
		const one = connect(base, id, { cookie: sam.cookie! })
		await one.room((room) => room.members.length === 1)
		one.send({ t: 'ready', ready: true })
		const two = connect(base, id, { cookie: kim.cookie! })
		const joined = await one.room((room) => room.members.length === 2)
		expect(joined.members.map((m) => m.name)).toEqual([expect.stringMatching(/^Sam_/), expect.stringMatching(/^Kim_/)])
		// Kim is loading: the room waits for Kim.
		expect(joined.members[1]!.ready).toBe(false)
		two.send({ t: 'ready', ready: true })
		await one.room((room) => room.members.every((m) => m.ready))

		two.send({ t: 'play' })
		const playing = await one.room((room) => room.playing)
		expect(playing.lastAction).toEqual({ by: expect.stringMatching(/^Kim_/), kind: 'play' })
		one.send({ t: 'seek', position: 600 })
		const seeked = await two.room((room) => room.position === 600)
		expect(seeked.members.every((m) => !m.ready)).toBe(true)
		one.send({ t: 'pause' })
		await two.room((room) => !room.playing)

		// Clock pings are answered with the server's time.
		const before = Date.now()
		two.send({ t: 'ping', c: 123 })
		const pong = await two.next((m) => m.t === 'pong')
		expect(pong).toMatchObject({ t: 'pong', c: 123 })
		expect((pong as { s: number }).s).toBeGreaterThanOrEqual(before)

		// The link's room is readable by members-to-be (signed in), not by strangers.
		expect((await kim.get<RoomView>(`/api/together/rooms/${id}`)).body.position).toBe(600)
		expect((await new ApiClient(base).get(`/api/together/rooms/${id}`)).status).toBe(401)
		one.socket.close()
		two.socket.close()
	})

	it('refuses a stranger without a session (401) and another site (403) at the upgrade', async () => {
		const base = running.api.baseUrl
		const sam = await signedIn(base)
		const { id } = await makeRoom(sam)
		expect(await refusedStatus(base, id, { origin: base })).toBe(401)
		expect(await refusedStatus(base, id, { origin: base, cookie: 'willow_session=made-up' })).toBe(401)
		expect(await refusedStatus(base, id, { origin: 'https://evil.example', cookie: sam.cookie! })).toBe(403)
		expect(await refusedStatus(base, id, { origin: base, cookie: sam.cookie!, 'sec-fetch-site': 'cross-site' })).toBe(403)
		// The near miss: the same host on another scheme's port is another origin.
		expect(await refusedStatus(base, id, { origin: base.replace(/:(\d+)$/, ':1'), cookie: sam.cookie! })).toBe(403)
	})

	it('closes a socket for a room that does not exist (4404)', async () => {
		const base = running.api.baseUrl
		const sam = await signedIn(base)
		const member = connect(base, 'A'.repeat(22), { cookie: sam.cookie! })
		expect((await member.closed).code).toBe(4404)
		expect(await refusedStatus(base, 'not-an-id', { origin: base, cookie: sam.cookie! })).toBe(404)
	})

	it(`takes ${MAX_MEMBERS} members and closes the next with 4409`, async () => {
		const base = running.api.baseUrl
		const sam = await signedIn(base)
		const { id } = await makeRoom(sam)
		const members: Member[] = []
		for (let i = 0; i < MAX_MEMBERS; i++) {
			const member = connect(base, id, { cookie: sam.cookie! })
			await member.room()
			members.push(member)
		}
		const extra = connect(base, id, { cookie: sam.cookie! })
		expect(await extra.next((m) => m.t === 'ended')).toEqual({ t: 'ended', reason: 'full' })
		expect((await extra.closed).code).toBe(4409)
		// Once one leaves, there is room again.
		const mark = members[0]!.messages.length
		members.pop()!.socket.close()
		await members[0]!.room((room) => room.members.length === MAX_MEMBERS - 1, mark)
		const again = connect(base, id, { cookie: sam.cookie! })
		await again.room()
		for (const member of [...members, again]) member.socket.close()
	})

	it('ends when its last member leaves', async () => {
		const base = running.api.baseUrl
		const sam = await signedIn(base)
		const { id } = await makeRoom(sam)
		const one = connect(base, id, { cookie: sam.cookie! })
		const two = connect(base, id, { cookie: sam.cookie! })
		await one.room((room) => room.members.length === 2)
		one.socket.close()
		await two.room((room) => room.members.length === 1)
		expect((await sam.get(`/api/together/rooms/${id}`)).status).toBe(200)
		two.socket.close()
		await two.closed
		await expect.poll(async () => (await sam.get(`/api/together/rooms/${id}`)).status).toBe(404)
		const late = connect(base, id, { cookie: sam.cookie! })
		expect((await late.closed).code).toBe(4404)
	})
})

describe('watch together across two app servers sharing Redis', () => {
	const running = useApiOnTestDatabase('postgres')
	const servers: Array<{ server: Server; store: RoomStore; baseUrl: string }> = []
	beforeAll(async () => {
		const redis = new Redis(REDIS_URL)
		await redis.flushdb()
		redis.disconnect()
		process.env.REDIS_URL = REDIS_URL
		resetEnvForTests()
		await closeRoomStore()
		// Two servers in this process, each with its own Redis connections: as two app servers are.
		for (let i = 0; i < 2; i++) {
			const store = createRedisRoomStore(REDIS_URL)
			const server = http.createServer(createApp())
			attachTogether(server, store)
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
			servers.push({ server, store, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
		}
	})
	afterAll(async () => {
		for (const { server, store } of servers) {
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
			await store.close()
		}
		await closeRoomStore()
		delete process.env.REDIS_URL
		resetEnvForTests()
	})

	it('members on different servers see each other’s actions, and the room ends with its last member', async () => {
		const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]]
		expect(running.api.baseUrl).toBeTruthy()
		const sam = await signedIn(a.baseUrl, 'Sam')
		const kim = await signedIn(b.baseUrl, 'Kim')
		const { id } = await makeRoom(sam)
		const one = connect(a.baseUrl, id, { cookie: sam.cookie! })
		await one.room()
		const two = connect(b.baseUrl, id, { cookie: kim.cookie! })
		await one.room((room) => room.members.length === 2)
		one.send({ t: 'ready', ready: true })
		two.send({ t: 'ready', ready: true })
		two.send({ t: 'play' })
		await one.room((room) => room.playing && room.members.every((m) => m.ready))
		one.send({ t: 'seek', position: 15 })
		await two.room((room) => room.position === 15)
		// Commands from both servers at once: none is lost (WATCH/MULTI retries).
		one.send({ t: 'ready', ready: true })
		two.send({ t: 'ready', ready: true })
		await one.room((room) => room.members.every((m) => m.ready))
		await two.room((room) => room.members.every((m) => m.ready))
		one.socket.close()
		await two.room((room) => room.members.length === 1)
		two.socket.close()
		await two.closed
		await expect.poll(async () => (await sam.get(`/api/together/rooms/${id}`)).status).toBe(404)
	})
})
