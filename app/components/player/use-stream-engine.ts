import Hls, { type ErrorData, type Level, type MediaPlaylist } from 'hls.js'
import { useCallback, useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react'
import { episodeKey } from '#app/lib/library/history.ts'
import {
	clampVolume,
	DEFAULT_VOLUME,
	heightLabel,
	hlsBufferConfig,
	NETWORK_RETRIES,
	labelResolution,
	resumeTime,
	startAudioIndex,
	TEXT,
} from '#app/lib/player/player-rules.ts'
import type { QualityKey, Stream } from '#app/lib/sources/contract.ts'
import { readDevice, removeDevice, writeDevice, type DeviceValue } from '#app/stores/device-storage.ts'
import { getHistorySnapshot } from '#app/stores/library.ts'
import type { PlayerMedia } from './player-props.ts'

// The stream engine (product.md §4 player states, §9 hls.js limits): plays a
// file stream at the chosen quality through the native <video>, an HLS stream
// through hls.js (or Safari's own HLS), resumes at the saved point once, keeps
// the playing point across quality and source changes, retries network
// failures and reports the player's phase, time and fatal errors.

export type Phase = 'loading' | 'ready' | 'playing' | 'paused' | 'buffering'
export type Fatal = { network: boolean; message: string }

/** What the engine reads when a stream starts (a later change applies to the next start). */
export interface EngineStartOptions {
	autoplay: boolean
	/** The quality setting ('auto', '1080p', …): HLS starts at that level when it has it. */
	quality: string
	preferredAudio: string
}

function connectionType(): string | undefined {
	const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection
	return connection?.effectiveType
}

function stored<K extends 'player-volume' | 'deviceBestResolution' | 'player-audio'>(key: K) {
	try {
		return readDevice(key)
	} catch {
		return undefined
	}
}

function remember<K extends 'deviceBestResolution' | 'player-audio'>(key: K, value: DeviceValue<K> | null) {
	try {
		if (value === null) removeDevice(key)
		else writeDevice(key, value)
	} catch {
		// Storage refused: the choice still applies to this session.
	}
}

export function useStreamEngine(
	videoRef: RefObject<HTMLVideoElement | null>,
	{
		stream,
		fileQuality,
		media,
		start,
	}: { stream: Stream | undefined; fileQuality: QualityKey | null; media: PlayerMedia; start: EngineStartOptions },
) {
	const hlsRef = useRef<Hls | null>(null)
	const resumeApplied = useRef(false)
	const [reloadKey, setReloadKey] = useState(0)
	const [phase, setPhase] = useState<Phase>('loading')
	const [fatal, setFatal] = useState<Fatal | null>(null)
	const [retrying, setRetrying] = useState(false)
	const [time, setTime] = useState(0)
	const [duration, setDuration] = useState(0)
	const [hlsLevels, setHlsLevels] = useState<Level[]>([])
	const [hlsLevel, setHlsLevel] = useState(-1)
	/** The HLS level on screen now (differs from hlsLevel while switching, or under Auto). */
	const [playingLevel, setPlayingLevel] = useState(-1)
	const [audioTracks, setAudioTracks] = useState<MediaPlaylist[]>([])
	const [audioTrack, setAudioTrack] = useState(-1)

	// Read when a stream starts, not followed afterwards: a settings change must not reload the video.
	const startOptions = useEffectEvent(() => start)
	const savedPoint = useEffectEvent(() => {
		const history = getHistorySnapshot().history[String(media.tmdbId)]
		const saved = media.type === 'tv' ? history?.episodes?.[episodeKey(media.season ?? 1, media.episode ?? 1)]?.progress : history?.progress
		return resumeTime(media.type, saved)
	})

	useEffect(() => {
		const video = videoRef.current
		if (!video || !stream) return
		setFatal(null)
		setRetrying(false)
		setPhase('loading')
		const options = startOptions()
		let networkRetries = 0
		const resumeAt = resumeApplied.current ? video.currentTime : null
		const onReady = () => {
			if (!resumeApplied.current) {
				resumeApplied.current = true
				const at = savedPoint()
				if (at > 0) video.currentTime = at
			} else if (resumeAt) {
				video.currentTime = resumeAt
			}
			setPhase((current) => (current === 'loading' ? 'ready' : current))
			if (options.autoplay) {
				video.play().catch(() => {
					// Sound refused by the browser: play muted instead (§4 autoplay).
					video.muted = true
					void video.play().catch(() => {})
				})
			}
		}
		video.addEventListener('loadedmetadata', onReady, { once: true })
		if (stream.type === 'file') {
			if (!fileQuality) {
				setFatal({ network: false, message: TEXT.noQuality })
				return
			}
			const onError = () => {
				const network = video.error?.code === MediaError.MEDIA_ERR_NETWORK
				setFatal({ network, message: network ? TEXT.networkFailed : TEXT.unexpected })
			}
			video.addEventListener('error', onError)
			video.src = stream.qualities[fileQuality]!.url
			video.load()
			return () => {
				video.removeEventListener('loadedmetadata', onReady)
				video.removeEventListener('error', onError)
			}
		}
		if (!Hls.isSupported()) {
			if (video.canPlayType('application/vnd.apple.mpegurl')) {
				video.src = stream.playlist
				return () => video.removeEventListener('loadedmetadata', onReady)
			}
			setFatal({ network: false, message: TEXT.hlsUnsupported })
			return
		}
		let hls: Hls
		try {
			hls = new Hls({ ...hlsBufferConfig(connectionType()), capLevelToPlayerSize: options.quality === 'auto' })
		} catch {
			setFatal({ network: false, message: TEXT.initFailed })
			return
		}
		hlsRef.current = hls
		hls.on(Hls.Events.MANIFEST_PARSED, () => {
			setHlsLevels([...hls.levels])
			// The quality setting, else (auto) the quality last chosen on this device, else Auto.
			const device = stored('deviceBestResolution')
			const wanted =
				options.quality !== 'auto'
					? hls.levels.findIndex((level) => heightLabel(level.height) === options.quality)
					: device
						? hls.levels.findIndex((level) => labelResolution(heightLabel(level.height)) === device)
						: -1
			if (wanted >= 0) hls.currentLevel = wanted
			setHlsLevel(wanted)
		})
		hls.on(Hls.Events.AUDIO_TRACKS_UPDATED, () => {
			setAudioTracks([...hls.audioTracks])
			const preferred = startAudioIndex(hls.audioTracks, stored('player-audio'), options.preferredAudio)
			if (preferred >= 0) hls.audioTrack = preferred
			setAudioTrack(preferred >= 0 ? preferred : hls.audioTrack)
		})
		// hls.js switches audio asynchronously; the menu follows the track it actually plays.
		hls.on(Hls.Events.AUDIO_TRACK_SWITCHED, (_event, data) => setAudioTrack(data.id))
		hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => setPlayingLevel(data.level))
		hls.on(Hls.Events.FRAG_LOADED, () => {
			networkRetries = 0
			setRetrying(false)
		})
		hls.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
			if (!data.fatal) return
			if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
				if (networkRetries < NETWORK_RETRIES) {
					networkRetries += 1
					setRetrying(true)
					setTimeout(() => hls.startLoad(), 1000 * networkRetries)
					return
				}
				setRetrying(false)
				setFatal({ network: true, message: TEXT.networkFailed })
			} else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
				hls.recoverMediaError()
			} else {
				setFatal({ network: false, message: `${TEXT.unexpected}: ${TEXT.fatalHls}` })
				hls.destroy()
			}
		})
		hls.loadSource(stream.playlist)
		hls.attachMedia(video)
		return () => {
			video.removeEventListener('loadedmetadata', onReady)
			hls.destroy()
			hlsRef.current = null
			setHlsLevels([])
			setPlayingLevel(-1)
			setAudioTracks([])
		}
	}, [videoRef, stream, fileQuality, reloadKey])

	// Media state, and the volume remembered on the device (§9: default 0.1).
	useEffect(() => {
		const video = videoRef.current
		if (!video) return
		video.volume = stored('player-volume') ?? DEFAULT_VOLUME
		const onPlay = () => setPhase('playing')
		const onPause = () => setPhase('paused')
		const onWaiting = () => setPhase('buffering')
		const onTime = () => setTime(video.currentTime)
		const onDuration = () => setDuration(Number.isFinite(video.duration) ? video.duration : 0)
		const onVolume = () => {
			try {
				writeDevice('player-volume', clampVolume(video.volume))
			} catch {
				// Storage refused: the volume still applies to this session.
			}
		}
		const listeners: Array<[string, () => void]> = [
			['playing', onPlay],
			['play', onPlay],
			['pause', onPause],
			['waiting', onWaiting],
			['timeupdate', onTime],
			['durationchange', onDuration],
			['volumechange', onVolume],
		]
		for (const [event, listener] of listeners) video.addEventListener(event, listener)
		return () => {
			for (const [event, listener] of listeners) video.removeEventListener(event, listener)
		}
	}, [videoRef])

	/** Switches HLS to a level (-1 = Auto), remembered on the device; false when the level does not exist. */
	const chooseLevel = useCallback((index: number) => {
		const hls = hlsRef.current
		if (!hls || (index >= 0 && !hls.levels[index])) return false
		hls.currentLevel = index
		setHlsLevel(index)
		remember('deviceBestResolution', index >= 0 ? labelResolution(heightLabel(hls.levels[index]!.height)) : null)
		return true
	}, [])

	/** Switches the audio track; its language is remembered on the device. */
	const chooseAudio = useCallback((index: number) => {
		const hls = hlsRef.current
		if (hls) hls.audioTrack = index
		setAudioTrack(index)
		const track = hls?.audioTracks[index]
		const name = track?.lang || track?.name
		if (name) remember('player-audio', name)
	}, [])

	const reload = useCallback(() => setReloadKey((key) => key + 1), [])

	return {
		phase,
		time,
		duration,
		fatal,
		retrying,
		hlsLevels,
		hlsLevel,
		playingLevel,
		audioTracks,
		audioTrack,
		chooseLevel,
		chooseAudio,
		reload,
	}
}
