import type { ReactNode } from 'react'
import { cn } from '#app/lib/ui/cn.ts'

export interface BarListItem {
	key: string | number
	label: ReactNode
	/** The figure as text, shown beside the label: the bar's text alternative. */
	value: string
	/** Bar length, 0 to 100. */
	percent: number
}

/** A horizontal bar drawn in SVG, stretched to the row's width. Decorative: the row says the figure in words. */
function Bar({ percent }: { percent: number }) {
	return (
		<svg
			className="h-2.5 w-full overflow-hidden rounded-full"
			viewBox="0 0 100 10"
			preserveAspectRatio="none"
			aria-hidden="true"
			focusable="false"
		>
			<rect width="100" height="10" className="fill-surface-3" />
			<rect width={percent} height="10" className="fill-accent" data-percent={percent} />
		</svg>
	)
}

/**
 * A list of labelled bars (active users, most watched movies, countries). Each
 * row reads "label … figure" as text, so the list itself is the chart's text
 * alternative; labels wrap on a phone and the figure keeps its own column.
 */
export function BarList({
	items,
	ordered = false,
	label,
	testId,
}: {
	items: BarListItem[]
	ordered?: boolean
	label: string
	testId: string
}) {
	const List = ordered ? 'ol' : 'ul'
	return (
		<List className="flex flex-col gap-3" aria-label={label} data-testid={testId}>
			{items.map((item, index) => (
				<li key={item.key} className="flex flex-col gap-1.5" data-testid={`${testId}-row`}>
					<div className="flex items-baseline justify-between gap-3">
						<span className="flex min-w-0 items-baseline gap-2">
							{ordered ? (
								<span className="w-5 shrink-0 text-right text-sm text-muted tabular-nums" aria-hidden="true">
									{index + 1}
								</span>
							) : null}
							<span className="min-w-0 break-words" data-testid={`${testId}-label`}>
								{item.label}
							</span>
						</span>
						<span className="shrink-0 font-semibold tabular-nums" data-testid={`${testId}-value`}>
							{item.value}
						</span>
					</div>
					<div className={cn(ordered && 'pl-7')}>
						<Bar percent={item.percent} />
					</div>
				</li>
			))}
		</List>
	)
}
