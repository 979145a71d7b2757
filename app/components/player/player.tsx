import { useCallback, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import {
	activeCues,
	playerTitle,
	qualitySwitchFailedText,
	showSkipCredits,
	showSkipIntro,
	skipIntroTarget,
	TEXT,
	upNextCountdown,
} from '#app/lib/player/player-rules.ts'
import type { QualityKey } from '#app/lib/sources/contract.ts'
import { Button } from '#app/components/ui/button.tsx'
import { useSettings } from '#app/stores/settings.ts'
import { usePlaybackSync } from '#app/stores/sync-hooks.ts'
import type { PlayerProps } from './player-props.ts'
import { captionsForStream } from '#app/lib/player/watch-flow.ts'
import { ControlBar, MorePanel, PANEL_LABELS, TopBar, type Panel } from './player-controls.tsx'
import { PlayerMenu } from './player-menu.tsx'
import { UpNextCard } from './up-next-card.tsx'
import { Captions, FatalScreen, Notice, QueueStatus } from './player-overlays.tsx'
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
import { usePlaybackSpeed } from './use-playback-speed.ts'
import { usePlayerKeys } from './use-player-keys.ts'
import { useProgressSaving } from './use-progress-saving.ts'
import { qualityMenu, useFileQuality, type QualityOption } from './use-quality.ts'
import { useNotice, useSource } from './use-source.ts'
import { usePlayerVideo } from './use-player-video.ts'
import { useStreamEngine } from './use-stream-engine.ts'
import { WatchTogether } from '#app/components/together/watch-together.tsx'

// The full-viewport player (product.md §2 Player, §4, §5, §8, §9), composed of
// its parts: media-chrome web components give the controls (player-controls),
// the stream engine plays files and HLS (use-stream-engine), subtitles are
// parsed and drawn here so the viewer's appearance settings apply
// (use-captions, player-overlays), and each menu is its own panel. This module
// is only loaded in the browser (React.lazy).

export default function Player({
	media,
	streams: initialStreams,
	extraCaptions,
	sources,
	preferUntil = 0,
	breadcrumb,
	onClose,
	onDownload,
}: PlayerProps) {
	const { settings } = useSettings()
	const videoRef = useRef<HTMLVideoElement>(null)
	const controllerRef = useRef<HTMLElement>(null)
	const rootRef = useRef<HTMLDivElement>(null)
	const [panel, setPanel] = useState<Panel | null>(null)
	// A closed menu gives focus back to its button (on a phone, to More when its own button is hidden).
	const closePanel = useCallback(() => {
		const root = rootRef.current
		const shown = (element: HTMLElement | null | undefined) => (element && element.getClientRects().length > 0 ? element : null)
		const button =
			shown(root?.querySelector<HTMLElement>(`[data-panel-button="${panel}"]`)) ??
			shown(root?.querySelector<HTMLElement>('[data-panel-button="more"]'))
		setPanel(null)
		;(button ?? root)?.focus()
	}, [panel])
	const [notice, setNotice] = useNotice()
	const showNotice = useCallback((text: string) => setNotice(text), [setNotice])
	const title = playerTitle(media)

	const videoElement = usePlayerVideo(controllerRef, videoRef, title)

	const source = useSource(media, initialStreams, setNotice, preferUntil)
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
	const ended = useCallback(() => videoRef.current?.ended ?? false, [])
	const upNext = useNextEpisode({
		media,
		stream,
		time,
		duration,
		playing,
		ended,
		autoNext: settings.player.autoNext,
		beforeLeaving: saveProgress,
	})

	const [speed, chooseSpeed] = usePlaybackSpeed(videoRef)
	const actions = usePlaybackActions(videoRef, rootRef, showNotice)
	// The stream's own captions, then the subtitles-only add-ons' (issue 25 item 6).
	const streamCaptions = useMemo(() => captionsForStream(stream, extraCaptions), [stream, extraCaptions])
	const captions = useCaptions(streamCaptions, settings.content.preferredSubtitles)

	usePlayerKeys(videoRef, {
		escape: () => (panel ? closePanel() : onClose()),
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
	// Choosing a quality keeps its menu open (and focus on the choice); Escape closes it.
	const chooseQuality = (option: QualityOption) => {
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
	const skipIntroShown = showSkipIntro(time, duration, intro)
	const credits = stream?.credits
	// The card offers what follows; when it says there is nothing to play, Skip Credits shows beside it.
	const skipCreditsShown = showSkipCredits(time, duration, credits, Boolean(upNext.shown && upNext.next && !upNext.unavailable))
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
				{/* The <video> is placed by usePlayerVideo. media-chrome's time range shows previews from a metadata track labelled "thumbnails" (WebVTT). */}
				{videoElement && thumbnailsTrack
					? createPortal(
							<track
								key={thumbnailsTrack}
								kind="metadata"
								label="thumbnails"
								src={thumbnailsTrack}
								default
								data-testid="player-thumbnails-track"
							/>,
							videoElement,
						)
					: null}
				<TopBar breadcrumb={breadcrumb} onClose={onClose} />
				<media-loading-indicator slot="centered-chrome" noautohide="" />
				<ControlBar
					panel={panel}
					onPanel={setPanel}
					onDownload={onDownload}
					onPip={() => void actions.togglePip()}
					preview={Boolean(thumbnailsTrack) && settings.player.preview}
				/>
			</media-controller>
			<WatchTogether videoRef={videoRef} media={media} stream={stream} streams={source.streams} onStream={source.playIndex} />

			{/* Subtitles above Skip Intro and the up-next card, all above the control bar: nothing covers another. */}
			<div
				className="pointer-events-none absolute inset-x-0 bottom-14 flex flex-col items-center gap-2 px-2 sm:bottom-16 sm:px-4"
				data-testid="player-bottom-stack"
			>
				<Captions cues={shownCues} appearance={settings.appearance} />
				{skipIntroShown || skipCreditsShown || (upNext.shown && upNext.next) ? (
					<div className="pointer-events-auto flex max-w-full flex-wrap items-end justify-end gap-2 self-end">
						{skipIntroShown ? (
							<Button variant="light" onClick={() => actions.seekTo(skipIntroTarget(duration, intro))}>
								{TEXT.skipIntro}
							</Button>
						) : null}
						{skipCreditsShown && credits ? (
							<Button variant="light" onClick={() => actions.seekTo(Math.min(credits.end, duration))}>
								{TEXT.skipCredits}
							</Button>
						) : null}
						{upNext.shown && upNext.next ? (
							<UpNextCard
								next={upNext.next}
								unavailable={upNext.unavailable}
								countdown={upNext.counting ? upNextCountdown(time, duration, speed) : null}
								onPlay={upNext.goNext}
								onCancel={upNext.cancel}
							/>
						) : null}
					</div>
				) : null}
			</div>

			{notice || engine.retrying ? <Notice text={engine.retrying ? TEXT.loading : notice!} /> : null}
			{stream?.type === 'hls' && stream.queue && !engine.fatal ? <QueueStatus position={engine.queuePosition} /> : null}
			{engine.fatal ? <FatalScreen fatal={engine.fatal} onReload={engine.reload} /> : null}

			{panel ? (
				<PlayerMenu key={panel} label={PANEL_LABELS[panel]} testId={`player-panel-${panel}`} onClose={closePanel}>
					{panel === 'subtitles' ? (
						<SubtitlesPanel
							choices={captions.choices}
							selected={captions.captionId}
							onSelect={captions.select}
							onFile={captions.loadFile}
						/>
					) : null}
					{panel === 'settings' ? (
						<SubtitleSettingsPanel
							audioTracks={engine.audioTracks}
							audioTrack={engine.audioTrack}
							onAudio={engine.chooseAudio}
							speed={speed}
							onSpeed={chooseSpeed}
						/>
					) : null}
					{panel === 'quality' ? <QualityPanel options={quality.options} current={quality.current} onChoose={chooseQuality} /> : null}
					{panel === 'source' ? (
						<SourcePanel
							streams={source.streams}
							current={stream}
							sources={sources}
							onStream={(index) => (source.playIndex(index), closePanel())}
							onSource={(choice) => (closePanel(), void source.changeSource(choice))}
						/>
					) : null}
					{panel === 'more' ? <MorePanel onPanel={setPanel} onDownload={onDownload} onPip={() => void actions.togglePip()} /> : null}
				</PlayerMenu>
			) : null}

			{source.choice ? <StreamChoice name={source.choice.name} streams={source.choice.streams} onPick={source.pick} /> : null}
			<span tabIndex={0} data-focus-guard="" className="sr-only" onFocus={() => focusEdge('first')} />
		</div>,
		document.body,
	)
}
