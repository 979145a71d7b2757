import type Hls from 'hls.js'
import type { Level, MediaPlaylist } from 'hls.js'
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { clampVolume, heightLabel, labelResolution, TEXT } from '#app/lib/player/player-rules.ts'
import type { QualityKey, Stream } from '#app/lib/sources/contract.ts'
import { ApiError } from '#app/utils/api-client.ts'
import { isAutoplayRefusal, muteForAutoplay } from './autoplay-mute.ts'
import type { PlayerMedia } from './player-props.ts'
import { rememberChoice } from './device-choices.ts'
import { savedStartPoint, startVolume } from './start-choices.ts'
import { waitForTurn } from './wait-for-turn.ts'

// The stream engine (product.md §4 player states, §9 hls.js limits): plays a
// file stream at the chosen quality through the native <video>, an HLS stream
// through hls.js (or Safari's own HLS; hls-playback.ts, loaded only then), resumes at the saved point once, keeps
// the playing point across quality and source changes, retries network
// failures and reports the player's phase, time and fatal errors. A
// transcoded stream waits for its turn at the server first (wait-for-turn.ts),
// reporting its place in line, and again when it resumes after a long pause
// (turn-on-resume.ts).

export type Phase = 'loading' | 'ready' | 'playing' | 'paused' | 'buffering'
export type Fatal = { network: boolean; message: string }

/** What the engine reads when a stream starts (a later change applies to the next start). */
export interface EngineStartOptions {
	autoplay: boolean
	/** The quality setting ('auto', '1080p', …): HLS starts at that level when it has it. */
	quality: string
	preferredAudio: string
}

