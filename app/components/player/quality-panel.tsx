import type { QualityOption } from './use-quality.ts'

/** The Quality menu: one radio per quality (choosing applies it and closes the menu). */
export function QualityPanel({
	options,
	current,
	onChoose,
}: {
	options: QualityOption[]
	current: string
	onChoose: (option: QualityOption) => void
}) {
	return (
		<fieldset className="flex flex-col gap-1">
			<legend className="mb-1 font-semibold">Quality</legend>
			{options.map((option) => (
				<label key={option.value} className="flex items-center gap-2">
					<input type="radio" name="player-quality" checked={current === option.value} onChange={() => onChoose(option)} />
					{option.label}
				</label>
			))}
		</fieldset>
	)
}
