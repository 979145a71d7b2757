import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileLock, LOCK_STALE_MS, lockIsHeld } from './cache-lock.server.ts'

let dir: string
let file: string

beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-lock-'))
	file = path.join(dir, 'job.lock')
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

function foreignLock(pid: number, ageMs = 0) {
	fs.writeFileSync(file, JSON.stringify({ pid, host: os.hostname(), token: 'theirs', time: Date.now() }))
	const when = new Date(Date.now() - ageMs)
	fs.utimesSync(file, when, when)
}

describe('FileLock', () => {
	it('lets one holder in at a time and frees on release', () => {
		const first = FileLock.tryAcquire(file)
		expect(first).not.toBeNull()
		expect(FileLock.tryAcquire(file)).toBeNull()
		expect(lockIsHeld(file)).toBe(true)
		expect(first!.heartbeat()).toBe(true)
		first!.release()
		expect(lockIsHeld(file)).toBe(false)
		expect(FileLock.tryAcquire(file)).not.toBeNull()
	})

	it('respects a fresh lock of another live process', () => {
		foreignLock(process.ppid)
		expect(lockIsHeld(file)).toBe(true)
		expect(FileLock.tryAcquire(file)).toBeNull()
	})

	it('breaks a lock whose process is gone, or that nobody has touched for too long', () => {
		// Pids are below 2^22 on Linux: this one does not exist.
		foreignLock(2 ** 22 + 7)
		expect(lockIsHeld(file)).toBe(false)
		expect(FileLock.tryAcquire(file)).not.toBeNull()
		fs.rmSync(file)
		foreignLock(process.ppid, LOCK_STALE_MS + 1000)
		expect(lockIsHeld(file)).toBe(false)
		const taken = FileLock.tryAcquire(file)
		expect(taken).not.toBeNull()
		expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, token: taken!.token })
	})

	it('tells its owner when the lock was taken away', () => {
		const lock = FileLock.tryAcquire(file)!
		foreignLock(process.ppid)
		expect(lock.heartbeat()).toBe(false)
		// Releasing a lock that is no longer ours leaves the new holder's in place.
		lock.release()
		expect(lockIsHeld(file)).toBe(true)
	})
})
