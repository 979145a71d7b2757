// A lock file shared by every worker and process on the machine (and by app
// servers sharing DATA_DIR over a network file system): created with O_EXCL,
// holding pid, host and a random token, kept fresh by its owner touching it.
// A lock whose owner is gone (same host, dead pid) or that has not been touched
// for LOCK_STALE_MS is broken by renaming it away, which only one contender can
// do; and the owner re-reads its token on every touch, so even in the unlikely
// race where two processes both believe they hold it, the loser learns within
// one heartbeat and stops.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'

export const LOCK_STALE_MS = 15_000

interface LockContent {
	pid: number
	host: string
	token: string
	time: number
	note?: string
}

function readLock(file: string): { content: LockContent | null; mtimeMs: number } | null {
	try {
		const stat = fs.statSync(file)
		let content: LockContent | null = null
		try {
			content = JSON.parse(fs.readFileSync(file, 'utf8')) as LockContent
		} catch {
			// Half-written (the writer is between open and write) or garbage: judged by age alone.
		}
		return { content, mtimeMs: stat.mtimeMs }
	} catch {
		return null
	}
}

function pidAlive(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

function isStale(lock: { content: LockContent | null; mtimeMs: number }, now: number): boolean {
	if (now - lock.mtimeMs > LOCK_STALE_MS) return true
	const { content } = lock
	return content !== null && content.host === os.hostname() && !pidAlive(content.pid)
}

/** True when someone (this process included) holds a live lock on `file`. */
export function lockIsHeld(file: string, now = Date.now()): boolean {
	const lock = readLock(file)
	return lock !== null && !isStale(lock, now)
}

export class FileLock {
	private constructor(
		readonly file: string,
		readonly token: string,
	) {}

	/** Takes the lock, breaking a stale one; null when someone else holds it. */
	static tryAcquire(file: string, note?: string): FileLock | null {
		for (let attempt = 0; attempt < 2; attempt++) {
			const token = crypto.randomBytes(12).toString('hex')
			const content: LockContent = { pid: process.pid, host: os.hostname(), token, time: Date.now(), note }
			try {
				const fd = fs.openSync(file, 'wx')
				try {
					fs.writeSync(fd, JSON.stringify(content))
				} finally {
					fs.closeSync(fd)
				}
				return new FileLock(file, token)
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
			}
			const existing = readLock(file)
			if (existing && !isStale(existing, Date.now())) return null
			// Break it: rename is atomic, so of several contenders only one moves this file.
			const aside = `${file}.stale-${token}`
			try {
				fs.renameSync(file, aside)
			} catch {
				continue
			}
			const moved = readLock(aside)
			if (moved && existing && moved.content?.token !== existing.content?.token && !isStale(moved, Date.now())) {
				// We moved a fresh lock someone took in between: put it back unless another took its place.
				try {
					fs.linkSync(aside, file)
				} catch {
					// theirs is lost; its owner sees that on its next heartbeat and stops
				}
				fs.rmSync(aside, { force: true })
				return null
			}
			fs.rmSync(aside, { force: true })
		}
		return null
	}

	/** Keeps the lock fresh; false when it is no longer ours (broken as stale, or removed). */
	heartbeat(): boolean {
		const lock = readLock(this.file)
		if (!lock || lock.content?.token !== this.token) return false
		try {
			const now = new Date()
			fs.utimesSync(this.file, now, now)
			return true
		} catch {
			return false
		}
	}

	release() {
		const lock = readLock(this.file)
		if (lock?.content?.token === this.token) fs.rmSync(this.file, { force: true })
	}
}
