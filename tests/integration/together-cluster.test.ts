import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireBuild, startServerProcess, type ServerProcess } from '#tests/support/servers.ts'
import { connect, makeRoom, signedIn, type Member } from '#tests/support/together-members.ts'

// Watch together on the real clustered server without Redis (`npm start`: one
// worker per core): a room lives in the cluster primary and every worker relays
// its members' commands to it (decision 0045). Two members whose WebSockets are
// held by different worker processes (found in /proc) must see each other's
// play, pause and seek.

const WORKERS = 2

let server: ServerProcess
let workerPids: number[] = []

/** The workers' pids, from their "listening" log lines (pino writes each process's pid). */
function listeningWorkers(output: string): number[] {
	const pids = new Set<number>()
	for (const line of output.split('\n')) {
		if (!line.includes('Willow listening')) continue
		try {
			pids.add((JSON.parse(line) as { pid: number }).pid)
		} catch {
			// not a log line
		}
	}
	return [...pids]
}

/**
 * The worker that holds the server's end of a connection from 127.0.0.1:clientPort:
 * the socket's inode in /proc/net/tcp, then which worker has a descriptor on it.
 */
function workerHolding(serverPort: number, clientPort: number): number | undefined {
	const hexPort = (port: number) => `:${port.toString(16).toUpperCase().padStart(4, '0')}`
	const row = fs
		.readFileSync('/proc/net/tcp', 'utf8')
		.split('\n')
		.slice(1)
		.map((line) => line.trim().split(/\s+/))
		.find((columns) => columns[1]?.endsWith(hexPort(serverPort)) && columns[2]?.endsWith(hexPort(clientPort)))
	const inode = row?.[9]
	if (!inode || inode === '0') return undefined
	for (const pid of workerPids) {
		for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
			try {
				if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid
			} catch {
				// closed meanwhile
			}
		}
	}
	return undefined
}

async function workerOf(member: Member): Promise<number> {
	const clientPort = await member.localPort
	const pid = workerHolding(Number(new URL(server.origin).port), clientPort)
	if (pid === undefined) throw new Error(`no worker holds the connection from port ${clientPort}`)
	return pid
}

describe('watch together across the workers of one server, without Redis', () => {
	beforeAll(async () => {
		requireBuild()
		server = await startServerProcess({ WEB_CONCURRENCY: String(WORKERS), LOG_LEVEL: 'info' }, { timeoutMs: 120_000 })
		// Connections are shared among the workers that listen: wait for all of them.
		const until = Date.now() + 60_000
		while (listeningWorkers(server.output()).length < WORKERS && Date.now() < until)
			await new Promise((resolve) => setTimeout(resolve, 200))
		workerPids = listeningWorkers(server.output())
		if (workerPids.length !== WORKERS) throw new Error(`${workerPids.length} of ${WORKERS} workers listening:\n${server.output()}`)
	}, 180_000)

	afterAll(async () => {
		await server?.stop()
	})

	it('members held by different workers see each other’s play, pause and seek, and the room ends with its last member', async () => {
		expect(server.output()).toContain(`"workers":${WORKERS}`)
		const sam = await signedIn(server.origin, 'Sam')
		const kim = await signedIn(server.origin, 'Kim')
		const { id } = await makeRoom(sam)

		const one = connect(server.origin, id, { cookie: sam.cookie! })
		await one.room((room) => room.members.length === 1)
		const samWorker = await workerOf(one)
		// The primary hands connections to the workers in turn: open Kim's until another worker holds it.
		let two: Member | undefined
		for (let attempt = 0; attempt < 10 && !two; attempt++) {
			const candidate = connect(server.origin, id, { cookie: kim.cookie! })
			await candidate.room()
			if ((await workerOf(candidate)) !== samWorker) two = candidate
			else {
				candidate.socket.close()
				await candidate.closed
			}
		}
		if (!two) throw new Error(`every connection landed on worker ${samWorker}`)
		expect(workerPids).toContain(await workerOf(two))

		// Kim's join, made on Kim's worker, reaches Sam on the other.
		await one.room((room) => room.members.length === 2 && room.members.some((member) => member.name.startsWith('Kim_')))
		one.send({ t: 'ready', ready: true })
		two.send({ t: 'ready', ready: true })
		await one.room((room) => room.members.length === 2 && room.members.every((member) => member.ready))

		let mark = one.messages.length
		two.send({ t: 'play' })
		const playing = await one.room((room) => room.playing, mark)
		expect(playing.lastAction).toEqual({ by: expect.stringMatching(/^Kim_/), kind: 'play' })

		mark = two.messages.length
		one.send({ t: 'pause' })
		// The state with Sam's pause itself: on a loaded machine an earlier state (both ready, not yet playing) can still be on its way to Kim.
		const paused = await two.room((room) => !room.playing && room.lastAction?.kind === 'pause', mark)
		expect(paused.lastAction).toEqual({ by: expect.stringMatching(/^Sam_/), kind: 'pause' })

		mark = two.messages.length
		one.send({ t: 'seek', position: 42 })
		const sought = await two.room((room) => room.position === 42, mark)
		expect(sought.lastAction).toEqual({ by: expect.stringMatching(/^Sam_/), kind: 'seek' })
		mark = one.messages.length
		two.send({ t: 'seek', position: 7.5 })
		expect((await one.room((room) => room.position === 7.5, mark)).lastAction).toEqual({ by: expect.stringMatching(/^Kim_/), kind: 'seek' })

		// Whichever worker answers, the room is the same one; it ends when its last member leaves.
		one.socket.close()
		await two.room((room) => room.members.length === 1)
		expect((await kim.get<{ position: number }>(`/api/together/rooms/${id}`)).body.position).toBe(7.5)
		two.socket.close()
		await two.closed
		await expect.poll(async () => (await sam.get(`/api/together/rooms/${id}`)).status).toBe(404)
	}, 60_000)
})
