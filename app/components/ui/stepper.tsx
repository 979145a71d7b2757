import { useId, type ReactNode } from 'react'
import { Button } from './button.tsx'

export interface StepperProps {
	/** The visible name of the value ("Size", "Delay"); it also names the group. */
	label: ReactNode
	/** The current value as shown ("110%", "200 ms"). */
	value: ReactNode
	onDecrease: () => void
	onIncrease: () => void
	/** Accessible names of the two buttons, saying what each step does ("Smaller subtitles"). */
	decreaseLabel: string
	increaseLabel: string
	/** overlay: over video (the player's panels); surface: on a page. */
	tone?: 'overlay' | 'surface'
	/** Passed to the <output> that shows the value. */
	valueTestId?: string
}

/**
 * A labelled value with − and + buttons on one row: a number changed in fixed
 * steps, applied at once (subtitle size and delay, playback speed).
 */
export function Stepper({
	label,
	value,
	onDecrease,
	onIncrease,
	decreaseLabel,
	increaseLabel,
	tone = 'surface',
	valueTestId,
}: StepperProps) {
	const labelId = useId()
	const variant = tone === 'overlay' ? 'overlay' : 'secondary'
	return (
		<div className="flex items-center justify-between gap-2">
			<span id={labelId}>{label}</span>
			<div className="flex items-center gap-2" role="group" aria-labelledby={labelId}>
				<Button variant={variant} size="compact" aria-label={decreaseLabel} onClick={onDecrease}>
					−
				</Button>
				<output className="min-w-14 text-center tabular-nums" data-testid={valueTestId}>
					{value}
				</output>
				<Button variant={variant} size="compact" aria-label={increaseLabel} onClick={onIncrease}>
					+
				</Button>
			</div>
		</div>
	)
}
