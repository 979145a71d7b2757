import { cn } from '#app/lib/ui/cn.ts'

// What the bookmark control looks like, shared by the control (bookmark-button.tsx)
// and its resting stand-in (resting-bookmark-button.tsx), which a device without a
// library shows until the visitor reaches for it: the two must look the same.

export type BookmarkVariant = 'icon' | 'full'

/** Which half of the control: the main toggle or the list menu's trigger. */
export type BookmarkPart = 'toggle' | 'menu'

/** How the resting stand-in was woken: what was clicked (to be done once the control is there) and what had focus. */
export interface BookmarkWake {
	action: BookmarkPart | null
	focus: BookmarkPart | null
}

const BASE = 'inline-flex items-center justify-center gap-2 text-sm font-medium transition-colors disabled:opacity-50'

export function bookmarkClasses(variant: BookmarkVariant, inAny: boolean, className?: string) {
	const tone = inAny ? 'bg-accent text-accent-foreground hover:bg-accent/90' : 'bg-surface-2 text-foreground hover:bg-surface-3'
	return {
		root: cn('inline-flex items-stretch rounded-md shadow-sm', className),
		toggle: cn(BASE, tone, 'rounded-l-md', variant === 'icon' ? 'h-9 w-9' : 'h-10 px-4'),
		menu: cn(BASE, tone, 'rounded-r-md border-l border-black/10 dark:border-white/10', variant === 'icon' ? 'h-9 w-6' : 'h-10 w-8'),
		icon: cn('h-4 w-4', inAny && 'fill-current'),
	}
}
