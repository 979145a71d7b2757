import Hls, { type ErrorData, type Level, type MediaPlaylist } from 'hls.js'
import { heightLabel, hlsBufferConfig, labelResolution, NETWORK_RETRIES, startAudioIndex, TEXT } from '#app/lib/player/player-rules.ts'
import { segmentNeedsTurn } from '#app/lib/player/transcode-queue.ts'
import { storedChoice } from './device-choices.ts'
import { playNativeHls } from './native-hls.ts'
import { watchTurnOnResume } from './turn-on-resume.ts'
import type { EngineStartOptions, Fatal } from './use-stream-engine.ts'

// An HLS stream in the player's <video>, through hls.js (or the browser's own HLS where
// MediaSource is missing, as on older iPhones). A module of its own, loaded only when a stream
// is HLS: hls.js is most of the player's code, and a file stream (MP4) plays without it, so
// Watch on an MP4 reaches its first frame sooner (issue 27).

/** What the engine learns from hls.js (or the browser's HLS), as its state setters. */
export interface HlsPlaybackEvents {
	onHls: (hls: Hls) => void
	onFatal: (fatal: Fatal) => void
	onRetrying: (retrying: boolean) => void
	onQueuePosition: (position: number | null) => void
	onLevels: (levels: Level[]) => void
	onLevel: (index: number) => void
	onPlayingLevel: (index: number) => void
	onAudioTracks: (tracks: MediaPlaylist[]) => void
	onAudioTrack: (index: number) => void
	/** A refused turn after a pause (turn-on-resume.ts): the error to show. */
	onRefused: (error: unknown) => void
}

function connectionType(): string | undefined {
	const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection
	return connection?.effectiveType
}

/**
 * Starts the playlist in the video; returns what stops it (undefined when it could not start,
 * after reporting why). `startAt` loads a transcode from where the viewer resumes.
 */
export function startHlsPlayback(
	video: HTMLVideoElement,
	{
		playlist,
		queueUrl,
		startAt,
		options,
	}: { playlist: string; queueUrl: string | undefined; startAt?: number; options: EngineStartOptions },
	events: HlsPlaybackEvents,
): (() => void) | undefined {
	if (!Hls.isSupported()) {
		if (video.canPlayType('application/vnd.apple.mpegurl')) return playNativeHls(video, playlist, queueUrl, events)
		events.onFatal({ network: false, message: TEXT.hlsUnsupported })
		return undefined
	}
	let hls: Hls
	try {
		hls = new Hls({
			...hlsBufferConfig(connectionType()),
			capLevelToPlayerSize: options.quality === 'auto',
			// A transcode was started where the viewer resumes: load from there, not from 0 and then seek.
			...(startAt ? { startPosition: startAt } : {}),
		})
	} catch {
		events.onFatal({ network: false, message: TEXT.initFailed })
		return undefined
	}
	events.onHls(hls)
	let networkRetries = 0
	const turns = queueUrl
		? watchTurnOnResume(video, { stop: () => hls.stopLoad(), resume: () => hls.startLoad(video.currentTime) }, queueUrl, {
				onWaiting: events.onQueuePosition,
				onReady: () => {
					events.onQueuePosition(null)
					networkRetries = 0
					events.onRetrying(false)
				},
				onRefused: (error) => {
					events.onQueuePosition(null)
					events.onRefused(error)
				},
			})
		: null
	hls.on(Hls.Events.MANIFEST_PARSED, () => {
		events.onLevels([...hls.levels])
		// The quality setting, else (auto) the quality last chosen on this device, else Auto.
		const device = storedChoice('deviceBestResolution')
		const wanted =
			options.quality !== 'auto'
				? hls.levels.findIndex((level) => heightLabel(level.height) === options.quality)
				: device
					? hls.levels.findIndex((level) => labelResolution(heightLabel(level.height)) === device)
					: -1
		if (wanted >= 0) hls.currentLevel = wanted
		events.onLevel(wanted)
	})
	hls.on(Hls.Events.AUDIO_TRACKS_UPDATED, () => {
		events.onAudioTracks([...hls.audioTracks])
		const preferred = startAudioIndex(hls.audioTracks, storedChoice('player-audio'), options.preferredAudio)
		if (preferred >= 0) hls.audioTrack = preferred
		events.onAudioTrack(preferred >= 0 ? preferred : hls.audioTrack)
	})
	// hls.js switches audio asynchronously; the menu follows the track it actually plays.
	hls.on(Hls.Events.AUDIO_TRACK_SWITCHED, (_event, data) => events.onAudioTrack(data.id))
	hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => events.onPlayingLevel(data.level))
	hls.on(Hls.Events.FRAG_LOADED, () => {
		networkRetries = 0
		events.onRetrying(false)
	})
	hls.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
		// A transcoded segment refused (its transcode stopped, the slot taken): a new turn, not a retry.
		if (turns && data.details === Hls.ErrorDetails.FRAG_LOAD_ERROR && segmentNeedsTurn(data.response?.code)) {
			turns.refused()
			return
		}
		if (!data.fatal) return
		if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
			if (networkRetries < NETWORK_RETRIES) {
				networkRetries += 1
				events.onRetrying(true)
				setTimeout(() => hls.startLoad(), 1000 * networkRetries)
				return
			}
			events.onRetrying(false)
			events.onFatal({ network: true, message: TEXT.networkFailed })
		} else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
			hls.recoverMediaError()
		} else {
			events.onFatal({ network: false, message: `${TEXT.unexpected}: ${TEXT.fatalHls}` })
			hls.destroy()
		}
	})
	hls.loadSource(playlist)
	hls.attachMedia(video)
	return () => {
		turns?.stop()
		hls.destroy()
	}
}
