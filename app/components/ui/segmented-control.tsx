import type { ReactNode } from 'react'
import { cn } from '#app/lib/ui/cn.ts'

const LOOKS = {
	/** Buttons inside one tinted track (search's media type). */
	track: {
		group: 'flex gap-1 rounded-lg bg-surface-2 p-1',
		item: 'rounded-md px-3 py-1.5 text-sm',
		on: 'bg-accent text-accent-foreground',
		off: 'hover:bg-surface-3',
	},
	/** Separate outlined pills (seasons, networks). */
	chips: {
		group: 'flex gap-2',
		item: 'rounded-full border px-3',
		on: 'border-accent bg-accent text-accent-foreground',
		off: 'border-border hover:bg-surface-2',
	},
	/** Filled pills that stand out on the page background (bookmark lists). */
	'raised-chips': {
		group: 'flex gap-2',
		item: 'rounded-full border px-3',
		on: 'border-accent bg-accent text-accent-foreground',
		off: 'border-border bg-surface-2 hover:bg-surface-3',
	},
} as const

export interface SegmentedOption<T extends string | number> {
	value: T
	label: ReactNode
	testId?: string
}

/**
 * One choice among a few, as toggle buttons with aria-pressed (each is a
 * normal tab stop). With `label` the row is a named role=group; without it,
 * wrap it in a fieldset with a legend.
 */
export function SegmentedControl<T extends string | number>({
	options,
	value,
	onChange,
	label,
	variant = 'track',
	className,
	itemClassName,
	itemData,
}: {
	options: ReadonlyArray<SegmentedOption<T>>
	value: T
	onChange: (value: T) => void
	label?: string
	variant?: keyof typeof LOOKS
	/** Extra classes for the row (wrapping, scrolling). */
	className?: string
	/** Extra classes for each button (text size, height). */
	itemClassName?: string
	/** Data attributes for each button (the early-click mark of a lazily hydrated part). */
	itemData?: (value: T) => Partial<Record<`data-${string}`, string>>
}) {
	const look = LOOKS[variant]
	return (
		<div role={label ? 'group' : undefined} aria-label={label} className={cn(look.group, className)}>
			{options.map((option) => (
				<button
					key={String(option.value)}
					type="button"
					aria-pressed={option.value === value}
					onClick={() => onChange(option.value)}
					className={cn(look.item, itemClassName, option.value === value ? look.on : look.off)}
					data-testid={option.testId}
					{...itemData?.(option.value)}
				>
					{option.label}
				</button>
			))}
		</div>
	)
}
