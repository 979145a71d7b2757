import { useRef } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import type { CaptionChoice } from './use-captions.ts'

/** The Subtitles menu: Off, each caption, and a subtitle file from the device. */
export function SubtitlesPanel({
	choices,
	selected,
	onSelect,
	onFile,
}: {
	choices: CaptionChoice[]
	selected: string | null
	onSelect: (id: string | null) => void
	onFile: (file: File | undefined) => void
}) {
	const fileInput = useRef<HTMLInputElement>(null)
	return (
		<fieldset className="flex flex-col gap-1">
			<legend className="mb-1 font-semibold">Subtitles</legend>
			<label className="flex items-center gap-2">
				<input type="radio" name="player-caption" checked={selected === null} onChange={() => onSelect(null)} />
				Off
			</label>
			{choices.map((choice) => (
				<label key={choice.id} className="flex items-center gap-2">
					<input type="radio" name="player-caption" checked={selected === choice.id} onChange={() => onSelect(choice.id)} />
					{choice.label}
				</label>
			))}
			<Button variant="overlay" size="row" className="mt-2 bg-white/10" onClick={() => fileInput.current?.click()}>
				Load a subtitle file (.srt, .vtt)
			</Button>
			<input
				ref={fileInput}
				type="file"
				accept=".srt,.vtt,text/vtt"
				className="sr-only"
				aria-label="Subtitle file"
				data-testid="player-subtitle-file"
				onChange={(event) => onFile(event.target.files?.[0])}
			/>
		</fieldset>
	)
}
