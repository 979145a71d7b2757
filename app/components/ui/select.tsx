import { useRef, type ComponentProps } from 'react'
import { cn } from '#app/lib/ui/cn.ts'
import { useEarlyInput } from '#app/utils/early-input.ts'

const SIZES = {
	md: 'h-10 px-3',
	sm: 'h-9 px-2 text-sm',
	xs: 'h-8 px-2 text-sm',
} as const

const TONES = {
	surface: 'border-border bg-surface',
	raised: 'border-border bg-surface-2',
	/** Over video (the player's panels): dark whatever the site theme. */
	overlay: 'border-white/20 bg-neutral-800 text-white',
} as const

export interface SelectProps extends Omit<ComponentProps<'select'>, 'size'> {
	size?: keyof typeof SIZES
	tone?: keyof typeof TONES
}

/**
 * A native select (keeps the platform's keyboard and screen-reader behaviour). Label it with a <label htmlFor>.
 * A choice made before hydration is handed to onChange once hydrated (app/utils/early-input.ts).
 */
export function Select({ size = 'md', tone = 'surface', className, ...props }: Omit<SelectProps, 'ref'>) {
	const ref = useRef<HTMLSelectElement>(null)
	useEarlyInput(ref)
	return <select ref={ref} className={cn('rounded-md border', SIZES[size], TONES[tone], className)} {...props} />
}
