import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Bookmark, Check, ChevronDown } from 'lucide-react'
import { Link } from 'react-router'
import { cn } from '#app/lib/ui/cn.ts'
import { categoryLabel } from '#app/lib/library/bookmarks.ts'
import { DEFAULT_BOOKMARK_CATEGORY, type BookmarkMedia } from '#app/lib/library/types.ts'
import { useBookmarks } from '#app/stores/library.ts'

export interface BookmarkButtonProps extends BookmarkMedia {
	/** The list the main button toggles; the default list (watchlist) when absent. */
	category?: string
	/** 'icon': compact, for cards; 'full': with a text label, for detail pages. */
	variant?: 'icon' | 'full'
	className?: string
}

/**
 * The bookmark control (product.md §4): the main button toggles the title in the
 * default list (or the given category); the menu beside it toggles it per
 * list (the defaults and every custom list) and closes after a choice. The
 * icon is filled while the title is in any list.
 */
export function BookmarkButton({ category = DEFAULT_BOOKMARK_CATEGORY, variant = 'icon', className, ...media }: BookmarkButtonProps) {
	const { ready, categories, listsOf, toggle } = useBookmarks()
	const lists = listsOf(media.mediaId)
	const inTarget = lists.includes(category)
	const inAny = lists.length > 0
	const title = media.title || 'this title'
	const icon = <Bookmark className={cn('h-4 w-4', inAny && 'fill-current')} aria-hidden="true" />
	const base = 'inline-flex items-center justify-center gap-2 text-sm font-medium transition-colors disabled:opacity-50'
	const tone = inAny ? 'bg-accent text-accent-foreground hover:bg-accent/90' : 'bg-surface-2 text-foreground hover:bg-surface-3'

	return (
		<div
			className={cn('inline-flex items-stretch rounded-md shadow-sm', className)}
			data-testid="bookmark-button"
			data-in-lists={lists.join('|')}
		>
			<button
				type="button"
				disabled={!ready}
				aria-pressed={inTarget}
				aria-label={variant === 'icon' ? (inTarget ? `Remove ${title} from ${category}` : `Add ${title} to ${category}`) : undefined}
				title={variant === 'icon' ? (inTarget ? `Remove from ${category}` : `Add to ${category}`) : undefined}
				onClick={() => toggle(media, category)}
				className={cn(base, tone, 'rounded-l-md', variant === 'icon' ? 'h-9 w-9' : 'h-10 px-4')}
			>
				{icon}
				{variant === 'full' ? <span>{inTarget ? `In ${categoryLabel(category)}` : `Add to ${categoryLabel(category)}`}</span> : null}
			</button>
			<DropdownMenu.Root modal={false}>
				<DropdownMenu.Trigger
					disabled={!ready}
					aria-label={`Choose lists for ${title}`}
					className={cn(
						base,
						tone,
						'rounded-r-md border-l border-black/10 dark:border-white/10',
						variant === 'icon' ? 'h-9 w-6' : 'h-10 w-8',
					)}
				>
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
