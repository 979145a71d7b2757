import type { Stream } from '#app/lib/sources/contract.ts'
import { isAutoplayRefusal, muteForAutoplay } from './autoplay-mute.ts'
import type { PlayerMedia } from './player-props.ts'
import type { StartChoices } from './start-defaults.ts'

// A file stream starts at the Watch click, not once the player's code has
// loaded and rendered (decision 0056): the <video> is made here, in the
// click's own task (so the browser lets it start with sound), with the
// quality, saved point and volume the player would choose (click-start-choices.ts).
// While the player's code loads it plays in a bare full-screen shell
// (PlayerShell); the player then takes this same element (takeEarlyVideo), so
// nothing restarts. HLS streams wait for the player: they need its code.

let early: HTMLVideoElement | null = null

/** The attributes the player's video has, on any video that becomes it. */
export function dressPlayerVideo(video: HTMLVideoElement, label: string) {
	video.playsInline = true
	video.setAttribute('slot', 'media')
	video.className = 'h-full w-full'
	video.dataset.testid = 'player-video'
	video.setAttribute('aria-label', label)
}

/**
 * Starts the stream the player will open on, when it is a file and the viewer lets videos start by
 * themselves; whether it did.
 */
export function startEarlyVideo(media: PlayerMedia, stream: Stream | undefined, label: string, choices: StartChoices): boolean {
	discardEarlyVideo()
	if (stream?.type !== 'file' || !choices.autoplay) return false
	const quality = choices.fileQuality(stream)
	const url = quality ? stream.qualities[quality]?.url : undefined
	if (!url) return false
	const video = document.createElement('video')
	dressPlayerVideo(video, label)
	video.volume = choices.volume()
	video.src = url
	// Set before the metadata arrive: the browser starts there.
	const at = choices.savedPoint(media)
	if (at > 0) video.currentTime = at
	video.play().catch((error: unknown) => {
		// As the player does (product.md §4 autoplay): sound refused, so muted; an interrupted play() is no refusal.
		if (!isAutoplayRefusal(error)) return
		muteForAutoplay(video)
		void video.play().catch(() => {})
	})
	early = video
	return true
}

/**
 * Resolves once the early video has shown a frame, failed or stopped, or after `limitMs`: until then the
 * player's code waits, so its loading and first render do not hold the main thread while the first frame
 * is on its way. Resolves at once when there is no early video.
 */
export function earlyVideoShown(limitMs = 800): Promise<void> {
	const video = early
	if (!video) return Promise.resolve()
	return new Promise((resolve) => {
		const timer = window.setTimeout(done, limitMs)
		const events = ['error', 'pause', 'emptied'] as const
		function done() {
			window.clearTimeout(timer)
			for (const event of events) video!.removeEventListener(event, done)
			video!.removeEventListener('timeupdate', onTime)
			resolve()
		}
		function onTime() {
			if (video!.currentTime > 0) done()
		}
		for (const event of events) video.addEventListener(event, done)
		// A frame presented; browsers without requestVideoFrameCallback tell it by the time moving.
		video.addEventListener('timeupdate', onTime)
		;(video as Partial<Pick<HTMLVideoElement, 'requestVideoFrameCallback'>>).requestVideoFrameCallback?.call(video, () => done())
	})
}

/** The video started at the click, while nobody has taken it yet. */
export function peekEarlyVideo(): HTMLVideoElement | null {
	return early
}

/** Hands the early video over to the player (once). */
export function takeEarlyVideo(): HTMLVideoElement | null {
	const video = early
	early = null
	return video
}

/** Stops and lets go of an early video the player never took (closed, or its code failed to load). */
export function discardEarlyVideo() {
	const video = early
	early = null
	if (!video) return
	video.pause()
	video.removeAttribute('src')
	video.load()
	video.remove()
}
