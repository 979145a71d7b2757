import { useId, type ReactNode } from 'react'
import { cn } from '#app/lib/ui/cn.ts'
import { Select } from '#app/components/ui/select.tsx'

const rowClass = 'flex flex-col gap-2 border-b border-border py-4 last:border-b-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6'
const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent'

function RowText({ id, label, description }: { id: string; label: string; description?: ReactNode }) {
	return (
		<div className="min-w-0">
			<label htmlFor={id} className="font-medium">
				{label}
			</label>
			{description ? (
				<p id={`${id}-description`} className="text-sm text-muted">
					{description}
				</p>
			) : null}
		</div>
	)
}

/** An on/off setting, as a switch (role=switch) with its label. */
export function SwitchRow({
	label,
	description,
	checked,
	onChange,
}: {
	label: string
	description?: ReactNode
	checked: boolean
	onChange: (value: boolean) => void
}) {
	const id = useId()
	return (
		<div className={rowClass}>
			<RowText id={id} label={label} description={description} />
			<button
				id={id}
				type="button"
				role="switch"
				aria-checked={checked}
				aria-describedby={description ? `${id}-description` : undefined}
				onClick={() => onChange(!checked)}
				className={cn(
					'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
					checked ? 'bg-accent' : 'bg-surface-3',
					focusRing,
				)}
			>
				<span
					className={cn(
						'inline-block size-5 rounded-full bg-white shadow transition-transform',
						checked ? 'translate-x-6' : 'translate-x-1',
					)}
					aria-hidden="true"
				/>
			</button>
		</div>
	)
}

/** A choice among a few options. */
export function SelectRow<T extends string>({
	label,
	description,
	value,
	options,
	onChange,
}: {
	label: string
	description?: ReactNode
	value: T
	options: ReadonlyArray<{ value: T; label: string }>
	onChange: (value: T) => void
}) {
	const id = useId()
	return (
		<div className={rowClass}>
			<RowText id={id} label={label} description={description} />
			<Select
				id={id}
				value={value}
				aria-describedby={description ? `${id}-description` : undefined}
				onChange={(event) => onChange(event.target.value as T)}
				className={cn('min-w-40 text-sm text-foreground', focusRing)}
			>
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</Select>
		</div>
	)
}

/** A number on a slider, with its value shown. */
export function RangeRow({
	label,
	value,
	min,
	max,
	step,
	format,
	onChange,
}: {
	label: string
	value: number
	min: number
	max: number
	step: number
	format: (value: number) => string
	onChange: (value: number) => void
}) {
	const id = useId()
	return (
		<div className={rowClass}>
			<RowText id={id} label={label} />
			<div className="flex items-center gap-3">
				<input
					id={id}
					type="range"
					min={min}
					max={max}
					step={step}
					value={value}
					aria-valuetext={format(value)}
					onChange={(event) => onChange(Number(event.target.value))}
					className={cn('w-48 accent-[var(--color-accent)]', focusRing)}
				/>
				<output htmlFor={id} className="w-12 text-right text-sm tabular-nums">
					{format(value)}
				</output>
			</div>
		</div>
	)
}

export function SettingsSection({ title, children, note }: { title: string; children: ReactNode; note?: ReactNode }) {
	return (
		<section aria-label={title} className="rounded-xl border border-border bg-surface px-4 sm:px-6">
			<h2 className="pt-4 text-lg font-semibold">{title}</h2>
			{note ? <p className="text-sm text-muted">{note}</p> : null}
			<div>{children}</div>
		</section>
	)
}
