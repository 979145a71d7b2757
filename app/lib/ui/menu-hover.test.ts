import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
	createHoverGroup,
	createHoverIntent,
	hoverOpenDelay,
	MENU_HOVER_CLOSE_MS,
	MENU_HOVER_DELAY_MS,
	MENU_SKIP_DELAY_MS,
	type HoverGroup,
} from './menu-hover.ts'

/** A menu as the component drives it: open and close report back to the intent. */
function fakeMenu(group: HoverGroup) {
	const menu = { open: false, byHover: false }
	const intent = createHoverIntent(group, {
		open: () => {
			menu.open = true
			menu.byHover = true
			intent.opened()
		},
		close: () => {
			menu.open = false
			menu.byHover = false
			intent.closed()
		},
		isOpen: () => menu.open,
		openedByHover: () => menu.byHover,
	})
	const click = () => {
		menu.open = true
		menu.byHover = false
		intent.opened()
	}
	const dismiss = () => {
		menu.open = false
		intent.closed()
	}
	return { menu, intent, click, dismiss }
}

describe('menu hover timing (product.md §9)', () => {
	beforeEach(() => {
		vi.useFakeTimers()
		vi.setSystemTime(1_000_000)
	})
	afterEach(() => vi.useRealTimers())

	it('uses the product.md constants', () => {
		expect(MENU_HOVER_DELAY_MS).toBe(200)
		expect(MENU_SKIP_DELAY_MS).toBe(300)
	})

	it('opens a hovered menu after 200 ms, not before', () => {
		const { menu, intent } = fakeMenu(createHoverGroup())
		intent.enter()
		vi.advanceTimersByTime(199)
		expect(menu.open).toBe(false)
		vi.advanceTimersByTime(1)
		expect(menu.open).toBe(true)
	})

	it('does not open when the pointer leaves before the delay', () => {
		const { menu, intent } = fakeMenu(createHoverGroup())
		intent.enter()
		vi.advanceTimersByTime(150)
		intent.leave()
		vi.advanceTimersByTime(1000)
		expect(menu.open).toBe(false)
	})

	it('closes a hover-opened menu shortly after the pointer leaves, unless it comes back', () => {
		const { menu, intent } = fakeMenu(createHoverGroup())
		intent.enter()
		vi.advanceTimersByTime(MENU_HOVER_DELAY_MS)
		intent.leave()
		vi.advanceTimersByTime(MENU_HOVER_CLOSE_MS - 1)
		intent.enter() // back over the menu list, across the gap
		vi.advanceTimersByTime(1000)
		expect(menu.open).toBe(true)
		intent.leave()
		vi.advanceTimersByTime(MENU_HOVER_CLOSE_MS)
		expect(menu.open).toBe(false)
	})

	it('keeps a menu opened by click (or keys) open when the pointer leaves', () => {
		const { menu, intent, click } = fakeMenu(createHoverGroup())
		intent.enter()
		click()
		vi.advanceTimersByTime(MENU_HOVER_DELAY_MS) // the pending hover open is dropped
		intent.leave()
		vi.advanceTimersByTime(1000)
		expect(menu.open).toBe(true)
		expect(menu.byHover).toBe(false)
	})

	it('moving from an open menu to the next opens it at once and closes the first', () => {
		const group = createHoverGroup()
		const a = fakeMenu(group)
		const b = fakeMenu(group)
		a.intent.enter()
		vi.advanceTimersByTime(MENU_HOVER_DELAY_MS)
		a.intent.leave()
		b.intent.enter()
		expect(b.menu.open).toBe(true)
		expect(a.menu.open).toBe(false)
	})

	it('within 300 ms of a menu closing the next opens at once; after that it waits 200 ms again', () => {
		const group = createHoverGroup()
		const a = fakeMenu(group)
		const b = fakeMenu(group)
		a.click()
		a.dismiss()
		vi.advanceTimersByTime(MENU_SKIP_DELAY_MS - 1)
		b.intent.enter()
		expect(b.menu.open).toBe(true)
		b.intent.leave()
		vi.advanceTimersByTime(MENU_HOVER_CLOSE_MS)
		expect(b.menu.open).toBe(false)
		vi.advanceTimersByTime(MENU_SKIP_DELAY_MS)
		a.intent.enter()
		expect(a.menu.open).toBe(false)
		vi.advanceTimersByTime(MENU_HOVER_DELAY_MS)
		expect(a.menu.open).toBe(true)
	})

	it('hoverOpenDelay: 200 ms by default, 0 while another menu is open or within the skip delay', () => {
		expect(hoverOpenDelay(5000, null, false)).toBe(200)
		expect(hoverOpenDelay(5000, null, true)).toBe(0)
		expect(hoverOpenDelay(5000, 4701, false)).toBe(0)
		expect(hoverOpenDelay(5000, 4700, false)).toBe(200)
	})

	it('cancel drops pending timers', () => {
		const { menu, intent } = fakeMenu(createHoverGroup())
		intent.enter()
		intent.cancel()
		vi.advanceTimersByTime(1000)
		expect(menu.open).toBe(false)
	})
})
