import { useCallback, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { activeCues, playerTitle, qualitySwitchFailedText, showSkipIntro, skipIntroTarget, TEXT } from '#app/lib/player/player-rules.ts'
import type { QualityKey } from '#app/lib/sources/contract.ts'
import { Button } from '#app/components/ui/button.tsx'
import { useSettings } from '#app/stores/settings.ts'
import { usePlaybackSync } from '#app/stores/sync-hooks.ts'
import type { PlayerProps } from './player-props.ts'
import { ControlBar, PANEL_LABELS, TopBar, type Panel } from './player-controls.tsx'
import { Captions, FatalScreen, Notice } from './player-overlays.tsx'
import { QualityPanel } from './quality-panel.tsx'
import { SourcePanel, StreamChoice } from './source-panel.tsx'
import { SubtitleSettingsPanel } from './subtitle-settings-panel.tsx'
import { SubtitlesPanel } from './subtitles-panel.tsx'
import { useThumbnailsTrack } from './use-browser-thumbnails.ts'
import { useCaptions } from './use-captions.ts'
import { useDoubleTapSkip } from './use-double-tap.ts'
import { useMediaSession } from './use-media-session.ts'
import { useModalDialog } from './use-modal-dialog.ts'
import { useNextEpisode } from './use-next-episode.ts'
import { usePlaybackActions } from './use-playback-actions.ts'
import { usePlayerKeys } from './use-player-keys.ts'
import { useProgressSaving } from './use-progress-saving.ts'
import { qualityMenu, useFileQuality, type QualityOption } from './use-quality.ts'
import { useNotice, useSource } from './use-source.ts'
import { useStreamEngine } from './use-stream-engine.ts'

// The full-viewport player (product.md §2 Player, §4, §5, §8, §9), composed of
// its parts: media-chrome web components give the controls (player-controls),
// the stream engine plays files and HLS (use-stream-engine), subtitles are
// parsed and drawn here so the viewer's appearance settings apply
// (use-captions, player-overlays), and each menu is its own panel. This module
// is only loaded in the browser (React.lazy).

export default function Player({ media, streams: initialStreams, extraCaptions, sources, breadcrumb, onClose, onDownload }: PlayerProps) {
	const { settings } = useSettings()
	const videoRef = useRef<HTMLVideoElement>(null)
	const controllerRef = useRef<HTMLElement>(null)
	const rootRef = useRef<HTMLDivElement>(null)
	const [panel, setPanel] = useState<Panel | null>(null)
	const [notice, setNotice] = useNotice()
	const showNotice = useCallback((text: string) => setNotice(text), [setNotice])
	const title = playerTitle(media)

	const source = useSource(media, initialStreams, setNotice)
	const { stream } = source
	const file = useFileQuality(stream, settings.player.quality)
	const engine = useStreamEngine(videoRef, {
		stream,
		fileQuality: file.active,
		media,
		start: { autoplay: settings.player.autoplay, quality: settings.player.quality, preferredAudio: settings.content.preferredAudio },
	})
	const { phase, time, duration } = engine
	const playing = phase === 'playing'
	usePlaybackSync(playing)

	const smallest =
		stream?.type === 'file' && file.qualities.length > 0 ? stream.qualities[file.qualities[file.qualities.length - 1]!]!.url : null
	const thumbnailsTrack = useThumbnailsTrack(stream, smallest, settings.player.preview, playing || phase === 'paused')

	const saveProgress = useProgressSaving(videoRef, media, playing)
	const upNext = useNextEpisode({ media, stream, time, duration, playing, autoNext: settings.player.autoNext, beforeLeaving: saveProgress })

	const actions = usePlaybackActions(videoRef, rootRef, showNotice)
	const captions = useCaptions(stream && stream.captions.length > 0 ? stream.captions : extraCaptions, settings.content.preferredSubtitles)

	usePlayerKeys(videoRef, {
		escape: () => (panel ? setPanel(null) : onClose()),
		togglePlay: actions.togglePlay,
		skip: actions.skip,
		toggleFullscreen: actions.toggleFullscreen,
		toggleCaptions: captions.toggle,
		togglePip: () => void actions.togglePip(),
		next: upNext.goNext,
	})
	useMediaSession(
		{ title, artist: media.type === 'tv' ? media.title : undefined, posterPath: media.posterPath },
		{
			...actions,
			next: upNext.next ? upNext.goNext : undefined,
		},
	)
	const focusEdge = useModalDialog(rootRef)
	useDoubleTapSkip(controllerRef, videoRef, actions.skip)

	const quality = qualityMenu(stream, file, { levels: engine.hlsLevels, level: engine.hlsLevel, playingLevel: engine.playingLevel })
	const chooseQuality = (option: QualityOption) => {
		setPanel(null)
		try {
			const found =
				stream?.type === 'file' ? Boolean(stream.qualities[option.value as QualityKey]) : engine.chooseLevel(Number(option.value))
			if (!found) showNotice(TEXT.qualityMissing)
			else if (stream?.type === 'file') file.choose(option.value as QualityKey)
		} catch {
			showNotice(qualitySwitchFailedText(option.label))
		}
	}

	const intro = stream?.intro
	const shownCues = activeCues(captions.cues, time, settings.appearance.subtitleDelay)

	return createPortal(
		<div
			ref={rootRef}
			role="dialog"
			aria-modal="true"
			aria-label={title}
			tabIndex={-1}
			className="fixed inset-0 z-50 flex flex-col bg-black text-white outline-none"
			data-testid="player"
			data-state={phase}
		>
			<span tabIndex={0} data-focus-guard="" className="sr-only" onFocus={() => focusEdge('last')} />
			<media-controller
				ref={controllerRef}
				class="relative h-full w-full"
				autohide={panel ? '-1' : '3'}
				nohotkeys=""
				novolumepref=""
				nomutedpref=""
				nosubtitleslangpref=""
				style={{ width: '100%', height: '100%' }}
			>
				<video ref={videoRef} slot="media" playsInline className="h-full w-full" data-testid="player-video" aria-label={title}>
					{/* media-chrome's time range shows previews from a metadata track labelled "thumbnails" (WebVTT). */}
					{thumbnailsTrack ? (
						<track
							key={thumbnailsTrack}
							kind="metadata"
							label="thumbnails"
							src={thumbnailsTrack}
							default
							data-testid="player-thumbnails-track"
						/>
					) : null}
				</video>
				<TopBar breadcrumb={breadcrumb} onClose={onClose} />
				<media-loading-indicator slot="centered-chrome" noautohide="" />
				<ControlBar panel={panel} onPanel={setPanel} onDownload={onDownload} onPip={() => void actions.togglePip()} />
			</media-controller>

			<Captions cues={shownCues} appearance={settings.appearance} />

			<div className="absolute right-4 bottom-24 flex gap-2">
				{showSkipIntro(time, duration, intro) ? (
					<Button variant="light" onClick={() => actions.seekTo(skipIntroTarget(duration, intro))}>
						{TEXT.skipIntro}
					</Button>
				) : null}
				{upNext.shown ? (
					<Button variant="light" onClick={upNext.goNext}>
						{TEXT.nextEpisode}
					</Button>
				) : null}
			</div>

			{notice || engine.retrying ? <Notice text={engine.retrying ? TEXT.loading : notice!} /> : null}
			{engine.fatal ? <FatalScreen fatal={engine.fatal} onReload={engine.reload} /> : null}

			{panel ? (
				<section
					aria-label={PANEL_LABELS[panel]}
					className="absolute right-4 bottom-20 max-h-[60vh] w-72 overflow-y-auto rounded bg-neutral-900/95 p-3 text-sm shadow-lg"
					data-testid={`player-panel-${panel}`}
				>
					{panel === 'subtitles' ? (
						<SubtitlesPanel
							choices={captions.choices}
							selected={captions.captionId}
							onSelect={captions.select}
							onFile={captions.loadFile}
						/>
					) : null}
					{panel === 'settings' ? (
						<SubtitleSettingsPanel audioTracks={engine.audioTracks} audioTrack={engine.audioTrack} onAudio={engine.chooseAudio} />
					) : null}
					{panel === 'quality' ? <QualityPanel options={quality.options} current={quality.current} onChoose={chooseQuality} /> : null}
					{panel === 'source' ? (
						<SourcePanel
							streams={source.streams}
							current={stream}
							sources={sources}
							onStream={(index) => (source.playIndex(index), setPanel(null))}
							onSource={(choice) => (setPanel(null), void source.changeSource(choice))}
						/>
					) : null}
				</section>
			) : null}

			{source.choice ? <StreamChoice name={source.choice.name} streams={source.choice.streams} onPick={source.pick} /> : null}
			<span tabIndex={0} data-focus-guard="" className="sr-only" onFocus={() => focusEdge('first')} />
		</div>,
		document.body,
	)
}
