import type { ReactNode } from 'react'

/** One headline figure of the stats page: a name, the figure and a line or two of detail. */
export function StatCard({ title, value, children, testId }: { title: string; value: ReactNode; children?: ReactNode; testId: string }) {
	return (
		<li className="flex flex-col gap-1 rounded-xl border border-border bg-surface-2 p-4" data-testid={testId}>
			<h2 className="text-sm font-medium text-muted">{title}</h2>
			<p className="text-2xl font-bold tabular-nums break-words" data-testid={`${testId}-value`}>
				{value}
			</p>
			{children ? <div className="text-sm text-muted">{children}</div> : null}
		</li>
	)
}
