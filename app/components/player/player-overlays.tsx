import type { VTTCue } from 'media-captions'
import type { CSSProperties } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { cueText, TEXT } from '#app/lib/player/player-rules.ts'
import { waitingText } from '#app/lib/player/transcode-queue.ts'
import type { SettingsValues } from '#app/lib/sync/settings.ts'
import type { SUBTITLE_BACKGROUNDS, SUBTITLE_COLOURS } from '#app/lib/sync/settings-options.ts'
import type { Fatal } from './use-stream-engine.ts'

// What the player draws over the video: the subtitles, notices and the fatal screen.

const COLOUR_CSS: Record<(typeof SUBTITLE_COLOURS)[number], string> = {
	white: '#ffffff',
	yellow: '#ffeb3b',
	green: '#4ade80',
	cyan: '#22d3ee',
}
const BACKGROUND_CSS: Record<(typeof SUBTITLE_BACKGROUNDS)[number], string> = {
	none: 'transparent',
	translucent: 'rgba(0, 0, 0, 0.6)',
	solid: '#000000',
}

/** The cues showing now, in the viewer's size, colour and background (§5). */
export function Captions({ cues, appearance }: { cues: VTTCue[]; appearance: SettingsValues['appearance'] }) {
	const style: CSSProperties = {
		fontSize: `calc(${appearance.subtitleSize / 100} * clamp(1rem, 2.4vw, 2.25rem))`,
		color: COLOUR_CSS[appearance.subtitleColor],
		backgroundColor: BACKGROUND_CSS[appearance.subtitleBackground],
	}
	return (
		<div className="flex max-w-full flex-col items-center gap-1 text-center" aria-live="off" data-testid="player-captions">
			{cues.map((cue, index) => (
				<span
					key={`${cue.startTime}-${index}`}
					className="rounded px-2 py-0.5 leading-snug whitespace-pre-line"
					style={style}
					data-testid="player-cue"
				>
					{cueText(cue.text)}
				</span>
			))}
		</div>
	)
}

export function Notice({ text }: { text: string }) {
	return (
		<p
			role="status"
			className="absolute top-16 left-1/2 -translate-x-1/2 rounded bg-black/80 px-4 py-2 text-sm"
			data-testid="player-notice"
		>
			{text}
		</p>
	)
}

/**
 * Every transcode slot is taken (decision 0046): the viewer's place in line.
 * The live region is always there, so a screen reader hears each change.
 */
export function QueueStatus({ position }: { position: number | null }) {
	return (
		<div
			role="status"
			aria-live="polite"
			className="pointer-events-none absolute inset-x-0 top-1/2 flex translate-y-12 justify-center px-4"
		>
			{position !== null ? (
				<p className="rounded bg-black/80 px-4 py-2 text-sm" data-testid="player-queue">
					{waitingText(position)}
				</p>
			) : null}
		</div>
	)
}

/** §8: the video could not be loaded; Reload starts the stream again. */
export function FatalScreen({ fatal, onReload }: { fatal: Fatal; onReload: () => void }) {
	return (
		<div
			role="alert"
			className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/90 p-6 text-center"
			data-testid="player-error"
		>
			<p className="text-lg font-semibold">{TEXT.fatalTitle}</p>
			<p>{fatal.network ? TEXT.fatalNetwork : TEXT.fatalOther}</p>
			<p className="text-sm text-white/70">{fatal.message}</p>
			<Button variant="light" onClick={onReload}>
				Reload
			</Button>
		</div>
	)
}
