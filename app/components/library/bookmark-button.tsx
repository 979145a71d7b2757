import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Bookmark, Check, ChevronDown } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { categoryLabel } from '#app/lib/library/bookmarks.ts'
import { DEFAULT_BOOKMARK_CATEGORY, type BookmarkMedia } from '#app/lib/library/types.ts'
import { useBookmarks } from '#app/stores/library.ts'
import { bookmarkClasses, type BookmarkVariant, type BookmarkWake } from './bookmark-button-look.ts'

export interface BookmarkButtonProps extends BookmarkMedia {
	/** The list the main button toggles; the default list (watchlist) when absent. */
	category?: string
	/** 'icon': compact, for cards; 'full': with a text label, for detail pages. */
	variant?: BookmarkVariant
	className?: string
	/** Woken from the resting stand-in: the click to carry out and the focus to keep. */
	wake?: BookmarkWake
}

/**
 * The bookmark control (product.md §4): the main button toggles the title in the
 * default list (or the given category); the menu beside it toggles it per
 * list (the defaults and every custom list) and closes after a choice. The
 * icon is filled while the title is in any list.
 */
export function BookmarkButton({ category = DEFAULT_BOOKMARK_CATEGORY, variant = 'icon', className, wake, ...media }: BookmarkButtonProps) {
	const { ready, categories, listsOf, toggle } = useBookmarks()
	const lists = listsOf(media.mediaId)
	const inTarget = lists.includes(category)
	const inAny = lists.length > 0
	const title = media.title || 'this title'
	const classes = bookmarkClasses(variant, inAny, className)
	const icon = <Bookmark className={classes.icon} aria-hidden="true" />
	const toggleButton = useRef<HTMLButtonElement>(null)
	const menuTrigger = useRef<HTMLButtonElement>(null)
	const [menuOpen, setMenuOpen] = useState(wake?.action === 'menu')
	const pendingToggle = useRef(wake?.action === 'toggle')

	// Taking over from the resting stand-in: the focus stays where it was, and a click it took is carried out.
	useLayoutEffect(() => {
		if (wake?.focus === 'toggle') toggleButton.current?.focus()
		else if (wake?.focus === 'menu' && wake.action !== 'menu') menuTrigger.current?.focus()
		// Only at mount: the wake is what happened before this control was there.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])
	useEffect(() => {
		if (!ready || !pendingToggle.current) return
		pendingToggle.current = false
		toggle(media, category)
	}, [ready, toggle, media, category])

	return (
		<div className={classes.root} data-testid="bookmark-button" data-in-lists={lists.join('|')}>
			<button
				ref={toggleButton}
				type="button"
				disabled={!ready}
				aria-pressed={inTarget}
				aria-label={variant === 'icon' ? (inTarget ? `Remove ${title} from ${category}` : `Add ${title} to ${category}`) : undefined}
				title={variant === 'icon' ? (inTarget ? `Remove from ${category}` : `Add to ${category}`) : undefined}
				onClick={() => toggle(media, category)}
				className={classes.toggle}
			>
				{icon}
				{variant === 'full' ? <span>{inTarget ? `In ${categoryLabel(category)}` : `Add to ${categoryLabel(category)}`}</span> : null}
			</button>
			<DropdownMenu.Root modal={false} open={menuOpen} onOpenChange={setMenuOpen}>
				<DropdownMenu.Trigger ref={menuTrigger} disabled={!ready} aria-label={`Choose lists for ${title}`} className={classes.menu}>
					<ChevronDown className="h-4 w-4" aria-hidden="true" />
				</DropdownMenu.Trigger>
				<DropdownMenu.Portal>
					<DropdownMenu.Content
						align="end"
						sideOffset={6}
						className="z-50 max-h-80 min-w-52 overflow-y-auto rounded-lg border border-border bg-surface p-1 text-foreground shadow-xl"
						data-testid="bookmark-menu"
					>
						<DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold text-muted uppercase">Lists</DropdownMenu.Label>
						{categories.map((name) => {
							const checked = lists.includes(name)
							return (
								<DropdownMenu.CheckboxItem
									key={name}
									checked={checked}
									onCheckedChange={() => toggle(media, name)}
									className="relative flex cursor-pointer items-center gap-2 rounded-md py-2 pr-3 pl-8 text-sm outline-none select-none data-[highlighted]:bg-surface-2"
								>
									<DropdownMenu.ItemIndicator className="absolute left-2 inline-flex">
										<Check className="h-4 w-4" aria-hidden="true" />
									</DropdownMenu.ItemIndicator>
									<span>{categoryLabel(name)}</span>
								</DropdownMenu.CheckboxItem>
							)
						})}
						<DropdownMenu.Separator className="my-1 h-px bg-border" />
						<DropdownMenu.Item asChild>
							<Link
								to="/bookmarks#lists"
								className="block rounded-md px-3 py-2 text-sm text-muted outline-none data-[highlighted]:bg-surface-2 data-[highlighted]:text-foreground"
							>
								Manage lists…
							</Link>
						</DropdownMenu.Item>
					</DropdownMenu.Content>
				</DropdownMenu.Portal>
			</DropdownMenu.Root>
		</div>
	)
}
