// Opening header menus on hover (product.md §9: menu hover delay 200 ms, skip delay
// 300 ms). Pure timing rules, no DOM: the Menu component feeds it pointer
// events and it answers with open and close calls.

/** A hovered menu opens after the pointer rests on it this long. */
export const MENU_HOVER_DELAY_MS = 200
/** Within this long of a menu closing, the next hovered menu opens at once (moving between menus). */
export const MENU_SKIP_DELAY_MS = 300
/** A menu opened by hover closes this long after the pointer leaves it, so crossing a gap does not close it. */
export const MENU_HOVER_CLOSE_MS = 150

/** How long to wait before opening a hovered menu, given when a menu of the group last closed. */
export function hoverOpenDelay(now: number, lastClosedAt: number | null, anotherOpen: boolean): number {
	if (anotherOpen) return 0
	if (lastClosedAt !== null && now - lastClosedAt < MENU_SKIP_DELAY_MS) return 0
	return MENU_HOVER_DELAY_MS
}

/** Menus that share one skip delay (the header's); one of them is open at a time. */
export interface HoverGroup {
	lastClosedAt: number | null
	/** Closes the group's open menu, if one is. */
	closeActive: (() => void) | null
}

export function createHoverGroup(): HoverGroup {
	return { lastClosedAt: null, closeActive: null }
}

export interface HoverIntent {
	/** The pointer (a mouse, not touch) entered the trigger or the menu. */
	enter(): void
	/** The pointer left both. */
	leave(): void
	/** The menu opened or closed by any means (click, keys, hover). */
	opened(): void
	closed(): void
	/** Drop pending timers (unmount). */
	cancel(): void
}

/**
 * One menu's hover behaviour: enter → open after the delay (0 when moving
 * from another menu of the group); leave → close after a short grace, unless
 * the pointer comes back. Only `hoverOpen` menus are closed by leaving: a menu
 * opened by click or keys stays until dismissed.
 */
export function createHoverIntent(
	group: HoverGroup,
	actions: { open: () => void; close: () => void; isOpen: () => boolean; openedByHover: () => boolean },
	now: () => number = Date.now,
): HoverIntent {
	let openTimer: ReturnType<typeof setTimeout> | undefined
	let closeTimer: ReturnType<typeof setTimeout> | undefined
	const closeMe = () => actions.close()
	const clear = () => {
		clearTimeout(openTimer)
		clearTimeout(closeTimer)
		openTimer = undefined
		closeTimer = undefined
	}
	return {
		enter() {
			clearTimeout(closeTimer)
			closeTimer = undefined
			if (actions.isOpen() || openTimer !== undefined) return
			const delay = hoverOpenDelay(now(), group.lastClosedAt, group.closeActive !== null)
			if (delay === 0) actions.open()
			else
				openTimer = setTimeout(() => {
					openTimer = undefined
					actions.open()
				}, delay)
		},
		leave() {
			clearTimeout(openTimer)
			openTimer = undefined
			if (!actions.isOpen() || !actions.openedByHover()) return
			clearTimeout(closeTimer)
			closeTimer = setTimeout(() => {
				closeTimer = undefined
				actions.close()
			}, MENU_HOVER_CLOSE_MS)
		},
		opened() {
			clearTimeout(openTimer)
			openTimer = undefined
			if (group.closeActive === closeMe) return
			const other = group.closeActive
			group.closeActive = closeMe
			other?.()
		},
		closed() {
			clear()
			if (group.closeActive !== closeMe) return
			group.closeActive = null
			group.lastClosedAt = now()
		},
		cancel() {
			clear()
			if (group.closeActive === closeMe) group.closeActive = null
		},
	}
}
