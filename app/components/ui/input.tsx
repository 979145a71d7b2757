import { useRef, type ComponentProps } from 'react'
import { cn } from '#app/lib/ui/cn.ts'
import { useEarlyInput } from '#app/utils/early-input.ts'

const SIZES = {
	md: 'h-11 text-base',
	sm: 'h-10 text-sm',
} as const

const TONES = {
	surface: 'bg-surface',
	raised: 'bg-surface-2',
} as const

export function inputClass(size: keyof typeof SIZES = 'md', tone: keyof typeof TONES = 'surface') {
	return cn(
		'w-full rounded-md border border-border px-3 text-foreground placeholder:text-muted',
		'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60 aria-[invalid=true]:border-red-500',
		SIZES[size],
		TONES[tone],
	)
}

export interface InputProps extends Omit<ComponentProps<'input'>, 'size'> {
	size?: keyof typeof SIZES
	/** `raised` for an input that sits on the page background rather than a panel. */
	tone?: keyof typeof TONES
}

/**
 * A single-line text input. Give it a label (FormField does), or an aria-label.
 * Text typed before hydration is handed to onChange once hydrated (app/utils/early-input.ts).
 */
export function Input({ size = 'md', tone = 'surface', className, ...props }: Omit<InputProps, 'ref'>) {
	const ref = useRef<HTMLInputElement>(null)
	useEarlyInput(ref)
	return <input ref={ref} className={cn(inputClass(size, tone), className)} {...props} />
}
