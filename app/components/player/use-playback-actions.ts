import { useMemo, type RefObject } from 'react'
import { skipTime, TEXT } from '#app/lib/player/player-rules.ts'

// The actions the keys, the Media Session, touch and the buttons share.

export function usePlaybackActions(
	videoRef: RefObject<HTMLVideoElement | null>,
	rootRef: RefObject<HTMLElement | null>,
	showNotice: (text: string) => void,
) {
	return useMemo(
		() => ({
			play: () => void videoRef.current?.play().catch(() => {}),
			pause: () => videoRef.current?.pause(),
			togglePlay: () => {
				const video = videoRef.current
				if (!video) return
				if (video.paused) void video.play().catch(() => {})
				else video.pause()
			},
			/** §5: skip never goes below 0 (nor past the end). */
			skip: (delta: number) => {
				const video = videoRef.current
				if (video) video.currentTime = skipTime(video.currentTime, delta, video.duration)
			},
			seekTo: (seconds: number) => {
				if (videoRef.current) videoRef.current.currentTime = seconds
			},
			toggleFullscreen: () => {
				if (document.fullscreenElement) void document.exitFullscreen().catch(() => {})
				else void rootRef.current?.requestFullscreen().catch(() => {})
			},
			togglePip: async () => {
				const video = videoRef.current
				try {
					if (document.pictureInPictureElement) await document.exitPictureInPicture()
					else if (video && document.pictureInPictureEnabled) await video.requestPictureInPicture()
					else throw new Error('picture-in-picture unavailable')
				} catch {
					showNotice(TEXT.pip)
				}
			},
		}),
		[videoRef, rootRef, showNotice],
	)
}
