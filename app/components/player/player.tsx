import Hls, { type ErrorData, type Level, type MediaPlaylist } from 'hls.js'
import 'media-chrome/dist/media-controller.js'
import 'media-chrome/dist/media-control-bar.js'
import 'media-chrome/dist/media-play-button.js'
import 'media-chrome/dist/media-seek-backward-button.js'
import 'media-chrome/dist/media-seek-forward-button.js'
import 'media-chrome/dist/media-mute-button.js'
import 'media-chrome/dist/media-volume-range.js'
import 'media-chrome/dist/media-time-range.js'
import 'media-chrome/dist/media-time-display.js'
import 'media-chrome/dist/media-fullscreen-button.js'
import 'media-chrome/dist/media-loading-indicator.js'
import { parseByteStream, type VTTCue } from 'media-captions'
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useNavigate } from 'react-router'
import { episodeAfter, episodeKey } from '#app/lib/library/history.ts'
import {
	activeCues,
	clampVolume,
	cueText,
	DEFAULT_VOLUME,
	fileQualities,
	formatDelay,
	heightLabel,
	hlsBufferConfig,
	mediaSessionArtwork,
	preferBingeGroup,
	multipleStreamsText,
	NETWORK_RETRIES,
	playerTitle,
	preferredAudioIndex,
	preferredCaption,
	PROGRESS_SAVE_MS,
	qualityLabel,
	qualitySwitchFailedText,
	recommendResolution,
	resumeTime,
	shouldAutoAdvance,
	shouldSaveProgress,
	showNextEpisode,
	showSkipIntro,
	skipIntroTarget,
	skipTime,
	SKIP_SECONDS,
	sortQualityLabels,
	startQuality,
	stepSubtitleDelay,
	stepSubtitleSize,
	TEXT,
} from '#app/lib/player/player-rules.ts'
import { languageName } from '#app/lib/catalog/languages.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { episodeHref } from '#app/lib/catalog/slug.ts'
import type { Caption, QualityKey, Stream } from '#app/lib/sources/contract.ts'
import { SUBTITLE_BACKGROUNDS, SUBTITLE_COLOURS } from '#app/lib/sync/settings.ts'
import { useSettings } from '#app/stores/settings.ts'
import { apiStream } from '#app/utils/api-client.ts'
import { readDevice, writeDevice } from '#app/stores/device-storage.ts'
import { getHistorySnapshot, saveEpisodeProgress, saveMovieProgress } from '#app/stores/library.ts'
import { lookupStreams, rememberLookupAhead } from '#app/stores/stream-lookups.ts'
import { captionsForStream, menuSources, sourceFailedNotice, streamMenuLabels, withArrivals } from '#app/lib/player/watch-flow.ts'
import { usePlaybackSync } from '#app/stores/sync-hooks.ts'
import { makeBrowserThumbnails, type BrowserThumbnails } from '../../utils/video-thumbnails.ts'
import type { PlayerProps } from './player-props.ts'

// The full-viewport player (product.md §2 Player, §4, §5, §8, §9). media-chrome web
// components give the controls (play, seek ±10 s, volume, time bar,
// fullscreen, loading indicator); hls.js plays HLS with §9's buffer limits,
// native <video> plays files. Subtitles are parsed with media-captions and
// drawn here so the viewer's size, colour, background and delay apply. This
// module is only loaded in the browser (React.lazy), so defining the custom
// elements at import time is safe.

type CustomElementProps = { children?: ReactNode; class?: string; slot?: string; [attribute: string]: unknown }
declare module 'react' {
	// eslint-disable-next-line @typescript-eslint/no-namespace
	namespace JSX {
		interface IntrinsicElements {
			'media-controller': CustomElementProps
			'media-control-bar': CustomElementProps
			'media-play-button': CustomElementProps
			'media-seek-backward-button': CustomElementProps
			'media-seek-forward-button': CustomElementProps
			'media-mute-button': CustomElementProps
			'media-volume-range': CustomElementProps
			'media-time-range': CustomElementProps
			'media-time-display': CustomElementProps
			'media-fullscreen-button': CustomElementProps
			'media-loading-indicator': CustomElementProps
		}
	}
}

type Phase = 'loading' | 'ready' | 'playing' | 'paused' | 'buffering'
type Fatal = { network: boolean; message: string }
type CaptionChoice = { id: string; label: string; language: string; load: () => Promise<VTTCue[]> }
type Panel = null | 'subtitles' | 'settings' | 'quality' | 'source'

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
const NOTICE_MS = 5000

async function parseCaption(body: ReadableStream<Uint8Array>, type: 'srt' | 'vtt'): Promise<VTTCue[]> {
	const result = await parseByteStream(body, { type })
	return result.cues
}

