import { endOf, startOf } from '#app/lib/promo/choice.ts'
import type { InfoModal } from '#app/lib/promo/schema.ts'

// The info modal queue (product.md §4, §9): eligible modals sorted by priority
// descending; the first is shown, the next 250 ms after it closes; at most 2
// per session. A dismissal (close button, backdrop, Escape) records the time;
// repeat "never" never shows a dismissed modal again, "weekly" after 7 days,
// "monthly" after 30. Eligible only with an id and a title and inside
// startsAt–expiresAt. No I/O: the caller reads and writes the dismissals
// (device key dismissedInfoModals) and the timer is the only side effect.

export type { InfoModal }

export const INFO_MODAL_RULES = {
	maxPerSession: 2,
	gapMs: 250,
	repeatDays: { weekly: 7, monthly: 30 },
	/** Dismissals kept on the device (the newest); older ones are dropped when a new one is written. */
	maxDismissals: 200,
} as const

const DAY_MS = 24 * 60 * 60 * 1000

/** One dismissal as stored on the device (product.md §3: "dismissedInfoModals (id and timestamp)"). */
export interface ModalDismissal {
	id: string
	timestamp: number
}

/** Inside startsAt–expiresAt (a bare date is the whole day, UTC; as for ads). */
export function isInWindow(modal: Pick<InfoModal, 'startsAt' | 'expiresAt'>, now: number): boolean {
	if (modal.startsAt && now < startOf(modal.startsAt)) return false
	if (modal.expiresAt && now >= endOf(modal.expiresAt)) return false
	return true
}

/** Whether a dismissal still hides the modal at `now`, by its repeat rule. */
export function isSuppressed(modal: Pick<InfoModal, 'id' | 'repeat'>, dismissals: readonly ModalDismissal[], now: number): boolean {
	let latest = -Infinity
	for (const dismissal of dismissals) if (dismissal.id === modal.id && dismissal.timestamp > latest) latest = dismissal.timestamp
	if (latest === -Infinity) return false
	if (modal.repeat === 'weekly') return now - latest < INFO_MODAL_RULES.repeatDays.weekly * DAY_MS
	if (modal.repeat === 'monthly') return now - latest < INFO_MODAL_RULES.repeatDays.monthly * DAY_MS
	return true
}

/** The modals to show at `now`, highest priority first (the file's order among equals). */
export function eligibleModals(modals: readonly InfoModal[], dismissals: readonly ModalDismissal[], now: number): InfoModal[] {
	return modals
		.filter(
			(modal) =>
				Boolean(modal.id?.trim()) && Boolean(modal.title?.trim()) && isInWindow(modal, now) && !isSuppressed(modal, dismissals, now),
		)
		.map((modal, index) => ({ modal, index }))
		.sort((a, b) => b.modal.priority - a.modal.priority || a.index - b.index)
		.map(({ modal }) => modal)
}

/** The stored list after dismissing `id` at `now`: one entry per id, the newest kept. */
export function withModalDismissed(dismissals: readonly ModalDismissal[] | undefined, id: string, now: number): ModalDismissal[] {
	const others = (dismissals ?? []).filter((dismissal) => dismissal.id !== id)
	return [...others, { id, timestamp: now }].slice(-INFO_MODAL_RULES.maxDismissals)
}

/** Counts the modals shown in this session (one page load of the app); shared by every queue of the session. */
export interface ModalSession {
	shown: number
}

export interface InfoModalQueueOptions {
	modals: readonly InfoModal[]
	session: ModalSession
	now: () => number
	/** The device's dismissals, read when the queue decides what comes next. */
	dismissals: () => readonly ModalDismissal[]
	/** Called with the modal to show, or null when none is open. */
	onChange: (modal: InfoModal | null) => void
	/** Called when the visitor dismisses a modal, with the time to record. */
	onDismiss: (id: string, at: number) => void
}

export interface InfoModalQueue {
	/** Shows the first eligible modal (if the session may show one). */
	start(): void
	/** The open modal was dismissed: records it and shows the next 250 ms later. */
	dismiss(): void
	/** Opens a modal by id (a navigation state value naming it): now, or 250 ms after the open one closes. Only inside its dates; ignores the session cap and earlier dismissals. */
	open(id: string): boolean
	current(): InfoModal | null
	/** Stops the pending timer. */
	stop(): void
}

export function createInfoModalQueue(options: InfoModalQueueOptions): InfoModalQueue {
	let current: InfoModal | null = null
	let timer: ReturnType<typeof setTimeout> | undefined
	/** Modals asked for by name, shown before the automatic queue. */
	const requested: InfoModal[] = []
	/** Modals already shown by this queue (never twice in one session). */
	const shownIds = new Set<string>()

	const show = (modal: InfoModal) => {
		current = modal
		shownIds.add(modal.id)
		options.onChange(modal)
	}

	const next = (): InfoModal | undefined => {
		const named = requested.shift()
		if (named) return named
		if (options.session.shown >= INFO_MODAL_RULES.maxPerSession) return undefined
		const eligible = eligibleModals(options.modals, options.dismissals(), options.now()).find((modal) => !shownIds.has(modal.id))
		if (eligible) options.session.shown += 1
		return eligible
	}

	const showNext = () => {
		timer = undefined
		if (current) return
		const modal = next()
		if (modal) show(modal)
	}

	return {
		start() {
			if (!current && timer === undefined) showNext()
		},
		dismiss() {
			if (!current) return
			const closed = current
			current = null
			options.onDismiss(closed.id, options.now())
			options.onChange(null)
			if (timer !== undefined) clearTimeout(timer)
			timer = setTimeout(showNext, INFO_MODAL_RULES.gapMs)
		},
		open(id) {
			const modal = options.modals.find((candidate) => candidate.id === id)
			if (!modal || !isInWindow(modal, options.now())) return false
			if (current?.id === id || requested.some((candidate) => candidate.id === id)) return true
			requested.push(modal)
			if (!current && timer === undefined) showNext()
			return true
		},
		current: () => current,
		stop() {
			if (timer !== undefined) clearTimeout(timer)
			timer = undefined
		},
	}
}
