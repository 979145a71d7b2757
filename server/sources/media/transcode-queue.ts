// The rules of the transcode queue (decision 0046), kept pure so they are
// unit-tested apart from the lock and ticket files (transcode-slots.server.ts).
//
// A transcode needs one of TRANSCODE_CONCURRENCY slots. When they are all
// taken, a viewer waits in line instead of being turned away: each waiting
// viewer holds a ticket (renewed by polling), and the line is made of jobs,
// not viewers: viewers of the same file share one job, so they share one place,
// the place of the earliest of their tickets. A ticket that is not renewed for
// QUEUE_TICKET_TTL_MS is gone (the viewer left), and the jobs behind it move up.
// A job may take a free slot only when fewer jobs wait ahead of it than there
// are free slots, so a newcomer (a segment request with no ticket) never
// overtakes the line.

/** How often a waiting player asks again (sent to it in the answer). */
export const QUEUE_POLL_MS = 2_000
/** A ticket not renewed for this long is forgotten: its viewer closed the player or the tab. */
export const QUEUE_TICKET_TTL_MS = 10_000
/** At most this many live tickets; a further viewer is told the server is busy (a bound on the files kept). */
export const QUEUE_MAX_TICKETS = 200

export interface QueueTicket {
	/** Random, unguessable: only its holder renews or drops it. */
	ticket: string
	/** The job (the HLS cache folder's name) the viewer waits for. */
	job: string
	/** When the viewer joined the line (its place). */
	since: number
	/** When the viewer last asked (the ticket's life). */
	seenAt: number
}

export function ticketIsLive(ticket: Pick<QueueTicket, 'seenAt'>, now: number): boolean {
	return now - ticket.seenAt <= QUEUE_TICKET_TTL_MS
}

/**
 * The jobs waiting for a slot, first in line first: the jobs of the live
 * tickets, each placed by its earliest ticket (ties by ticket, so every
 * process sees the same order). Jobs that run already wait for nothing.
 */
export function waitingJobs(tickets: readonly QueueTicket[], now: number, isRunning: (job: string) => boolean = () => false): string[] {
	const placeOf = new Map<string, { since: number; ticket: string }>()
	for (const ticket of tickets) {
		if (!ticketIsLive(ticket, now)) continue
		const place = placeOf.get(ticket.job)
		if (!place || ticket.since < place.since || (ticket.since === place.since && ticket.ticket < place.ticket))
			placeOf.set(ticket.job, { since: ticket.since, ticket: ticket.ticket })
	}
	return [...placeOf.entries()]
		.filter(([job]) => !isRunning(job))
		.sort(([, a], [, b]) => a.since - b.since || (a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : 0))
		.map(([job]) => job)
}

/** How many waiting jobs are ahead of `job` (all of them when it is not in line). */
export function jobsAhead(order: readonly string[], job: string): number {
	const index = order.indexOf(job)
	return index === -1 ? order.length : index
}

/** Whether `job` may take one of `freeSlots` now without overtaking anyone in line. */
export function mayTakeSlot(order: readonly string[], job: string, freeSlots: number): boolean {
	return freeSlots > 0 && jobsAhead(order, job) < freeSlots
}

/** The viewer's place in line, from 1 (next to start). */
export function placeInLine(order: readonly string[], job: string): number {
	return jobsAhead(order, job) + 1
}
