import { cn } from '#app/lib/ui/cn.ts'
import { clampPercent } from '#app/lib/library/history.ts'

/** A watch-progress bar; the value is clamped to 0–100 (product.md §5). */
export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
	const percent = clampPercent(value)
	const rounded = Math.round(percent)
	return (
		<div
			role="progressbar"
			aria-label={label}
			aria-valuemin={0}
			aria-valuemax={100}
			aria-valuenow={rounded}
			aria-valuetext={`${rounded}% watched`}
			className={cn('h-1.5 w-full overflow-hidden rounded-full bg-surface-3', className)}
		>
			<div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} data-testid="progress-fill" />
		</div>
	)
}
