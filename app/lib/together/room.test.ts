import { describe, expect, it } from 'vitest'
import {
	applyCommand,
	isAdvancing,
	MAX_MEMBERS,
	MEMBER_TIMEOUT_MS,
	newRoom,
	positionAt,
	START_LEAD_MS,
	waitingFor,
	type RoomState,
} from './room.ts'

const media = { type: 'movie' as const, tmdbId: 10378, title: 'Big Buck Bunny' }

function run(state: RoomState | null, ...steps: Array<[Parameters<typeof applyCommand>[1], number]>) {
	let current = state
	for (const [command, now] of steps) current = applyCommand(current, command, now).state
	return current
}

function roomWith(names: string[], now = 0) {
	let state: RoomState | null = newRoom('r'.repeat(22), media, 'sample-mp4', 0, now)
	for (const name of names) {
		state = run(state, [{ kind: 'join', member: { id: name, userId: `u-${name}`, name } }, now])
		state = run(state, [{ kind: 'ready', memberId: name, ready: true }, now])
	}
	return state!
}

describe('room', () => {
	it('a playing room advances from its anchor after the start lead; a paused one stays', () => {
		const room = run(roomWith(['ann', 'sam']), [{ kind: 'play', memberId: 'ann' }, 1000])!
		expect(room.playing).toBe(true)
		expect(positionAt(room, 1000)).toBe(0)
		expect(positionAt(room, 1000 + START_LEAD_MS + 2500)).toBeCloseTo(2.5)
		const paused = run(room, [{ kind: 'pause', memberId: 'sam' }, 1000 + START_LEAD_MS + 4000])!
		expect(paused.playing).toBe(false)
		expect(positionAt(paused, 99_999)).toBeCloseTo(4)
		expect(paused.lastAction).toEqual({ by: 'sam', kind: 'pause' })
	})

	it('a member who buffers holds the room where it is, and it goes on when everyone is ready', () => {
		let room = run(roomWith(['ann', 'sam']), [{ kind: 'play', memberId: 'ann' }, 0])!
		room = run(room, [{ kind: 'ready', memberId: 'sam', ready: false }, START_LEAD_MS + 10_000])!
		expect(waitingFor(room).map((m) => m.name)).toEqual(['sam'])
		expect(isAdvancing(room)).toBe(false)
		expect(positionAt(room, START_LEAD_MS + 30_000)).toBeCloseTo(10)
		room = run(room, [{ kind: 'ready', memberId: 'sam', ready: true }, START_LEAD_MS + 30_000])!
		expect(isAdvancing(room)).toBe(true)
		// It starts again after the lead, from 10 s.
		expect(positionAt(room, START_LEAD_MS + 30_000 + START_LEAD_MS + 1000)).toBeCloseTo(11)
	})

	it('a late joiner holds the room until it has loaded, and starts where the room is', () => {
		let room = run(roomWith(['ann']), [{ kind: 'play', memberId: 'ann' }, 0])!
		room = run(room, [{ kind: 'join', member: { id: 'kim', userId: 'u-kim', name: 'Kim' } }, START_LEAD_MS + 40_000])!
		expect(room.members.map((m) => [m.name, m.ready])).toEqual([
			['ann', true],
			['Kim', false],
		])
		expect(positionAt(room, START_LEAD_MS + 44_000)).toBeCloseTo(40)
	})

	it('a seek sends everyone to load the new place and waits for them', () => {
		let room = run(roomWith(['ann', 'sam']), [{ kind: 'play', memberId: 'ann' }, 0])!
		room = run(room, [{ kind: 'seek', memberId: 'sam', position: 900 }, 5000])!
		expect(positionAt(room, 9000)).toBe(900)
		expect(waitingFor(room)).toHaveLength(2)
		room = run(room, [{ kind: 'ready', memberId: 'ann', ready: true }, 6000], [{ kind: 'ready', memberId: 'sam', ready: true }, 7000])!
		expect(positionAt(room, 7000 + START_LEAD_MS + 500)).toBeCloseTo(900.5)
		expect(applyCommand(room, { kind: 'seek', memberId: 'ann', position: -5 }, 8000).state!.position).toBe(0)
	})

	it('takes at most MAX_MEMBERS members', () => {
		const names = Array.from({ length: MAX_MEMBERS }, (_, i) => `m${i}`)
		const room = roomWith(names)
		const outcome = applyCommand(room, { kind: 'join', member: { id: 'extra', userId: 'u', name: 'extra' } }, 1)
		expect(outcome.refused).toBe('full')
		expect(outcome.state!.members).toHaveLength(MAX_MEMBERS)
		// One fewer and the join is taken.
		const nine = run(room, [{ kind: 'leave', memberId: 'm0' }, 1])!
		expect(applyCommand(nine, { kind: 'join', member: { id: 'extra', userId: 'u', name: 'extra' } }, 2).refused).toBeUndefined()
	})

	it('ends when its last member leaves', () => {
		const room = roomWith(['ann', 'sam'])
		const one = run(room, [{ kind: 'leave', memberId: 'ann' }, 10])
		expect(one?.members.map((m) => m.name)).toEqual(['sam'])
		expect(run(one, [{ kind: 'leave', memberId: 'sam' }, 20])).toBeNull()
		expect(applyCommand(null, { kind: 'join', member: { id: 'x', userId: 'u', name: 'x' } }, 30).refused).toBe('gone')
	})

	it('refuses commands from someone who is not a member', () => {
		const room = roomWith(['ann'])
		const outcome = applyCommand(room, { kind: 'pause', memberId: 'stranger' }, 10)
		expect(outcome.refused).toBe('not-member')
		expect(outcome.state).toBe(room)
	})

	it('drops a member whose server went silent, and a room it was holding goes on', () => {
		let room = run(roomWith(['ann', 'sam']), [{ kind: 'play', memberId: 'ann' }, 0])!
		room = run(room, [{ kind: 'ready', memberId: 'sam', ready: false }, 1000])!
		// Ann keeps sending heartbeats; Sam's server is gone.
		room = run(room, [{ kind: 'seen', memberId: 'ann' }, 30_000], [{ kind: 'seen', memberId: 'ann' }, MEMBER_TIMEOUT_MS + 1001])!
		expect(room.members.map((m) => m.name)).toEqual(['ann'])
		expect(isAdvancing(room)).toBe(true)
	})

	it('bumps the version on every change that members must see, not on a heartbeat', () => {
		const room = roomWith(['ann'])
		expect(applyCommand(room, { kind: 'seen', memberId: 'ann' }, 5).state!.version).toBe(room.version)
		expect(applyCommand(room, { kind: 'play', memberId: 'ann' }, 5).state!.version).toBe(room.version + 1)
		// Play on a playing room changes nothing.
		const playing = applyCommand(room, { kind: 'play', memberId: 'ann' }, 5).state!
		expect(applyCommand(playing, { kind: 'play', memberId: 'ann' }, 6).state).toBe(playing)
	})
})
