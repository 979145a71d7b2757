import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
	createInfoModalQueue,
	eligibleModals,
	INFO_MODAL_RULES,
	isSuppressed,
	withModalDismissed,
	type InfoModal,
	type ModalDismissal,
	type ModalSession,
} from './queue.ts'

const NOW = Date.parse('2026-05-10T12:00:00Z')
const DAY = 24 * 60 * 60 * 1000

function modal(id: string, extra: Partial<InfoModal> = {}): InfoModal {
	return { id, title: `Title ${id}`, content: '', html: false, repeat: 'never', priority: 0, ...extra }
}

describe('eligible info modals', () => {
	it('keeps modals inside startsAt–expiresAt, highest priority first, file order among equals', () => {
		const modals = [
			modal('low', { priority: 1 }),
			modal('future', { priority: 9, startsAt: '2026-05-11' }),
			modal('expired', { priority: 9, expiresAt: '2026-05-09T23:59:59Z' }),
			modal('high', { priority: 5, startsAt: '2026-05-10', expiresAt: '2026-05-10' }),
			modal('low-too', { priority: 1 }),
		]
		expect(eligibleModals(modals, [], NOW).map((m) => m.id)).toEqual(['high', 'low', 'low-too'])
	})

	it('needs an id and a title', () => {
		expect(eligibleModals([modal(''), modal('x', { title: ' ' }), modal('ok')], [], NOW).map((m) => m.id)).toEqual(['ok'])
	})

	it('repeats never, weekly (7 days) or monthly (30 days) after a dismissal', () => {
		const at = (days: number) => [{ id: 'm', timestamp: NOW - days * DAY }]
		expect(isSuppressed(modal('m'), at(365), NOW)).toBe(true)
		expect(isSuppressed(modal('m', { repeat: 'weekly' }), at(6.99), NOW)).toBe(true)
		expect(isSuppressed(modal('m', { repeat: 'weekly' }), at(7), NOW)).toBe(false)
		expect(isSuppressed(modal('m', { repeat: 'monthly' }), at(29.99), NOW)).toBe(true)
		expect(isSuppressed(modal('m', { repeat: 'monthly' }), at(30), NOW)).toBe(false)
		expect(isSuppressed(modal('other'), at(0), NOW)).toBe(false)
	})

	it('keeps one dismissal per id, the newest, and a bounded list', () => {
		const list = withModalDismissed(
			[
				{ id: 'a', timestamp: 1 },
				{ id: 'b', timestamp: 2 },
			],
			'a',
			3,
		)
		expect(list).toEqual([
			{ id: 'b', timestamp: 2 },
			{ id: 'a', timestamp: 3 },
		])
		const many = Array.from({ length: 500 }, (_, i) => ({ id: `x${i}`, timestamp: i }))
		expect(withModalDismissed(many, 'new', 999)).toHaveLength(INFO_MODAL_RULES.maxDismissals)
	})
})

describe('the info modal queue', () => {
	let dismissals: ModalDismissal[]
	let shown: Array<string | null>
	let session: ModalSession

	beforeEach(() => {
		vi.useFakeTimers()
		vi.setSystemTime(NOW)
		dismissals = []
		shown = []
		session = { shown: 0 }
	})
	afterEach(() => {
		vi.useRealTimers()
	})

	function queueOf(modals: InfoModal[]) {
		return createInfoModalQueue({
			modals,
			session,
			now: () => Date.now(),
			dismissals: () => dismissals,
			onChange: (m) => shown.push(m?.id ?? null),
			onDismiss: (id, at) => {
				dismissals = withModalDismissed(dismissals, id, at)
			},
		})
	}

	it('shows the first, the next 250 ms after it closes, and no more than 2 per session', () => {
		const queue = queueOf([modal('a', { priority: 1 }), modal('b', { priority: 3 }), modal('c', { priority: 2 })])
		queue.start()
		expect(queue.current()?.id).toBe('b')
		vi.advanceTimersByTime(10_000)
		expect(shown).toEqual(['b'])

		queue.dismiss()
		expect(queue.current()).toBeNull()
		expect(dismissals).toEqual([{ id: 'b', timestamp: NOW + 10_000 }])
		vi.advanceTimersByTime(249)
		expect(queue.current()).toBeNull()
		vi.advanceTimersByTime(1)
		expect(queue.current()?.id).toBe('c')

		queue.dismiss()
		vi.advanceTimersByTime(60_000)
		expect(queue.current()).toBeNull()
		expect(shown).toEqual(['b', null, 'c', null])
		expect(session.shown).toBe(2)
	})

	it('shares the cap across queues of one session (a remounted host does not start over)', () => {
		const modals = [modal('a', { repeat: 'weekly' }), modal('b'), modal('c')]
		const first = queueOf(modals)
		first.start()
		first.dismiss()
		first.stop()
		const second = queueOf(modals)
		second.start()
		expect(second.current()?.id).toBe('b')
		second.dismiss()
		vi.advanceTimersByTime(250)
		expect(second.current()).toBeNull()
	})

	it('skips dismissed modals until their repeat period has passed', () => {
		dismissals = [
			{ id: 'weekly', timestamp: NOW - 8 * DAY },
			{ id: 'never', timestamp: NOW - 400 * DAY },
		]
		const queue = queueOf([modal('never', { priority: 5 }), modal('weekly', { repeat: 'weekly' })])
		queue.start()
		expect(queue.current()?.id).toBe('weekly')
	})

	it('opens a modal named by navigation state, even a dismissed one, after the open one closes', () => {
		dismissals = [{ id: 'news', timestamp: NOW - DAY }]
		const queue = queueOf([modal('welcome', { priority: 2 }), modal('news'), modal('old', { expiresAt: '2026-01-01' })])
		queue.start()
		expect(queue.current()?.id).toBe('welcome')
		expect(queue.open('missing')).toBe(false)
		expect(queue.open('old')).toBe(false)
		expect(queue.open('news')).toBe(true)
		expect(queue.current()?.id).toBe('welcome')
		queue.dismiss()
		vi.advanceTimersByTime(250)
		expect(queue.current()?.id).toBe('news')
		queue.dismiss()
		vi.advanceTimersByTime(250)
		// The named modal did not use the session's second place.
		expect(session.shown).toBe(1)
	})

	it('opens a named modal at once when none is open, beyond the session cap', () => {
		session.shown = INFO_MODAL_RULES.maxPerSession
		const queue = queueOf([modal('a'), modal('b')])
		queue.start()
		expect(queue.current()).toBeNull()
		queue.open('b')
		expect(queue.current()?.id).toBe('b')
	})

	it('stops its timer', () => {
		const queue = queueOf([modal('a'), modal('b')])
		queue.start()
		queue.dismiss()
		queue.stop()
		vi.advanceTimersByTime(1_000)
		expect(queue.current()).toBeNull()
	})
})