/** The error a refused turn shows: the server's words, else a network failure. */
function refusalFatal(error: unknown): Fatal {
	const refused = error instanceof ApiError
	return { network: !refused, message: refused && error.serverMessage ? error.serverMessage : TEXT.networkFailed }
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
	/** The viewer's place in line while every transcode slot is taken (decision 0046); null otherwise. */
	const [queuePosition, setQueuePosition] = useState<number | null>(null)
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
	const savedPoint = useEffectEvent(() => savedStartPoint(media))

	// A layout effect: the video's first request goes out before the player's first paint, not after it.
	useLayoutEffect(() => {
		const video = videoRef.current
		if (!video || !stream) return
		setFatal(null)
		setRetrying(false)
		setPhase('loading')
		const options = startOptions()
		const resumeAt = resumeApplied.current ? video.currentTime : null
		/** The saved point the first time, else where the last stream was (set before metadata, the browser starts there). */
		const seekToStart = () => {
			if (!resumeApplied.current) {
				resumeApplied.current = true
				const at = savedPoint()
				if (at > 0) video.currentTime = at
			} else if (resumeAt) {
				video.currentTime = resumeAt
			}
		}
		const play = () => {
			if (!options.autoplay) return
			video.play().catch((error: unknown) => {
				// Sound refused by the browser: play muted instead (§4 autoplay). An interrupted play() is not a refusal.
				if (!isAutoplayRefusal(error)) return
				muteForAutoplay(video)
				void video.play().catch(() => {})
			})
		}
		const ready = () => setPhase((current) => (current === 'loading' ? 'ready' : current))
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
			video.addEventListener('loadedmetadata', ready, { once: true })
			const url = stream.qualities[fileQuality]!.url
			if (!resumeApplied.current && video.getAttribute('src') === url) {
				// Started at the Watch click with this quality, the saved point and play() (early-video.ts): it carries on.
				resumeApplied.current = true
				if (video.readyState >= HTMLMediaElement.HAVE_METADATA) ready()
				if (video.error) onError()
			} else {
				video.src = url
				video.load()
				// A file starts at once: its start point is set before the metadata arrive (the browser
				// seeks there when they do) and play() is asked for now, not one round trip later.
				seekToStart()
				play()
			}
			return () => {
				video.removeEventListener('loadedmetadata', ready)
				video.removeEventListener('error', onError)
			}
		}
		const onReady = () => {
			seekToStart()
			ready()
			play()
		}
		video.addEventListener('loadedmetadata', onReady, { once: true })
		const playlist = stream.playlist
		const queueUrl = stream.queue
		const startHls = (startAt?: number): (() => void) => {
			let stopped = false
			let stop: (() => void) | undefined
			import('./hls-playback.ts').then(
				({ startHlsPlayback }) => {
					if (stopped) return
					stop = startHlsPlayback(
						video,
						{ playlist, queueUrl, startAt, options },
						{
							onHls: (hls) => (hlsRef.current = hls),
							onFatal: setFatal,
							onRetrying: setRetrying,
							onQueuePosition: setQueuePosition,
							onLevels: setHlsLevels,
							onLevel: setHlsLevel,
							onPlayingLevel: setPlayingLevel,
							onAudioTracks: setAudioTracks,
							onAudioTrack: setAudioTrack,
							onRefused: (error) => setFatal(refusalFatal(error)),
						},
					)
				},
				() => {
					// The chunk did not load (the connection dropped, or a new version replaced it).
					if (!stopped) setFatal({ network: true, message: TEXT.networkFailed })
				},
			)
			return () => {
				stopped = true
				video.removeEventListener('loadedmetadata', onReady)
				stop?.()
				hlsRef.current = null
				setHlsLevels([])
				setPlayingLevel(-1)
				setAudioTracks([])
			}
		}
		if (!stream.queue) return startHls()
		// Every transcode slot may be taken: wait in line, then load from where the viewer resumes.
		const waiting = new AbortController()
		const from = resumeAt ?? savedPoint()
		let stopHls: (() => void) | undefined
		waitForTurn(stream.queue, { from, signal: waiting.signal, onWaiting: setQueuePosition }).then(
			() => {
				if (waiting.signal.aborted) return
				setQueuePosition(null)
				stopHls = startHls(from)
			},
			(error: unknown) => {
				if (waiting.signal.aborted) return
				setQueuePosition(null)
				setFatal(refusalFatal(error))
			},
		)
		return () => {
			waiting.abort()
			setQueuePosition(null)
			video.removeEventListener('loadedmetadata', onReady)
			stopHls?.()
		}
	}, [videoRef, stream, fileQuality, reloadKey])

	// Media state, and the volume remembered on the device (§9: default 0.1).
	useEffect(() => {
		const video = videoRef.current
		if (!video) return
		video.volume = startVolume()
		const onPlay = () => setPhase('playing')
		const onPause = () => setPhase('paused')
		const onWaiting = () => setPhase('buffering')
		const onTime = () => setTime(video.currentTime)
		const onDuration = () => setDuration(Number.isFinite(video.duration) ? video.duration : 0)
		const onVolume = () => rememberChoice('player-volume', clampVolume(video.volume))
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
		// A video that started at the Watch click may be playing already, its first events gone by.
		if (!video.paused) setPhase(video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA ? 'playing' : 'buffering')
		if (video.currentTime > 0) onTime()
		if (Number.isFinite(video.duration)) onDuration()
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
		rememberChoice('deviceBestResolution', index >= 0 ? labelResolution(heightLabel(hls.levels[index]!.height)) : null)
		return true
	}, [])

	/** Switches the audio track; its language is remembered on the device. */
	const chooseAudio = useCallback((index: number) => {
		const hls = hlsRef.current
		if (hls) hls.audioTrack = index
		setAudioTrack(index)
		const track = hls?.audioTracks[index]
		const name = track?.lang || track?.name
		if (name) rememberChoice('player-audio', name)
	}, [])

	const reload = useCallback(() => setReloadKey((key) => key + 1), [])

	return {
		phase,
		time,
		duration,
		fatal,
		retrying,
		queuePosition,
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
