import type { ComponentProps } from 'react'
import { cn } from '#app/lib/ui/cn.ts'

const VARIANTS = {
	/** A round, transparent button that tints on hover (row and list controls). */
	ghost: 'rounded-full p-2 hover:bg-surface-2',
	/** A round, dark button for use over images (the hero carousel). */
	overlay: 'rounded-full bg-black/50 p-2 text-white hover:bg-black/70',
	/** No look of its own: the caller's className gives it (a one-off placement). */
	bare: '',
} as const

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'aria-label'> {
	/** The accessible name; required because the button shows only an icon. */
	label: string
	variant?: keyof typeof VARIANTS
}

/** A button that shows only an icon (pass it as children, with aria-hidden). */
export function IconButton({ label, variant = 'ghost', type, className, ...props }: IconButtonProps) {
	return <button type={type ?? 'button'} aria-label={label} className={cn(VARIANTS[variant], className) || undefined} {...props} />
}
