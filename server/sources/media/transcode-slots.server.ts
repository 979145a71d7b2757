// Transcode slots and the line in front of them, in files under
// DATA_DIR/hls-cache/ so that every worker and process sharing DATA_DIR
// counts the same slots and sees the same line (the rules: transcode-queue.ts,
// decision 0046).
//
// - A slot is a lock file (cache-lock.server.ts), held by the process running
//   that transcode's ffmpeg.
// - A ticket is a small JSON file per waiting viewer ({ job, since }); its
//   modification time is when its viewer last asked, so renewing is a touch.
//   Whoever lists the line removes the tickets that are no longer renewed.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { getEnv } from '../../env.server.ts'
import { FileLock, lockIsHeld } from './cache-lock.server.ts'
import { mayTakeSlot, QUEUE_MAX_TICKETS, ticketIsLive, waitingJobs, type QueueTicket } from './transcode-queue.ts'

/** Ticket ids as the server makes them; anything else from a client is not a ticket. */
export const TICKET_PATTERN = /^[a-f0-9]{32}$/

function cacheRoot() {
	return path.resolve(getEnv().DATA_DIR, 'hls-cache')
}

const queueDir = () => path.join(cacheRoot(), '.transcode-queue')
const ticketFile = (ticket: string) => path.join(queueDir(), `${ticket}.json`)

function slotFiles(): string[] {
	const count = getEnv().TRANSCODE_CONCURRENCY
	const dir = path.join(cacheRoot(), '.transcode-slots')
	return Array.from({ length: count }, (_, n) => path.join(dir, `slot-${n}.lock`))
}

/** How many transcode slots there are (TRANSCODE_CONCURRENCY; 0 turns transcoding off). */
export function transcodeSlotCount(): number {
	return getEnv().TRANSCODE_CONCURRENCY
}

/** How many slots no transcode holds now (counted across every process sharing DATA_DIR). */
export function freeTranscodeSlots(): number {
	return slotFiles().filter((file) => !lockIsHeld(file)).length
}

/** True when another transcode may start now. */
export function transcodeSlotAvailable(): boolean {
	return freeTranscodeSlots() > 0
}

function readTicket(file: string): QueueTicket | null {
	try {
		const stat = fs.statSync(file)
		const content = JSON.parse(fs.readFileSync(file, 'utf8')) as { job?: unknown; since?: unknown }
		if (typeof content.job !== 'string' || typeof content.since !== 'number') return null
		return { ticket: path.basename(file, '.json'), job: content.job, since: content.since, seenAt: stat.mtimeMs }
	} catch {
		// Removed meanwhile (expired, or its viewer left), or half-written: not a ticket now.
		return null
	}
}

/** The live tickets; dead ones are removed on the way. */
export function liveTickets(now = Date.now()): QueueTicket[] {
	let names: string[]
	try {
		names = fs.readdirSync(queueDir())
	} catch {
		return []
	}
	const live: QueueTicket[] = []
	for (const name of names) {
		if (!name.endsWith('.json')) continue
		const file = path.join(queueDir(), name)
		const ticket = readTicket(file)
		// Tickets appear by rename, so one that cannot be read is garbage (or gone already).
		if (ticket && ticketIsLive(ticket, now)) live.push(ticket)
		else fs.rmSync(file, { force: true })
	}
	return live
}

/** The jobs waiting for a slot, first first (`isRunning` leaves out jobs that already run). */
export function transcodeLine(isRunning?: (job: string) => boolean, now = Date.now()): string[] {
	return waitingJobs(liveTickets(now), now, isRunning)
}

/**
 * Renews `ticket` when it is a live ticket for `job`, else makes a new one at
 * the end of the line. Null when the line is full (QUEUE_MAX_TICKETS).
 */
export function renewOrTakeTicket(job: string, ticket: string | undefined, now = Date.now()): QueueTicket | null {
	if (ticket && TICKET_PATTERN.test(ticket)) {
		const existing = readTicket(ticketFile(ticket))
		if (existing && existing.job === job && ticketIsLive(existing, now)) {
			try {
				const time = new Date(now)
				fs.utimesSync(ticketFile(ticket), time, time)
				return { ...existing, seenAt: now }
			} catch {
				// Removed between the read and the touch: a new ticket below.
			}
		}
	}
	if (liveTickets(now).length >= QUEUE_MAX_TICKETS) return null
	const fresh: QueueTicket = { ticket: crypto.randomBytes(16).toString('hex'), job, since: now, seenAt: now }
	fs.mkdirSync(queueDir(), { recursive: true })
	// Written aside and renamed, so a reader never sees half a ticket.
	const temporary = `${ticketFile(fresh.ticket)}.${process.pid}.tmp`
	fs.writeFileSync(temporary, JSON.stringify({ job, since: now }))
	fs.renameSync(temporary, ticketFile(fresh.ticket))
	return fresh
}

/** The viewer left the line, or its job started. */
export function dropTicket(ticket: string | undefined) {
	if (ticket && TICKET_PATTERN.test(ticket)) fs.rmSync(ticketFile(ticket), { force: true })
}

/**
 * A free slot for `job`, unless the jobs waiting ahead of it take every free
 * one (a job not in line waits behind all of them). Null when none is left
 * for it.
 */
export function acquireTranscodeSlot(job: string, isRunning: (job: string) => boolean): FileLock | null {
	const files = slotFiles()
	if (files.length === 0) return null
	const free = files.filter((file) => !lockIsHeld(file)).length
	if (
		!mayTakeSlot(
			transcodeLine((other) => other !== job && isRunning(other)),
			job,
			free,
		)
	)
		return null
	fs.mkdirSync(path.dirname(files[0]!), { recursive: true })
	for (const file of files) {
		const lock = FileLock.tryAcquire(file, job)
		if (lock) return lock
	}
	return null
}
