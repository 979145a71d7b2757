import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { peekEarlyVideo } from './early-video.ts'

/**
 * What shows while the player's code loads: a black full-screen frame with
 * the player's Back button and, when a file stream started at the Watch click
 * (early-video.ts), that video, so its first frame is on screen before the
 * controls are. The player takes the same element when it mounts. Back and
 * Escape close it, as they close the player.
 */
export function PlayerShell({ onClose }: { onClose: () => void }) {
	const frame = useRef<HTMLDivElement>(null)
	const back = useRef<HTMLButtonElement>(null)
	// Rendered in the browser only (the player opens from a click or after hydration).
	const [withVideo] = useState(() => peekEarlyVideo() !== null)
	useLayoutEffect(() => {
		const video = peekEarlyVideo()
		if (video && frame.current) frame.current.prepend(video)
		back.current?.focus()
	}, [])
	useEffect(() => {
		const onKey = (event: KeyboardEvent) => {
			if (event.key === 'Escape') onClose()
		}
		document.addEventListener('keydown', onKey)
		return () => document.removeEventListener('keydown', onKey)
	}, [onClose])
	return (
		<div ref={frame} className="fixed inset-0 z-50 grid place-items-center bg-black text-white" data-testid="player-loading">
			<p role="status" className={withVideo ? 'sr-only' : 'absolute'}>
				Loading...
			</p>
			<Button ref={back} variant="overlay" size="compact" onClick={onClose} className="absolute top-3 left-3" data-testid="player-back">
				Back
			</Button>
		</div>
	)
}
