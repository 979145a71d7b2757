import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { dressPlayerVideo, takeEarlyVideo } from './early-video.ts'

/**
 * The player's <video>, placed in the media controller by hand rather than
 * rendered: it may be the one that started at the Watch click and already
 * plays (early-video.ts), which is moved in, not replaced. Call before any
 * hook that reads `videoRef` in an effect: this layout effect sets it first.
 * Returns the element (for the thumbnails track rendered into it).
 */
export function usePlayerVideo(
	controllerRef: RefObject<HTMLElement | null>,
	videoRef: RefObject<HTMLVideoElement | null>,
	label: string,
): HTMLVideoElement | null {
	const [video, setVideo] = useState<HTMLVideoElement | null>(null)
	// Kept across an effect's cleanup and rerun (React's strict mode), so the early video is not lost.
	const element = useRef<HTMLVideoElement | null>(null)
	useLayoutEffect(() => {
		const controller = controllerRef.current
		if (!controller) return
		element.current ??= takeEarlyVideo() ?? document.createElement('video')
		const own = element.current
		dressPlayerVideo(own, label)
		// Moved within the same task as the shell's removal: the browser does not pause a video that is back in the page by then.
		controller.prepend(own)
		videoRef.current = own
		return () => {
			// The ref stays: closing saves the progress from it after this (use-progress-saving.ts).
			own.pause()
			own.remove()
		}
		// The label follows below; the element is placed once.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [controllerRef, videoRef])
	// After the first paint: a state set in the layout effect would render the whole player again before it.
	useEffect(() => setVideo(element.current), [])
	useEffect(() => {
		video?.setAttribute('aria-label', label)
	}, [video, label])
	return video
}
