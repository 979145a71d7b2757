import { describe, expect, it } from 'vitest'
import { jobsAhead, mayTakeSlot, placeInLine, QUEUE_TICKET_TTL_MS, ticketIsLive, waitingJobs, type QueueTicket } from './transcode-queue.ts'

const NOW = 1_000_000
const ticket = (id: string, job: string, since: number, seenAt = NOW): QueueTicket => ({ ticket: id, job, since, seenAt })

describe('the transcode line', () => {
	it('orders jobs by their earliest live ticket; viewers of one file share its place', () => {
		const tickets = [ticket('c', 'film-b', 300), ticket('a', 'film-a', 100), ticket('d', 'film-a', 400), ticket('b', 'film-c', 200)]
		expect(waitingJobs(tickets, NOW)).toEqual(['film-a', 'film-c', 'film-b'])
		// The same order whichever way the files were listed.
		expect(waitingJobs([...tickets].reverse(), NOW)).toEqual(['film-a', 'film-c', 'film-b'])
		// Equal times: the ticket decides, so every process agrees.
		expect(waitingJobs([ticket('f', 'film-x', 100), ticket('e', 'film-y', 100)], NOW)).toEqual(['film-y', 'film-x'])
	})

	it('forgets a ticket not renewed for the TTL (its viewer left), and those behind move up', () => {
		const tickets = [ticket('a', 'film-a', 100, NOW - QUEUE_TICKET_TTL_MS - 1), ticket('b', 'film-b', 200), ticket('c', 'film-c', 300)]
		expect(ticketIsLive(tickets[0]!, NOW)).toBe(false)
		expect(ticketIsLive(ticket('x', 'film-x', 0, NOW - QUEUE_TICKET_TTL_MS), NOW)).toBe(true)
		expect(waitingJobs(tickets, NOW)).toEqual(['film-b', 'film-c'])
		expect(placeInLine(waitingJobs(tickets, NOW), 'film-c')).toBe(2)
		// A job's place is its earliest live ticket: another viewer of film-a still waiting keeps film-a in line, at its own time.
		expect(waitingJobs([...tickets, ticket('d', 'film-a', 400)], NOW)).toEqual(['film-b', 'film-c', 'film-a'])
	})

	it('leaves out jobs that run already (their viewers are served)', () => {
		const tickets = [ticket('a', 'film-a', 100), ticket('b', 'film-b', 200)]
		expect(waitingJobs(tickets, NOW, (job) => job === 'film-a')).toEqual(['film-b'])
	})

	it('numbers places from 1; a job not in line is behind everyone', () => {
		const order = ['film-a', 'film-b']
		expect(placeInLine(order, 'film-a')).toBe(1)
		expect(placeInLine(order, 'film-b')).toBe(2)
		expect(jobsAhead(order, 'film-z')).toBe(2)
		expect(placeInLine(order, 'film-z')).toBe(3)
		expect(placeInLine([], 'film-a')).toBe(1)
	})

	it('gives a free slot to the first in line only: nobody overtakes', () => {
		const order = ['film-a', 'film-b', 'film-c']
		expect(mayTakeSlot(order, 'film-a', 1)).toBe(true)
		expect(mayTakeSlot(order, 'film-b', 1)).toBe(false)
		// A newcomer (a segment request with no ticket) waits behind the whole line.
		expect(mayTakeSlot(order, 'film-z', 1)).toBe(false)
		expect(mayTakeSlot(order, 'film-z', 4)).toBe(true)
		// Two free slots: the first two in line.
		expect(mayTakeSlot(order, 'film-b', 2)).toBe(true)
		expect(mayTakeSlot(order, 'film-c', 2)).toBe(false)
		// No free slot: nobody; an empty line: anyone.
		expect(mayTakeSlot(order, 'film-a', 0)).toBe(false)
		expect(mayTakeSlot([], 'film-z', 1)).toBe(true)
	})
})
