import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { barPercent, formatFullCount } from '#app/lib/stats/format.ts'
import { BarList } from './bar-list.tsx'

/** A titled panel of the stats page (the fixed record's and the live view's alike). */
export function StatsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
	return (
		<section aria-labelledby={id} className="flex flex-col gap-4 rounded-xl border border-border p-4 sm:p-5" data-testid={id}>
			<h2 id={id} className="text-lg font-semibold">
				{title}
			</h2>
			{children}
		</section>
	)
}

/** A most-watched title's name, linking to its page. */
export function StatsTitleLink({ to, children }: { to: string; children: ReactNode }) {
	return (
		<Link to={to} prefetch="intent" className="font-medium underline decoration-muted underline-offset-4 hover:decoration-current">
			{children}
		</Link>
	)
}

/**
 * Active people today, this week and this month as bars. A count the live view withholds
 * (too few to show without picking someone out) is null: it reads `hidden` with no bar.
 */
export function ActivePeriodBars({
	label,
	counts,
	hidden = '',
}: {
	label: string
	counts: { today: number | null; week: number | null; month: number | null }
	hidden?: string
}) {
	const periods = [
		{ key: 'today', label: 'Today', value: counts.today },
		{ key: 'week', label: 'This week', value: counts.week },
		{ key: 'month', label: 'This month', value: counts.month },
	]
	const most = Math.max(...periods.map((period) => period.value ?? 0))
	return (
		<BarList
			label={label}
			testId="active-users-bars"
			items={periods.map((period) => ({
				key: period.key,
				label: period.label,
				value: period.value === null ? hidden : formatFullCount(period.value),
				percent: period.value === null ? 0 : barPercent(period.value, most),
			}))}
		/>
	)
}
