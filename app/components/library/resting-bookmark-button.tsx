import { Bookmark, ChevronDown } from 'lucide-react'
import { useRef } from 'react'
import { categoryLabel } from '#app/lib/library/bookmarks.ts'
import { DEFAULT_BOOKMARK_CATEGORY } from '#app/lib/library/types.ts'
import { bookmarkClasses, type BookmarkPart, type BookmarkWake } from './bookmark-button-look.ts'

export interface RestingBookmarkButtonProps {
	title: string
	category?: string
	className?: string
	/** The visitor reached for the control (hovered, focused, touched or clicked it). */
	onWake: (wake: BookmarkWake) => void
	/** A pointer is pressed on the stand-in (true) or was released or cancelled anywhere (false). */
	onPressChange: (pressed: boolean) => void
}

/**
 * The bookmark control of a detail page on a device that holds no library
 * (decision 0064): it looks like the control in its empty state (the title in
 * no list), but loads none of the library (zod, the schemas, the store, the
 * menu). Reaching for it wakes the real control, which takes over the focus
 * and carries out a click made meanwhile.
 */
export function RestingBookmarkButton({
	title,
	category = DEFAULT_BOOKMARK_CATEGORY,
	className,
	onWake,
	onPressChange,
}: RestingBookmarkButtonProps) {
	const classes = bookmarkClasses('full', false, className)
	const focused = useRef<BookmarkPart | null>(null)
	const action = useRef<BookmarkPart | null>(null)
	const wake = () => onWake({ action: action.current, focus: focused.current })
	const click = (part: BookmarkPart) => {
		// A second click on the toggle before the control is there undoes the first.
		action.current = part === 'toggle' && action.current === 'toggle' ? null : part
		wake()
	}
	const press = () => {
		onPressChange(true)
		// The release may happen anywhere on the page (the pointer slid off): listen on the window.
		const end = () => {
			window.removeEventListener('pointerup', end, true)
			window.removeEventListener('pointercancel', end, true)
			onPressChange(false)
		}
		window.addEventListener('pointerup', end, true)
		window.addEventListener('pointercancel', end, true)
		wake()
	}
	const focusOn = (part: BookmarkPart) => () => {
		focused.current = part
		wake()
	}
	return (
		<div
			className={classes.root}
			data-testid="bookmark-button"
			data-in-lists=""
			data-resting=""
			onPointerEnter={wake}
			onPointerDown={press}
			onBlur={(event) => {
				// Focus moved elsewhere on the page; a blur from this stand-in being replaced keeps it.
				if (event.relatedTarget) focused.current = null
			}}
		>
			<button type="button" aria-pressed={false} onFocus={focusOn('toggle')} onClick={() => click('toggle')} className={classes.toggle}>
				<Bookmark className={classes.icon} aria-hidden="true" />
				<span>{`Add to ${categoryLabel(category)}`}</span>
			</button>
			<button
				type="button"
				aria-label={`Choose lists for ${title || 'this title'}`}
				aria-haspopup="menu"
				aria-expanded={false}
				onFocus={focusOn('menu')}
				onClick={() => click('menu')}
				className={classes.menu}
			>
				<ChevronDown className="h-4 w-4" aria-hidden="true" />
			</button>
		</div>
	)
}
