import { useEffect, useEffectEvent, type RefObject } from 'react'
import { SKIP_SECONDS } from '#app/lib/player/player-rules.ts'

// Phones: a tap shows the controls (media-chrome); a double-tap on the video's
// left or right half skips 10 s back or forward.

const DOUBLE_TAP_MS = 300

export function useDoubleTapSkip(
	controllerRef: RefObject<HTMLElement | null>,
	videoRef: RefObject<HTMLVideoElement | null>,
	skip: (delta: number) => void,
) {
	const onSkip = useEffectEvent(skip)
	useEffect(() => {
		const controller = controllerRef.current
		if (!controller) return
		let lastTap = 0
		const onTouchEnd = (event: TouchEvent) => {
			const touch = event.changedTouches[0]
			if (!touch || event.target !== videoRef.current) return
			const now = Date.now()
			if (now - lastTap < DOUBLE_TAP_MS) {
				const rect = controller.getBoundingClientRect()
				onSkip(touch.clientX < rect.left + rect.width / 2 ? -SKIP_SECONDS : SKIP_SECONDS)
				lastTap = 0
			} else lastTap = now
		}
		controller.addEventListener('touchend', onTouchEnd)
		return () => controller.removeEventListener('touchend', onTouchEnd)
	}, [controllerRef, videoRef])
}
