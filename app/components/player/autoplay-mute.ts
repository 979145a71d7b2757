// A video the browser would not start with sound (its autoplay rules) plays
// muted instead (product.md §4): a mute the viewer did not choose. It is
// remembered here, per element, until the video is unmuted, so that watch
// together can ask that member for the tap that brings the sound back.

const mutedByBrowser = new WeakSet<HTMLMediaElement>()

/** Mutes a video whose start with sound the browser refused (NotAllowedError), remembering why. */
export function muteForAutoplay(video: HTMLMediaElement) {
	video.muted = true
	if (mutedByBrowser.has(video)) return
	mutedByBrowser.add(video)
	const onVolumeChange = () => {
		if (video.muted) return
		mutedByBrowser.delete(video)
		video.removeEventListener('volumechange', onVolumeChange)
	}
	video.addEventListener('volumechange', onVolumeChange)
}

/** Whether the video is muted because the browser refused its sound, not by the viewer. */
export function isMutedByBrowser(video: HTMLMediaElement): boolean {
	return video.muted && mutedByBrowser.has(video)
}

/** Whether a play() was refused by the browser's autoplay rules (not interrupted or failed). */
export function isAutoplayRefusal(error: unknown): boolean {
	return (error as Error | undefined)?.name === 'NotAllowedError'
}
