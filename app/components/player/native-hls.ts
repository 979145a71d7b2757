import { TEXT } from '#app/lib/player/player-rules.ts'
import type { HlsPlaybackEvents } from './hls-playback.ts'
import { watchTurnOnResume } from './turn-on-resume.ts'

// An HLS stream played by the browser itself, where hls.js cannot run (no MediaSource:
// iPhones before iOS 17.1). A transcoded stream keeps its place in line after a long pause as
// with hls.js (decision 0047), but the browser tells nothing of a refused segment: the element
// fails (a network or a format error, by browser), and a failed element ignores play(). So a
// failure of a transcoded stream counts as a refused segment: play() on the failed element asks
// for a turn instead, and once it comes the playlist is loaded again and playback goes on from
// the same point. A second failure there with nothing played in between is the stream's own.

export function playNativeHls(
	video: HTMLVideoElement,
	playlist: string,
	queueUrl: string | undefined,
	events: Pick<HlsPlaybackEvents, 'onFatal' | 'onQueuePosition' | 'onRefused'>,
): () => void {
	/** Where the last reload went on from (null: none since playback moved on). */
	let reloadedAt: number | null = null
	const reload = () => {
		const at = video.currentTime
		reloadedAt = at
		video.src = playlist
		video.addEventListener(
			'loadedmetadata',
			() => {
				video.currentTime = at
				void video.play().catch(() => {})
			},
			{ once: true },
		)
	}
	const turns = queueUrl
		? watchTurnOnResume(
				video,
				// The browser's loading cannot be paused; an element that failed meanwhile is loaded again.
				{ stop: () => {}, resume: () => (video.error ? reload() : undefined) },
				queueUrl,
				{
					onWaiting: events.onQueuePosition,
					onReady: () => events.onQueuePosition(null),
					onRefused: (error) => {
						events.onQueuePosition(null)
						events.onRefused(error)
					},
				},
			)
		: null
	const onTime = () => {
		if (reloadedAt !== null && video.currentTime > reloadedAt + 1) reloadedAt = null
	}
	const onError = () => {
		if (turns && reloadedAt === null) {
			turns.refused()
			return
		}
		const network = video.error?.code === MediaError.MEDIA_ERR_NETWORK
		events.onFatal({ network, message: network ? TEXT.networkFailed : TEXT.unexpected })
	}
	video.addEventListener('error', onError)
	video.addEventListener('timeupdate', onTime)
	if (turns) {
		// Every control (the play button, keys, a tap) plays through the element's play(): on a failed
		// element it becomes the play the turn watch waits for.
		video.play = function play(this: HTMLVideoElement) {
			if (!this.error) return HTMLMediaElement.prototype.play.call(this)
			this.dispatchEvent(new Event('play'))
			return Promise.resolve()
		}
	}
	video.src = playlist
	return () => {
		turns?.stop()
		video.removeEventListener('error', onError)
		video.removeEventListener('timeupdate', onTime)
		Reflect.deleteProperty(video, 'play')
	}
}
