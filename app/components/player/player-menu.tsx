import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'

// A menu of the player (Subtitles, Settings, Quality, Source, More): focus
// moves into it when it opens (onto the chosen option), ↑/↓ (and Home/End)
// move between its options without choosing, Space or Enter chooses, Tab
// stays inside, and Escape closes it; the player then returns focus to the
// menu's button. Choosing an option keeps the menu open.

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]):not([type="file"]), select, [tabindex]:not([tabindex="-1"])'

function items(root: HTMLElement) {
	return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.getClientRects().length > 0)
}

export function PlayerMenu({
	label,
	testId,
	onClose,
	children,
}: {
	label: string
	testId: string
	onClose: () => void
	children: ReactNode
}) {
	const ref = useRef<HTMLElement>(null)

	useEffect(() => {
		const root = ref.current
		if (!root) return
		const checked = root.querySelector<HTMLElement>('input:checked, [aria-pressed="true"]')
		;(checked ?? items(root)[0] ?? root).focus()
	}, [])

	const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
		const root = ref.current
		if (!root) return
		const list = items(root)
		const index = list.indexOf(document.activeElement as HTMLElement)
		const target = event.target as HTMLElement
		const move = (to: number) => {
			event.preventDefault()
			list[(to + list.length) % list.length]?.focus()
		}
		switch (event.key) {
			case 'Escape':
				event.preventDefault()
				event.stopPropagation()
				onClose()
				return
			case 'Tab':
				return move(event.shiftKey ? index - 1 : index + 1)
			case 'ArrowDown':
			case 'ArrowUp':
				// A select changes its value with the arrows.
				if (target.tagName === 'SELECT') return
				return move(index + (event.key === 'ArrowDown' ? 1 : -1))
			case 'ArrowLeft':
			case 'ArrowRight':
				// Radios would choose as they move; the menu only moves on ↑/↓.
				if (target instanceof HTMLInputElement && target.type === 'radio') event.preventDefault()
				return
			case 'Home':
				return move(0)
			case 'End':
				return move(list.length - 1)
			case 'Enter':
				if (target instanceof HTMLInputElement && target.type === 'radio') {
					event.preventDefault()
					target.click()
				}
				return
		}
	}

	return (
		<section
			ref={ref}
			aria-label={label}
			tabIndex={-1}
			onKeyDown={onKeyDown}
			data-player-menu=""
			className="absolute right-2 bottom-16 z-10 max-h-[60vh] w-72 max-w-[calc(100%-1rem)] overflow-y-auto rounded bg-neutral-900/95 p-3 text-sm shadow-lg outline-none sm:right-4 sm:bottom-20"
			data-testid={testId}
		>
			{children}
		</section>
	)
}
