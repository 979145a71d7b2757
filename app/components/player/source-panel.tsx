import { Button } from '#app/components/ui/button.tsx'
import { multipleStreamsText } from '#app/lib/player/player-rules.ts'
import { menuSources, streamMenuLabels } from '#app/lib/player/watch-flow.ts'
import type { SourceInfo, Stream } from '#app/lib/sources/contract.ts'

/** The Source menu: this lookup's streams (when more than one), then every source to look up again. */
export function SourcePanel({
	streams,
	current,
	sources,
	onStream,
	onSource,
}: {
	streams: Stream[]
	current: Stream | undefined
	sources: SourceInfo[]
	onStream: (index: number) => void
	onSource: (source: SourceInfo) => void
}) {
	return (
		<div className="flex flex-col gap-1">
			<p className="mb-1 font-semibold">Source</p>
			{streams.length > 1
				? streamMenuLabels(streams).map((label, index) => (
						<Button
							key={streams[index]!.id}
							variant="overlay"
							size="row"
							aria-pressed={streams[index] === current}
							data-testid="player-stream-option"
							onClick={() => onStream(index)}
						>
							{label}
						</Button>
					))
				: null}
			{menuSources(sources, streams).map((source) => (
				<Button
					key={source.id}
					variant="overlay"
					size="row"
					aria-pressed={current?.sourceId === source.id}
					data-testid="player-source-option"
					onClick={() => onSource(source)}
				>
					{source.name}
				</Button>
			))}
		</div>
	)
}

/** A source that answered with several streams: the viewer picks one. */
export function StreamChoice({ name, streams, onPick }: { name: string; streams: Stream[]; onPick: (stream: Stream) => void }) {
	return (
		<section
			aria-label="Streams"
			className="absolute inset-x-4 top-20 mx-auto max-w-md rounded bg-neutral-900/95 p-4 text-sm"
			data-testid="player-stream-choice"
		>
			<p className="mb-2">{multipleStreamsText(name)}</p>
			<ul className="flex flex-col gap-1">
				{streams.map((item) => (
					<li key={item.id}>
						<Button variant="overlay" size="row" onClick={() => onPick(item)}>
							{item.label}
						</Button>
					</li>
				))}
			</ul>
		</section>
	)
}
