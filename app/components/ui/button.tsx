import type { ComponentProps } from 'react'
import { cn } from '#app/lib/ui/cn.ts'

const VARIANTS = {
	primary: 'bg-accent text-accent-foreground hover:bg-accent/90',
	secondary: 'bg-surface-2 text-foreground hover:bg-surface-3',
	ghost: 'text-foreground hover:bg-surface-2',
	outline: 'border border-border text-foreground hover:bg-surface-2',
	danger: 'bg-red-700 text-white hover:bg-red-600',
	/** Looks like a link; pair it with size="inline". */
	link: 'text-accent hover:underline',
	/** Text controls over video or dark artwork (the player's bar and panels). */
	overlay: 'text-white hover:bg-white/20 aria-pressed:bg-white/20',
	/** The strongest action over video (Skip Intro, Next Episode, Reload). */
	light: 'bg-white font-semibold text-black hover:bg-white/85',
} as const

const SIZES = {
	sm: 'h-8 px-3 text-sm',
	md: 'h-10 px-4 text-sm',
	lg: 'h-12 px-6 text-base',
	icon: 'h-10 w-10',
	/** No box of its own: sits in running text (the link variant). */
	inline: '',
	/** A compact control in a dense bar (the player's control bar). */
	compact: 'h-8 px-2 text-sm',
	/** A full-width, left-aligned entry of a list of choices (streams, sources). */
	row: 'min-h-8 w-full px-2 py-1 text-left text-sm',
} as const

export interface ButtonProps extends ComponentProps<'button'> {
	variant?: keyof typeof VARIANTS
	size?: keyof typeof SIZES
}

export function buttonClass(variant: keyof typeof VARIANTS = 'primary', size: keyof typeof SIZES = 'md') {
	return cn(
		'inline-flex items-center gap-2 rounded-md font-medium transition-colors',
		size === 'row' ? 'justify-start' : 'justify-center',
		'disabled:pointer-events-none disabled:opacity-50',
		VARIANTS[variant],
		SIZES[size],
	)
}

/** A button. A link that looks like one takes buttonClass() instead (no Slot: its code was in every page's first load). */
export function Button({ variant = 'primary', size = 'md', className, type, ...props }: ButtonProps) {
	return <button type={type ?? 'button'} className={cn(buttonClass(variant, size), className)} {...props} />
}
