import { dayAbbreviation, formatCompact, formatFullCount } from '#app/lib/stats/format.ts'
import { ColumnChart } from './column-chart.tsx'

/** Views by day of week, Monday first: the sample record's and the live figures' chart alike. */
export function ViewsByDayChart({ days }: { days: ReadonlyArray<{ day: string; count: number }> }) {
	return (
		<ColumnChart
			caption="Views by day of week"
			labelHeading="Day"
			valueHeading="Views"
			testId="views-by-day-chart"
			columns={days.map((entry) => ({
				label: entry.day,
				shortLabel: dayAbbreviation(entry.day),
				value: entry.count,
				shortValue: formatCompact(entry.count),
				fullValue: formatFullCount(entry.count),
			}))}
		/>
	)
}
