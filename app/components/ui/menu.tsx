import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { cn } from '#app/lib/ui/cn.ts'
import { afterLoad } from '#app/utils/after-load.ts'
import { useEarlyClicks } from '#app/utils/early-click.ts'
import type { HoverGroup, HoverIntent } from '#app/lib/ui/menu-hover.ts'

/** Props that make an element a menu item; spread them on a link or button. */
export interface MenuItemProps {
	role: 'menuitem'
	tabIndex: -1
	className: string
	onClick: () => void
}

export interface MenuItem {
	key: string
	render: (props: MenuItemProps) => ReactNode
	onSelect?: () => void
}

/**
 * A small accessible menu button (WAI-ARIA menu pattern): Enter/Space/ArrowDown
 * open it, arrows/Home/End move, Escape or Tab close and return focus. It
 * replaces a heavier library in the always-loaded shell. With a `hoverGroup`
 * a mouse resting on it opens it too (after 200 ms, at once when moving from
 * another menu of the group; `app/lib/ui/menu-hover.ts`), and leaving closes what
 * hover opened; a click on a menu hover opened keeps it open.
 */
export function Menu({
	label,
	trigger,
	items,
	triggerClassName,
	align = 'start',
	side = 'bottom',
	ariaLabel,
	hoverGroup,
}: {
	label?: string
	trigger: ReactNode
	items: MenuItem[]
	triggerClassName?: string
	align?: 'start' | 'end'
	side?: 'bottom' | 'top'
	ariaLabel?: string
	hoverGroup?: HoverGroup
}) {
	const [open, setOpenState] = useState(false)
	// The latest choice, before React renders it: a hover may open the menu a
	// moment before a click on the trigger is handled.
	const openRef = useRef(false)
	const setOpen = (next: boolean) => {
		openRef.current = next
		setOpenState(next)
	}
	const openedByHover = useRef(false)
	const id = useId()
	const rootRef = useRef<HTMLDivElement>(null)
	const triggerRef = useRef<HTMLButtonElement>(null)
	const listRef = useRef<HTMLDivElement>(null)
	const focusOnOpen = useRef<'first' | 'last' | null>(null)
	// A menu whose code comes in a chunk of its own (the header's) can be pressed before it hydrates:
	// that click is held and done once it has (a CI run's Enter on Categories opened nothing).
	const early = useEarlyClicks()

	// The hover rules load once the page has loaded and the browser is idle, outside the first-load JavaScript,
	// or at once when a mouse comes in before that.
	const [intent, setIntent] = useState<HoverIntent | null>(null)
	/** Whether a mouse is over the trigger or the menu, known before the rules have loaded. */
	const pointerInside = useRef(false)
	/** Asks for the hover rules now (set while a hover group is mounted). */
	const loadIntent = useRef<(() => void) | null>(null)
	useEffect(() => {
		if (!hoverGroup) return
		let live = true
		let asked = false
		let made: HoverIntent | null = null
		const load = () => {
			if (asked) return
			asked = true
			void import('#app/lib/ui/menu-hover.ts').then(({ createHoverIntent }) => {
				if (!live) return
				made = createHoverIntent(hoverGroup, {
					open: () => {
						focusOnOpen.current = null
						openedByHover.current = true
						setOpen(true)
					},
					close: () => setOpen(false),
					isOpen: () => openRef.current,
					openedByHover: () => openedByHover.current,
				})
				setIntent(made)
			})
		}
		loadIntent.current = load
		void afterLoad().then(load)
		return () => {
			live = false
			loadIntent.current = null
			made?.cancel()
		}
	}, [hoverGroup])
	useEffect(() => {
		if (open) intent?.opened()
		else {
			openedByHover.current = false
			intent?.closed()
		}
	}, [open, intent])
	// A mouse that came in before the rules loaded, and stays, counts once they have (after the closed() above:
	// a loaded machine's idle callback came seconds after the page's load, and the menu never opened).
	useEffect(() => {
		if (intent && pointerInside.current) intent.enter()
	}, [intent])

	const itemsInList = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])

	useEffect(() => {
		if (!open) return
		const which = focusOnOpen.current
		const list = itemsInList()
		// A menu opened by hover leaves focus where it is.
		if (which === 'last') list.at(-1)?.focus()
		else if (which === 'first') list[0]?.focus()
		const onPointerDown = (event: PointerEvent) => {
			if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
		}
		document.addEventListener('pointerdown', onPointerDown)
		return () => document.removeEventListener('pointerdown', onPointerDown)
	}, [open])

	const close = (returnFocus: boolean) => {
		setOpen(false)
		if (returnFocus) triggerRef.current?.focus()
	}

	const onListKeyDown = (event: React.KeyboardEvent) => {
		const list = itemsInList()
		const index = list.indexOf(document.activeElement as HTMLElement)
		const move = (to: number) => {
			event.preventDefault()
			list[(to + list.length) % list.length]?.focus()
		}
		if (event.key === 'ArrowDown') move(index + 1)
		else if (event.key === 'ArrowUp') move(index - 1)
		else if (event.key === 'Home') move(0)
		else if (event.key === 'End') move(list.length - 1)
		else if (event.key === 'Escape') {
			event.preventDefault()
			close(true)
		} else if (event.key === 'Tab') close(false)
	}

	const itemClass =
		'flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-left text-sm outline-none hover:bg-surface-2 focus:bg-surface-2'

	return (
		<div
			ref={rootRef}
			className="relative"
			onPointerEnter={(event) => {
				if (event.pointerType !== 'mouse') return
				pointerInside.current = true
				if (intent) intent.enter()
				else loadIntent.current?.()
			}}
			onPointerLeave={(event) => {
				if (event.pointerType !== 'mouse') return
				pointerInside.current = false
				intent?.leave()
			}}
		>
			<button
				ref={triggerRef}
				type="button"
				id={`${id}-trigger`}
				aria-haspopup="menu"
				aria-expanded={open}
				aria-controls={open ? `${id}-menu` : undefined}
				aria-label={ariaLabel}
				className={triggerClassName}
				{...early('menu')}
				data-state={open ? 'open' : 'closed'}
				onClick={(event) => {
					if (openRef.current && openedByHover.current) {
						// Hover opened it: the click keeps it open, and leaving no longer closes it.
						openedByHover.current = false
						// Enter or Space (a click without a pointer) moves into the menu as usual.
						if (event.detail === 0) itemsInList()[0]?.focus()
						return
					}
					focusOnOpen.current = 'first'
					setOpen(!openRef.current)
				}}
				onKeyDown={(event) => {
					if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
						event.preventDefault()
						const last = event.key === 'ArrowUp'
						openedByHover.current = false
						if (openRef.current) {
							const list = itemsInList()
							;(last ? list.at(-1) : list[0])?.focus()
							return
						}
						focusOnOpen.current = last ? 'last' : 'first'
						setOpen(true)
					}
				}}
			>
				{trigger}
			</button>
			{open ? (
				<div
					ref={listRef}
					id={`${id}-menu`}
					role="menu"
					aria-labelledby={label ? undefined : `${id}-trigger`}
					aria-label={label}
					onKeyDown={onListKeyDown}
					className={cn(
						'absolute z-50 min-w-52 rounded-lg border border-border bg-surface p-1 shadow-xl',
						align === 'end' ? 'right-0' : 'left-0',
						side === 'top' ? 'bottom-full mb-2' : 'top-full mt-1.5',
					)}
				>
					{items.map((item) => (
						<div key={item.key} role="none">
							{item.render({
								role: 'menuitem',
								tabIndex: -1,
								className: itemClass,
								onClick: () => {
									item.onSelect?.()
									close(false)
								},
							})}
						</div>
					))}
				</div>
			) : null}
		</div>
	)
}
