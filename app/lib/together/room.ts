// A watch-together room and the rules that change it, shared by the server
// (which applies commands, one at a time, to the one copy of a room) and the
// browser (which reads positions from it). After Jellyfin's SyncPlay groups:
// the room is paused or playing; while any member is not ready (loading,
// buffering, just joined) a playing room waits, frozen where it was, and it
// goes on when everyone is ready. Positions are anchored to the server's clock:
// a playing room is at `position + (now − anchor)` seconds, so no one has to
// send its position while it plays.

/** At most this many members (browser tabs) in one room. */
export const MAX_MEMBERS = 10
/** A member not heard from for this long (its server went away) is dropped. */
export const MEMBER_TIMEOUT_MS = 45_000
/** How often a connection tells the room it is still there. */
export const HEARTBEAT_MS = 15_000
/** A room nobody has joined within this time after it was made is gone. */
export const EMPTY_ROOM_TTL_MS = 2 * 60_000
/** Playback (re)starts this long after the command, so every member starts at the same moment. */
export const START_LEAD_MS = 400
/** A room id: 16 random bytes in base64url. */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

export interface RoomMedia {
	type: 'movie' | 'tv'
	tmdbId: number
	title: string
	season?: number
	episode?: number
}

export interface RoomMember {
	/** One per connection (a user with two tabs is two members). */
	id: string
	userId: string
	name: string
	ready: boolean
	lastSeen: number
}

export interface RoomState {
	id: string
	media: RoomMedia
	/** The stream everyone plays (its id in the lookup's answer). */
	streamId: string
	createdAt: number
	members: RoomMember[]
	/** What the members asked for. */
	playing: boolean
	/** Seconds into the title at `anchor`. */
	position: number
	/** Server time (ms) from which a playing room advances. */
	anchor: number
	/** Bumped on every change, so a stale copy is never applied over a newer one. */
	version: number
	/** Who did the last play/pause/seek, for "Sam paused". */
	lastAction?: { by: string; kind: 'play' | 'pause' | 'seek' }
}

export type RoomCommand =
	| { kind: 'join'; member: Omit<RoomMember, 'ready' | 'lastSeen'> }
	| { kind: 'leave'; memberId: string }
	| { kind: 'seen'; memberId: string }
	| { kind: 'play'; memberId: string }
	| { kind: 'pause'; memberId: string }
	| { kind: 'seek'; memberId: string; position: number }
	| { kind: 'ready'; memberId: string; ready: boolean }

export type RoomOutcome = { state: RoomState | null; refused?: 'full' | 'gone' | 'not-member' }

export function newRoom(id: string, media: RoomMedia, streamId: string, position: number, now: number): RoomState {
	return { id, media, streamId, createdAt: now, members: [], playing: false, position: Math.max(0, position), anchor: now, version: 1 }
}

/** Members everyone waits for. */
export function waitingFor(state: RoomState): RoomMember[] {
	return state.members.filter((member) => !member.ready)
}

/** Whether the room's video advances now: asked to play and nobody is loading. */
export function isAdvancing(state: RoomState): boolean {
	return state.playing && waitingFor(state).length === 0
}

/** What fixes a room's position: the room itself, or what a member sees of it. */
export interface RoomClock {
	playing: boolean
	position: number
	anchor: number
	members: ReadonlyArray<{ ready: boolean }>
}

/** Where the room is (s) at server time `now`. */
export function positionAt(state: RoomClock, now: number): number {
	if (!state.playing || state.members.some((member) => !member.ready)) return state.position
	return state.position + Math.max(0, now - state.anchor) / 1000
}

/** Freezes the position at `now` (before a change of what drives it). */
function frozen(state: RoomState, now: number): RoomState {
	return { ...state, position: positionAt(state, now), anchor: now }
}

/**
 * Applies one command at server time `now`. Members not heard from for
 * MEMBER_TIMEOUT_MS are dropped first; a room whose last member left is gone
 * (state null).
 */
export function applyCommand(current: RoomState | null, command: RoomCommand, now: number): RoomOutcome {
	if (!current) return { state: null, refused: 'gone' }
	const alive = current.members.filter((member) => now - member.lastSeen < MEMBER_TIMEOUT_MS)
	let state: RoomState = alive.length === current.members.length ? current : restartIfReady(frozen(current, now), alive, now)
	if (command.kind === 'join') {
		if (state.members.some((member) => member.id === command.member.id)) return { state }
		if (state.members.length >= MAX_MEMBERS) return { state, refused: 'full' }
		// The newcomer loads first: the room waits for it where it is (late joiners start where the room is).
		state = frozen(state, now)
		state = { ...state, members: [...state.members, { ...command.member, ready: false, lastSeen: now }] }
		return { state: bump(state) }
	}
	const member = state.members.find((candidate) => candidate.id === command.memberId)
	if (!member) return { state, refused: 'not-member' }
	switch (command.kind) {
		case 'leave': {
			const members = state.members.filter((candidate) => candidate !== member)
			if (members.length === 0) return { state: null }
			return { state: bump(restartIfReady(frozen(state, now), members, now)) }
		}
		case 'seen':
			return { state: { ...state, members: state.members.map((m) => (m === member ? { ...m, lastSeen: now } : m)) } }
		case 'play':
			if (state.playing) return { state }
			return {
				state: bump({ ...frozen(state, now), playing: true, anchor: now + START_LEAD_MS, lastAction: { by: member.name, kind: 'play' } }),
			}
		case 'pause':
			if (!state.playing) return { state }
			return { state: bump({ ...frozen(state, now), playing: false, lastAction: { by: member.name, kind: 'pause' } }) }
		case 'seek': {
			// Everyone loads the new place: the room waits until all are ready there.
			const members = state.members.map((m) => ({ ...m, ready: false, lastSeen: m === member ? now : m.lastSeen }))
			return {
				state: bump({
					...state,
					members,
					position: Math.max(0, command.position),
					anchor: now,
					lastAction: { by: member.name, kind: 'seek' },
				}),
			}
		}
		case 'ready': {
			if (member.ready === command.ready) return { state: touch(state, member.id, now) }
			const members = state.members.map((m) => (m === member ? { ...m, ready: command.ready, lastSeen: now } : m))
			return { state: bump(restartIfReady(frozen(state, now), members, now)) }
		}
	}
}

/** With these members: when nobody is loading any more, a playing room starts again START_LEAD_MS from now. */
function restartIfReady(state: RoomState, members: RoomMember[], now: number): RoomState {
	const wasWaiting = state.members.some((member) => !member.ready)
	const nowReady = members.every((member) => member.ready)
	return { ...state, members, anchor: wasWaiting && nowReady && state.playing ? now + START_LEAD_MS : state.anchor }
}

function touch(state: RoomState, memberId: string, now: number): RoomState {
	return { ...state, members: state.members.map((m) => (m.id === memberId ? { ...m, lastSeen: now } : m)) }
}

function bump(state: RoomState): RoomState {
	return { ...state, version: state.version + 1 }
}
