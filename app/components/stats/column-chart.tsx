import { barPercents } from '#app/lib/stats/format.ts'

export interface Column {
	/** Full name, read in the table ("Monday"). */
	label: string
	/** Short name under the column ("Mon"). */
	shortLabel: string
	value: number
	/** The figure as shown above the column on screen ("236.9K"). */
	shortValue: string
	/** The figure as read in the table ("236,874"). */
	fullValue: string
}

// The tallest column fills this share of the plot, leaving room for its figure above.
const PLOT_SHARE = 0.82

/**
 * A column chart in hand-made SVG: one cell per column in a CSS grid, so the
 * columns, their figures and their names line up at any width (seven columns
 * fit a 390 px phone). The drawing is hidden from assistive technology; a
 * visually hidden table with the same figures is its text alternative.
 */
export function ColumnChart({
	columns,
	caption,
	labelHeading,
	valueHeading,
	testId,
}: {
	columns: Column[]
	caption: string
	labelHeading: string
	valueHeading: string
	testId: string
}) {
	const percents = barPercents(columns.map((column) => column.value))
	const busiest = Math.max(...percents)
	return (
		<figure className="m-0" data-testid={testId}>
			<div
				className="grid gap-1.5 sm:gap-3"
				style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}
				aria-hidden="true"
			>
				{columns.map((column, index) => {
					const height = percents[index]! * PLOT_SHARE
					return (
						<div key={column.label} className="flex flex-col items-center gap-1.5" data-testid={`${testId}-column`}>
							<div className="relative h-40 w-full sm:h-48">
								<span
									className="absolute inset-x-0 text-center text-[0.7rem] text-muted tabular-nums sm:text-xs"
									style={{ bottom: `calc(${height}% + 0.25rem)` }}
								>
									{column.shortValue}
								</span>
								<svg className="absolute inset-0 h-full w-full" viewBox="0 0 10 100" preserveAspectRatio="none" focusable="false">
									<rect
										x="1"
										y={100 - height}
										width="8"
										height={height}
										className={percents[index] === busiest ? 'fill-accent' : 'fill-accent/55'}
										data-percent={percents[index]}
									/>
								</svg>
							</div>
							<span className="text-xs font-medium sm:text-sm">{column.shortLabel}</span>
						</div>
					)
				})}
			</div>
			<table className="sr-only">
				<caption>{caption}</caption>
				<thead>
					<tr>
						<th scope="col">{labelHeading}</th>
						<th scope="col">{valueHeading}</th>
					</tr>
				</thead>
				<tbody>
					{columns.map((column) => (
						<tr key={column.label}>
							<th scope="row">{column.label}</th>
							<td>{column.fullValue}</td>
						</tr>
					))}
				</tbody>
			</table>
		</figure>
	)
}
