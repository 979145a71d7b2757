import type { TranscodeTurnAnswer } from '#app/lib/sources/contract.ts'

// What the player says while it waits for a transcode slot (decision 0046):
// "Waiting for the server…" with the viewer's place in line. No I/O.

export const WAITING_FOR_SERVER = 'Waiting for the server…'

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinal(n: number): string {
	const tens = n % 100
	const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
	return `${n}${suffix}`
}

/** The status line of a waiting viewer: "Waiting for the server… (2nd in line)". */
export function waitingText(position: number | null): string {
	return position && Number.isInteger(position) && position > 0
		? `${WAITING_FOR_SERVER} (${ordinal(position)} in line)`
		: WAITING_FOR_SERVER
}

/** How long to wait before asking again: the server's pace, kept between 0.5 s and 10 s. */
export function nextPollMs(answer: { pollMs?: unknown }): number {
	const asked = typeof answer.pollMs === 'number' && Number.isFinite(answer.pollMs) ? answer.pollMs : 2000
	return Math.min(10_000, Math.max(500, asked))
}

/** The answer of a queue URL, or null when it is not one (a server of another version, a proxy's page). */
export function readTurnAnswer(value: unknown): TranscodeTurnAnswer | null {
	if (!value || typeof value !== 'object') return null
	const answer = value as Record<string, unknown>
	if (answer.state === 'ready') return { state: 'ready' }
	if (answer.state !== 'waiting' || typeof answer.ticket !== 'string' || typeof answer.position !== 'number') return null
	return { state: 'waiting', position: answer.position, ticket: answer.ticket, pollMs: nextPollMs(answer) }
}

// Resuming a transcoded stream (decision 0047). The server stops a transcode
// nobody has asked a segment of for 30 s, and its slot may go to the next in
// line: a viewer who paused longer than that asks for a turn again when it
// presses play, from where its buffer ends (it plays what it has meanwhile).

/** A pause at least this long asks for a turn again on play (well under the server's 30 s idle stop; an answer costs one request). */
export const TURN_AGAIN_AFTER_PAUSE_MS = 10_000

/** The end of the buffered range holding `currentTime` (where loading goes on), else `currentTime`. */
export function bufferedEndAt(ranges: ReadonlyArray<readonly [number, number]>, currentTime: number): number {
	// A small gap before the range (a seek landing just before a segment's first frame) counts as inside it.
	const range = ranges.find(([start, end]) => start <= currentTime + 0.5 && end >= currentTime)
	return range ? Math.max(currentTime, range[1]) : currentTime
}

/**
 * Whether pressing play asks for a turn again: after a long pause, or when a
 * segment was refused meanwhile; never when the rest of the video is
 * buffered already (nothing left to transcode).
 */
export function needsTurnOnPlay({
	pausedMs,
	refusedWhilePaused,
	loadFrom,
	duration,
}: {
	pausedMs: number
	refusedWhilePaused: boolean
	loadFrom: number
	duration: number
}): boolean {
	if (Number.isFinite(duration) && duration > 0 && loadFrom >= duration - 0.5) return false
	return refusedWhilePaused || pausedMs >= TURN_AGAIN_AFTER_PAUSE_MS
}

/** Whether an HTTP status of a segment means its transcode is not running for this viewer: ask for a turn again. */
export function segmentNeedsTurn(status: number | undefined): boolean {
	return status === 503
}