function connectionType(): string | undefined {
	const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection
	return connection?.effectiveType
}

function deviceResolution() {
	const stored = readDeviceSafe('deviceBestResolution')
	if (stored) return stored
	const ratio = window.devicePixelRatio || 1
	return recommendResolution(window.screen.width * ratio, window.screen.height * ratio)
}

function readDeviceSafe<K extends 'deviceBestResolution' | 'player-volume'>(key: K) {
	try {
		return readDevice(key)
	} catch {
		return undefined
	}
}

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
	const { settings, update } = useSettings()
	const navigate = useNavigate()
	const videoRef = useRef<HTMLVideoElement>(null)
	const controllerRef = useRef<HTMLElement>(null)
	const rootRef = useRef<HTMLDivElement>(null)
	const hlsRef = useRef<Hls | null>(null)
	const [streams, setStreams] = useState<Stream[]>(initialStreams)
	const [streamIndex, setStreamIndex] = useState(0)
	const stream = streams[streamIndex]
	const [reloadKey, setReloadKey] = useState(0)
	const [phase, setPhase] = useState<Phase>('loading')
	const [fatal, setFatal] = useState<Fatal | null>(null)
	const [retrying, setRetrying] = useState(false)
	const [notice, setNotice] = useState<string | null>(null)
	const [time, setTime] = useState(0)
	const [duration, setDuration] = useState(0)
	const [panel, setPanel] = useState<Panel>(null)
	const [fileQuality, setFileQuality] = useState<QualityKey | null>(null)
	const [hlsLevels, setHlsLevels] = useState<Level[]>([])
	const [hlsLevel, setHlsLevel] = useState(-1)
	/** The HLS level on screen now (differs from hlsLevel while switching, or under Auto). */
	const [playingLevel, setPlayingLevel] = useState(-1)
	const [audioTracks, setAudioTracks] = useState<MediaPlaylist[]>([])
	const [audioTrack, setAudioTrack] = useState(-1)
	const [localCaption, setLocalCaption] = useState<CaptionChoice | null>(null)
	const [captionId, setCaptionId] = useState<string | null>(null)
	const [lastCaptionId, setLastCaptionId] = useState<string | null>(null)
	const [cues, setCues] = useState<VTTCue[]>([])
	const [sourceChoice, setSourceChoice] = useState<{ name: string; streams: Stream[] } | null>(null)
	// Streams found after the player opened join its list; a better-ranked one within preferUntil takes over (issue 25 item 3).
	useEffect(() => {
		const next = withArrivals(streams, streamIndex, initialStreams, Date.now() < preferUntil)
		if (next.streams !== streams) setStreams([...next.streams])
		if (next.index !== streamIndex) setStreamIndex(next.index)
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [initialStreams])
	const resumeApplied = useRef(false)
	const advancing = useRef(false)
	const fileInput = useRef<HTMLInputElement>(null)
	const title = playerTitle(media)
	const appearance = settings.appearance

	const showNotice = useCallback((text: string) => setNotice(text), [])
	useEffect(() => {
		if (!notice) return
		const timer = setTimeout(() => setNotice(null), NOTICE_MS)
		return () => clearTimeout(timer)
	}, [notice])

	// ---- Source loading (file or HLS) ----
	const qualities = useMemo(() => (stream?.type === 'file' ? fileQualities(stream) : []), [stream])
	const initialQuality = useMemo(
		() => (stream?.type === 'file' ? startQuality(qualities, settings.player.quality, deviceResolution()) : null),
		[stream, qualities, settings.player.quality],
	)
	const activeQuality = fileQuality && qualities.includes(fileQuality) ? fileQuality : initialQuality

	const startPlayback = useCallback(
		(video: HTMLVideoElement) => {
			if (!settings.player.autoplay) return
			video.play().catch(() => {
				// Sound refused by the browser: play muted instead (§4 autoplay).
				video.muted = true
				void video.play().catch(() => {})
			})
		},
		[settings.player.autoplay],
	)

	useEffect(() => {
		const video = videoRef.current
		if (!video || !stream) return
		setFatal(null)
		setRetrying(false)
		setPhase('loading')
		let networkRetries = 0
		const resumeAt = resumeApplied.current ? video.currentTime : null
		const onReady = () => {
			if (!resumeApplied.current) {
				resumeApplied.current = true
				const history = getHistorySnapshot().history[String(media.tmdbId)]
				const saved =
					media.type === 'tv' ? history?.episodes?.[episodeKey(media.season ?? 1, media.episode ?? 1)]?.progress : history?.progress
				const at = resumeTime(media.type, saved)
				if (at > 0) video.currentTime = at
			} else if (resumeAt) {
				video.currentTime = resumeAt
			}
			setPhase((current) => (current === 'loading' ? 'ready' : current))
			startPlayback(video)
		}
		video.addEventListener('loadedmetadata', onReady, { once: true })
		if (stream.type === 'file') {
			if (!activeQuality) {
				setFatal({ network: false, message: TEXT.noQuality })
				return
			}
			const onError = () => {
				const network = video.error?.code === MediaError.MEDIA_ERR_NETWORK
				setFatal({ network, message: network ? TEXT.networkFailed : TEXT.unexpected })
			}
			video.addEventListener('error', onError)
			video.src = stream.qualities[activeQuality]!.url
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
			hls = new Hls({ ...hlsBufferConfig(connectionType()), capLevelToPlayerSize: settings.player.quality === 'auto' })
		} catch {
			setFatal({ network: false, message: TEXT.initFailed })
			return
		}
		hlsRef.current = hls
		hls.on(Hls.Events.MANIFEST_PARSED, () => {
			setHlsLevels([...hls.levels])
			const wanted =
				settings.player.quality === 'auto' ? -1 : hls.levels.findIndex((level) => heightLabel(level.height) === settings.player.quality)
			if (wanted >= 0) hls.currentLevel = wanted
			setHlsLevel(wanted)
		})
		hls.on(Hls.Events.AUDIO_TRACKS_UPDATED, () => {
			setAudioTracks([...hls.audioTracks])
			const preferred = preferredAudioIndex(hls.audioTracks, settings.content.preferredAudio)
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
		// Quality of a file is applied by changing activeQuality; settings read at start only.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [stream, activeQuality, reloadKey])

	// ---- Media state ----
	useEffect(() => {
		const video = videoRef.current
		if (!video) return
		const stored = readDeviceSafe('player-volume')
		video.volume = stored ?? DEFAULT_VOLUME
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
		video.addEventListener('playing', onPlay)
		video.addEventListener('play', onPlay)
		video.addEventListener('pause', onPause)
		video.addEventListener('waiting', onWaiting)
		video.addEventListener('timeupdate', onTime)
		video.addEventListener('durationchange', onDuration)
		video.addEventListener('volumechange', onVolume)
		return () => {
			video.removeEventListener('playing', onPlay)
			video.removeEventListener('play', onPlay)
			video.removeEventListener('pause', onPause)
			video.removeEventListener('waiting', onWaiting)
			video.removeEventListener('timeupdate', onTime)
			video.removeEventListener('durationchange', onDuration)
			video.removeEventListener('volumechange', onVolume)
		}
	}, [])

	const playing = phase === 'playing'
	usePlaybackSync(playing)

	// ---- Seek-bar thumbnails made here when the stream has none (§9), once it plays ----
	const [browserThumbnails, setBrowserThumbnails] = useState<{ streamId: string; vttUrl: string } | null>(null)
	const thumbnailSource =
		stream?.type === 'file' && !stream.thumbnails && settings.player.preview && qualities.length > 0
			? stream.qualities[qualities[qualities.length - 1]!]!.url
			: null
	const startedPlaying = playing || phase === 'paused'
	useEffect(() => {
		if (!thumbnailSource || !startedPlaying || !stream) return
		const controller = new AbortController()
		let made: BrowserThumbnails | undefined
		void makeBrowserThumbnails(thumbnailSource, controller.signal).then((result) => {
			made = result
			if (result && !controller.signal.aborted) setBrowserThumbnails({ streamId: stream.id, vttUrl: result.vttUrl })
			else result?.revoke()
		})
		return () => {
			controller.abort()
			made?.revoke()
			setBrowserThumbnails(null)
		}
		// Made once per stream (startedPlaying only gates the start).
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [thumbnailSource, startedPlaying && Boolean(thumbnailSource)])
	const thumbnailsTrack =
		stream?.thumbnails ?? (browserThumbnails && browserThumbnails.streamId === stream?.id ? browserThumbnails.vttUrl : undefined)

	// ---- Progress (every 2 s while playing, §9) ----
	const saveProgress = useCallback(() => {
		const video = videoRef.current
		if (!video || !shouldSaveProgress(video.currentTime, video.duration)) return
		const watched = { mediaId: media.tmdbId, title: media.title, year: media.year ?? undefined, posterPath: media.posterPath }
		const progress = { watched: video.currentTime, duration: video.duration }
		if (media.type === 'tv' && media.season !== undefined && media.episode !== undefined) {
			saveEpisodeProgress(
				watched,
				{
					id: media.episodeId ?? 0,
					season: media.season,
					number: media.episode,
					title: media.episodeTitle ?? '',
					seasonId: media.seasonTmdbId ?? 0,
				},
				progress,
			)
		} else {
			saveMovieProgress(watched, progress)
		}
	}, [media])
	useEffect(() => {
		if (!playing) return
		const timer = setInterval(saveProgress, PROGRESS_SAVE_MS)
		return () => clearInterval(timer)
	}, [playing, saveProgress])
	useEffect(() => () => saveProgress(), [saveProgress])

	// ---- Next episode ----
	const next =
		media.type === 'tv' && media.season !== undefined && media.episode !== undefined
			? episodeAfter(media.season, media.episode, media.seasons)
			: null
	// Once "Next Episode" shows, the next episode is looked up ahead; its page uses what was
	// found (the current stream's binge group first) instead of looking again.
	const nextShownNow = next !== null && showNextEpisode(time, duration)
	const lookedAhead = useRef<string | null>(null)
	useEffect(() => {
		if (!nextShownNow || !next || media.type !== 'tv') return
		const key = `${next.season}:${next.episode}`
		if (lookedAhead.current === key) return
		lookedAhead.current = key
		const target = { type: 'tv' as const, tmdbId: media.tmdbId, season: next.season, episode: next.episode }
		void lookupStreams({ ...target })
			.then((outcome) => rememberLookupAhead(target, { ...outcome, streams: preferBingeGroup(outcome.streams, stream) }))
			.catch(() => {
				// The next page looks again by itself.
			})
	}, [nextShownNow, next, media.type, media.tmdbId, stream])

	const goNext = useCallback(() => {
		if (!next || advancing.current) return
		advancing.current = true
		saveProgress()
		void navigate(`${episodeHref(media.tmdbId, media.title, next.season, next.episode)}?play=true`, { replace: true })
	}, [next, navigate, media.tmdbId, media.title, saveProgress])
	useEffect(() => {
		if (playing && next && settings.player.autoNext && shouldAutoAdvance(time, duration)) goNext()
	}, [playing, next, settings.player.autoNext, time, duration, goNext])

	// ---- Controls ----
	const togglePlay = useCallback(() => {
		const video = videoRef.current
		if (!video) return
		if (video.paused) void video.play().catch(() => {})
		else video.pause()
	}, [])
	const skip = useCallback((delta: number) => {
		const video = videoRef.current
		if (video) video.currentTime = skipTime(video.currentTime, delta, video.duration)
	}, [])
	const toggleFullscreen = useCallback(() => {
		if (document.fullscreenElement) void document.exitFullscreen().catch(() => {})
		else void rootRef.current?.requestFullscreen().catch(() => {})
	}, [])
	const togglePip = useCallback(async () => {
		const video = videoRef.current
		try {
			if (document.pictureInPictureElement) await document.exitPictureInPicture()
			else if (video && document.pictureInPictureEnabled) await video.requestPictureInPicture()
			else throw new Error('picture-in-picture unavailable')
		} catch {
			showNotice(TEXT.pip)
		}
	}, [showNotice])

	// ---- Captions ----
	const streamCaptions: Caption[] = useMemo(() => captionsForStream(stream, extraCaptions), [stream, extraCaptions])
	const captionChoices = useMemo<CaptionChoice[]>(() => {
		const list: CaptionChoice[] = streamCaptions.map((caption) => ({
			id: caption.id,
			label: caption.label,
			language: caption.language,
			load: async () => parseCaption(await apiStream(caption.url), caption.type),
		}))
		return localCaption ? [...list, localCaption] : list
	}, [streamCaptions, localCaption])
	const captionKey = captionChoices.map((choice) => choice.id).join('|')
	useEffect(() => {
		// The preferred subtitle language is picked when the list changes (§3 preferredSubtitles).
		const preferred = preferredCaption(captionChoices, settings.content.preferredSubtitles)
		setCaptionId((current) => (current && captionChoices.some((choice) => choice.id === current) ? current : (preferred?.id ?? null)))
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [captionKey])
	useEffect(() => {
		const choice = captionChoices.find((item) => item.id === captionId)
		setCues([])
		if (!choice) return
		let cancelled = false
		choice
			.load()
			.then((loaded) => {
				if (!cancelled) setCues(loaded)
			})
			.catch(() => {})
		return () => {
			cancelled = true
		}
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [captionId, captionKey])
	const selectCaption = (id: string | null) => {
		setCaptionId(id)
		if (id) setLastCaptionId(id)
	}
	const toggleCaptions = useCallback(() => {
		setCaptionId((current) => (current ? null : (lastCaptionId ?? captionChoices[0]?.id ?? null)))
	}, [lastCaptionId, captionChoices])
	const onLocalFile = (file: File | undefined) => {
		if (!file) return
		const type = file.name.toLowerCase().endsWith('.srt') ? 'srt' : 'vtt'
		const choice: CaptionChoice = {
			id: `local:${file.name}`,
			label: file.name,
			language: '',
			load: () => parseCaption(file.stream(), type),
		}
		setLocalCaption(choice)
		setCaptionId(choice.id)
		setLastCaptionId(choice.id)
	}
	const shownCues = captionId ? activeCues(cues, time, appearance.subtitleDelay) : []

	// ---- Quality ----
	const qualityOptions: Array<{ value: string; label: string }> =
		stream?.type === 'file'
			? qualities.map((key) => ({ value: key, label: qualityLabel(key) }))
			: [
					...sortQualityLabels(hlsLevels.map((level) => heightLabel(level.height))).map((label) => ({
						value: String(hlsLevels.findIndex((level) => heightLabel(level.height) === label)),
						label,
					})),
					...(hlsLevels.length > 0
						? [{ value: '-1', label: hlsLevels[playingLevel] ? `Auto (${heightLabel(hlsLevels[playingLevel].height)})` : 'Auto' }]
						: []),
				]
	const currentQuality = stream?.type === 'file' ? (activeQuality ?? '') : String(hlsLevel)
	const chooseQuality = (value: string, label: string) => {
		setPanel(null)
		try {
			if (stream?.type === 'file') {
				const key = value as QualityKey
				if (!stream.qualities[key]) {
					showNotice(TEXT.qualityMissing)
					return
				}
				setFileQuality(key)
			} else {
				const hls = hlsRef.current
				const index = Number(value)
				if (!hls || (index >= 0 && !hls.levels[index])) {
					showNotice(TEXT.qualityMissing)
					return
				}
				hls.currentLevel = index
				setHlsLevel(index)
			}
		} catch {
			showNotice(qualitySwitchFailedText(label))
		}
	}

	// ---- Source change ----
	const changeSource = async (sourceId: string, name: string) => {
		setPanel(null)
		showNotice(TEXT.loading)
		try {
			const outcome = await lookupStreams({
				type: media.type,
				tmdbId: media.tmdbId,
				season: media.season,
				episode: media.episode,
				source: sourceId,
			})
			const found = outcome.streams
			if (found.length === 0) showNotice(sourceFailedNotice(name, outcome.sources))
			else if (found.length === 1) {
				setNotice(null)
				setStreams(found)
				setStreamIndex(0)
				setFileQuality(null)
			} else {
				setNotice(null)
				setSourceChoice({ name, streams: found })
			}
		} catch {
			showNotice(TEXT.changeSourceFailed)
		}
	}

	// ---- Keyboard (§2 keys) ----
	useEffect(() => {
		const onKey = (event: KeyboardEvent) => {
			const target = event.target as HTMLElement | null
			if (target?.closest('input, textarea, select')) return
			if (event.ctrlKey || event.metaKey || event.altKey) return
			const onButton = target?.closest('button, [role="button"], [role="menuitem"], [role="slider"], a')
			const video = videoRef.current
			switch (event.key) {
				case 'Escape':
					if (panel) setPanel(null)
					else onClose()
					break
				case ' ':
				case 'k':
					if (event.key === ' ' && onButton) return
					togglePlay()
					break
				case 'j':
				case 'ArrowLeft':
					if (event.key === 'ArrowLeft' && target?.closest('[role="slider"]')) return
					skip(-SKIP_SECONDS)
					break
				case 'l':
				case 'ArrowRight':
					if (event.key === 'ArrowRight' && target?.closest('[role="slider"]')) return
					skip(SKIP_SECONDS)
					break
				case 'ArrowUp':
				case 'ArrowDown':
					if (!video || target?.closest('[role="slider"]')) return
					video.muted = false
					video.volume = clampVolume(video.volume + (event.key === 'ArrowUp' ? 0.1 : -0.1))
					break
				case 'f':
					toggleFullscreen()
					break
				case 'm':
					if (video) video.muted = !video.muted
					break
				case 'c':
					toggleCaptions()
					break
				case 'p':
					void togglePip()
					break
				case 'n':
					goNext()
					break
				default:
					return
			}
			event.preventDefault()
		}
		window.addEventListener('keydown', onKey)
		return () => window.removeEventListener('keydown', onKey)
	}, [panel, onClose, togglePlay, skip, toggleFullscreen, toggleCaptions, togglePip, goNext])

	// ---- Media Session ----
	// The metadata is set once per title: the artwork URL comes from the one
	// image helper (demo artwork is Willow's own route, not TMDB's host), and
	// re-creating it on every render made the browser fetch it again each time.
	const artist = media.type === 'tv' ? media.title : undefined
	const posterPath = media.posterPath
	useEffect(() => {
		if (!('mediaSession' in navigator)) return
		navigator.mediaSession.metadata = new MediaMetadata({ title, artist, artwork: mediaSessionArtwork(posterPath) })
		return () => {
			navigator.mediaSession.metadata = null
		}
	}, [title, artist, posterPath])

	useEffect(() => {
		if (!('mediaSession' in navigator)) return
		const handlers: Array<[MediaSessionAction, MediaSessionActionHandler | null]> = [
			['play', () => void videoRef.current?.play().catch(() => {})],
			['pause', () => videoRef.current?.pause()],
			['seekbackward', () => skip(-SKIP_SECONDS)],
			['seekforward', () => skip(SKIP_SECONDS)],
			[
				'seekto',
				(details) => {
					if (videoRef.current && details.seekTime !== undefined) videoRef.current.currentTime = details.seekTime
				},
			],
			['nexttrack', next ? goNext : null],
		]
		for (const [action, handler] of handlers) {
			try {
				navigator.mediaSession.setActionHandler(action, handler)
			} catch {
				// An action this browser does not know.
			}
		}
		return () => {
			for (const [action] of handlers) {
				try {
					navigator.mediaSession.setActionHandler(action, null)
				} catch {
					// As above.
				}
			}
		}
	}, [next, skip, goNext])

	// Focus the dialog so keys work at once, and make it modal for real: the
	// player is portalled to <body>, everything else there is inert while it is
	// open (keyboard and screen readers stay inside), restored on close.
	useEffect(() => {
		const root = rootRef.current
		if (!root) return
		root.focus()
		const madeInert: Element[] = []
		for (const element of Array.from(document.body.children)) {
			if (element.contains(root) || element.hasAttribute('inert')) continue
			element.setAttribute('inert', '')
			madeInert.push(element)
		}
		return () => {
			for (const element of madeInert) element.removeAttribute('inert')
		}
	}, [])

	// Tab past the last control comes back to the first one, Shift+Tab before the
	// first goes to the last (the edge guards below catch the focus).
	const focusEdge = useCallback((edge: 'first' | 'last') => {
		const root = rootRef.current
		if (!root) return
		const controls = Array.from(root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')).filter(
			(element) =>
				element.tabIndex >= 0 &&
				!element.hasAttribute('data-focus-guard') &&
				!element.closest('[hidden],[inert]') &&
				element.getClientRects().length > 0,
		)
		const target = edge === 'first' ? controls[0] : controls[controls.length - 1]
		;(target ?? root).focus()
	}, [])

	// Phones: a tap shows the controls (media-chrome); a double-tap on a side skips 10 s.
	useEffect(() => {
		const controller = controllerRef.current
		if (!controller) return
		let lastTap = 0
		const onTouchEnd = (event: TouchEvent) => {
			const touch = event.changedTouches[0]
			if (!touch || event.target !== videoRef.current) return
			const now = Date.now()
			if (now - lastTap < 300) {
				const rect = controller.getBoundingClientRect()
				skip(touch.clientX < rect.left + rect.width / 2 ? -SKIP_SECONDS : SKIP_SECONDS)
				lastTap = 0
			} else lastTap = now
		}
		controller.addEventListener('touchend', onTouchEnd)
		return () => controller.removeEventListener('touchend', onTouchEnd)
	}, [skip])

	const intro = stream?.intro
	const skipIntroShown = showSkipIntro(time, duration, intro)
	const nextShown = next !== null && showNextEpisode(time, duration)
	const subtitleStyle: CSSProperties = {
		fontSize: `calc(${appearance.subtitleSize / 100} * clamp(1rem, 2.4vw, 2.25rem))`,
		color: COLOUR_CSS[appearance.subtitleColor],
		backgroundColor: BACKGROUND_CSS[appearance.subtitleBackground],
	}

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
				<div slot="top-chrome" className="flex w-full items-center gap-3 bg-gradient-to-b from-black/80 to-transparent p-3">
					<Button variant="overlay" size="compact" onClick={onClose} data-testid="player-back">
						Back
					</Button>
					<nav aria-label="Breadcrumb">
						<ol className="flex flex-wrap items-center gap-1 text-sm">
							{breadcrumb.map((crumb, index) => (
								<li key={`${crumb.label}-${index}`} className="flex items-center gap-1">
									{index > 0 ? <span aria-hidden="true">/</span> : null}
									{crumb.href ? (
										<a
											href={crumb.href}
											onClick={(event) => (event.preventDefault(), onClose(), void navigate(crumb.href!))}
											className="hover:underline"
										>
											{crumb.label}
										</a>
									) : (
										<span aria-current="page">{crumb.label}</span>
									)}
								</li>
							))}
						</ol>
					</nav>
				</div>
				<media-loading-indicator slot="centered-chrome" noautohide="" />
				<media-control-bar class="w-full flex-wrap bg-black/70">
					<media-play-button />
					<media-seek-backward-button seekoffset={String(SKIP_SECONDS)} />
					<media-seek-forward-button seekoffset={String(SKIP_SECONDS)} />
					<media-mute-button />
					<media-volume-range />
					<media-time-range />
					<media-time-display showduration="" />
					<Button
						variant="overlay"
						size="compact"
						aria-expanded={panel === 'subtitles'}
						onClick={() => setPanel(panel === 'subtitles' ? null : 'subtitles')}
						data-testid="player-subtitles-button"
					>
						Subtitles
					</Button>
					<Button
						variant="overlay"
						size="compact"
						aria-expanded={panel === 'settings'}
						onClick={() => setPanel(panel === 'settings' ? null : 'settings')}
						data-testid="player-settings-button"
					>
						Settings
					</Button>
					<Button
						variant="overlay"
						size="compact"
						aria-expanded={panel === 'quality'}
						onClick={() => setPanel(panel === 'quality' ? null : 'quality')}
						data-testid="player-quality-button"
					>
						Quality
					</Button>
					<Button
						variant="overlay"
						size="compact"
						aria-expanded={panel === 'source'}
						onClick={() => setPanel(panel === 'source' ? null : 'source')}
						data-testid="player-source-button"
					>
						Source
					</Button>
					<Button variant="overlay" size="compact" onClick={onDownload}>
						Download
					</Button>
					<Button variant="overlay" size="compact" onClick={() => void togglePip()} data-testid="player-pip">
						Picture-in-picture
					</Button>
					<media-fullscreen-button />
				</media-control-bar>
			</media-controller>

			<div
				className="pointer-events-none absolute inset-x-0 bottom-28 flex flex-col items-center gap-1 px-4 text-center"
				aria-live="off"
				data-testid="player-captions"
			>
				{shownCues.map((cue, index) => (
					<span
						key={`${cue.startTime}-${index}`}
						className="rounded px-2 py-0.5 leading-snug whitespace-pre-line"
						style={subtitleStyle}
						data-testid="player-cue"
					>
						{cueText(cue.text)}
					</span>
				))}
			</div>

			<div className="absolute right-4 bottom-24 flex gap-2">
				{skipIntroShown ? (
					<Button
						variant="light"
						onClick={() => {
							if (videoRef.current) videoRef.current.currentTime = skipIntroTarget(duration, intro)
						}}
					>
						{TEXT.skipIntro}
					</Button>
				) : null}
				{nextShown ? (
					<Button variant="light" onClick={goNext}>
						{TEXT.nextEpisode}
					</Button>
				) : null}
			</div>

			{notice || retrying ? (
				<p
					role="status"
					className="absolute top-16 left-1/2 -translate-x-1/2 rounded bg-black/80 px-4 py-2 text-sm"
					data-testid="player-notice"
				>
					{retrying ? TEXT.loading : notice}
				</p>
			) : null}

			{fatal ? (
				<div
					role="alert"
					className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/90 p-6 text-center"
					data-testid="player-error"
				>
					<p className="text-lg font-semibold">{TEXT.fatalTitle}</p>
					<p>{fatal.network ? TEXT.fatalNetwork : TEXT.fatalOther}</p>
					<p className="text-sm text-white/70">{fatal.message}</p>
					<Button variant="light" onClick={() => setReloadKey((key) => key + 1)}>
						Reload
					</Button>
				</div>
			) : null}

			{panel ? (
				<section
					aria-label={
						panel === 'subtitles' ? 'Subtitles' : panel === 'settings' ? 'Subtitle settings' : panel === 'quality' ? 'Quality' : 'Source'
					}
					className="absolute right-4 bottom-20 max-h-[60vh] w-72 overflow-y-auto rounded bg-neutral-900/95 p-3 text-sm shadow-lg"
					data-testid={`player-panel-${panel}`}
				>
					{panel === 'subtitles' ? (
						<fieldset className="flex flex-col gap-1">
							<legend className="mb-1 font-semibold">Subtitles</legend>
							<label className="flex items-center gap-2">
								<input type="radio" name="player-caption" checked={captionId === null} onChange={() => selectCaption(null)} />
								Off
							</label>
							{captionChoices.map((choice) => (
								<label key={choice.id} className="flex items-center gap-2">
									<input type="radio" name="player-caption" checked={captionId === choice.id} onChange={() => selectCaption(choice.id)} />
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
								onChange={(event) => onLocalFile(event.target.files?.[0])}
							/>
						</fieldset>
					) : null}
					{panel === 'settings' ? (
						<div className="flex flex-col gap-3">
							<div className="flex items-center justify-between gap-2">
								<span id="player-size-label">Size</span>
								<div className="flex items-center gap-2" role="group" aria-labelledby="player-size-label">
									<Button
										variant="overlay"
										size="compact"
										aria-label="Smaller subtitles"
										onClick={() => update('appearance.subtitleSize', stepSubtitleSize(appearance.subtitleSize, -1))}
									>
										−
									</Button>
									<output data-testid="player-subtitle-size">{appearance.subtitleSize}%</output>
									<Button
										variant="overlay"
										size="compact"
										aria-label="Larger subtitles"
										onClick={() => update('appearance.subtitleSize', stepSubtitleSize(appearance.subtitleSize, 1))}
									>
										+
									</Button>
								</div>
							</div>
							<label className="flex items-center justify-between gap-2">
								Colour
								<Select
									size="xs"
									tone="overlay"
									value={appearance.subtitleColor}
									onChange={(event) => update('appearance.subtitleColor', event.target.value)}
								>
									{SUBTITLE_COLOURS.map((colour) => (
										<option key={colour} value={colour}>
											{colour}
										</option>
									))}
								</Select>
							</label>
							<label className="flex items-center justify-between gap-2">
								Background
								<Select
									size="xs"
									tone="overlay"
									value={appearance.subtitleBackground}
									onChange={(event) => update('appearance.subtitleBackground', event.target.value)}
								>
									{SUBTITLE_BACKGROUNDS.map((background) => (
										<option key={background} value={background}>
											{background}
										</option>
									))}
								</Select>
							</label>
							<div className="flex items-center justify-between gap-2">
								<span id="player-delay-label">Delay</span>
								<div className="flex items-center gap-2" role="group" aria-labelledby="player-delay-label">
									<Button
										variant="overlay"
										size="compact"
										aria-label="Subtitles earlier"
										onClick={() => update('appearance.subtitleDelay', stepSubtitleDelay(appearance.subtitleDelay, -1))}
									>
										−
									</Button>
									<output data-testid="player-subtitle-delay">{formatDelay(appearance.subtitleDelay)}</output>
									<Button
										variant="overlay"
										size="compact"
										aria-label="Subtitles later"
										onClick={() => update('appearance.subtitleDelay', stepSubtitleDelay(appearance.subtitleDelay, 1))}
									>
										+
									</Button>
								</div>
							</div>
							{audioTracks.length > 1 ? (
								<label className="flex items-center justify-between gap-2">
									Audio
									<Select
										size="xs"
										tone="overlay"
										value={audioTrack}
										onChange={(event) => {
											const index = Number(event.target.value)
											if (hlsRef.current) hlsRef.current.audioTrack = index
											setAudioTrack(index)
										}}
									>
										{audioTracks.map((track, index) => (
											<option key={`${track.id}-${index}`} value={index}>
												{track.name || languageName(track.lang) || track.lang || `Track ${index + 1}`}
											</option>
										))}
									</Select>
								</label>
							) : null}
						</div>
					) : null}
					{panel === 'quality' ? (
						<fieldset className="flex flex-col gap-1">
							<legend className="mb-1 font-semibold">Quality</legend>
							{qualityOptions.map((option) => (
								<label key={option.value} className="flex items-center gap-2">
									<input
										type="radio"
										name="player-quality"
										checked={currentQuality === option.value}
										onChange={() => chooseQuality(option.value, option.label)}
									/>
									{option.label}
								</label>
							))}
						</fieldset>
					) : null}
					{panel === 'source' ? (
						<div className="flex flex-col gap-1">
							<p className="mb-1 font-semibold">Source</p>
							{streams.length > 1
								? streamMenuLabels(streams).map((label, index) => (
										<Button
											key={streams[index]!.id}
											variant="overlay"
											size="row"
											aria-pressed={index === streamIndex}
											data-testid="player-stream-option"
											onClick={() => (setStreamIndex(index), setFileQuality(null), setPanel(null))}
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
									aria-pressed={stream?.sourceId === source.id}
									data-testid="player-source-option"
									onClick={() => void changeSource(source.id, source.name)}
								>
									{source.name}
								</Button>
							))}
						</div>
					) : null}
				</section>
			) : null}

			{sourceChoice ? (
				<section
					aria-label="Streams"
					className="absolute inset-x-4 top-20 mx-auto max-w-md rounded bg-neutral-900/95 p-4 text-sm"
					data-testid="player-stream-choice"
				>
					<p className="mb-2">{multipleStreamsText(sourceChoice.name)}</p>
					<ul className="flex flex-col gap-1">
						{sourceChoice.streams.map((item) => (
							<li key={item.id}>
								<Button
									variant="overlay"
									size="row"
									onClick={() => {
										setStreams(sourceChoice.streams)
										setStreamIndex(sourceChoice.streams.indexOf(item))
										setFileQuality(null)
										setSourceChoice(null)
									}}
								>
									{item.label}
								</Button>
							</li>
						))}
					</ul>
				</section>
			) : null}
			<span tabIndex={0} data-focus-guard="" className="sr-only" onFocus={() => focusEdge('first')} />
		</div>,
		document.body,
	)
}
