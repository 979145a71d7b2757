import { useEffect, useEffectEvent, type RefObject } from 'react'
import { clampVolume, SKIP_SECONDS } from '#app/lib/player/player-rules.ts'

// The player's keys (product.md §2): Space/k play and pause, j/l and ←/→ skip
// 10 s, ↑/↓ volume, f fullscreen, m mute, c captions, p picture-in-picture,
// n next episode, Escape closes the open menu or else the player. Keys typed
// into a field, and those a focused control handles itself (Space on a
// button, arrows on a slider), are left alone.

export interface PlayerKeyActions {
	escape: () => void
	togglePlay: () => void
	skip: (delta: number) => void
	toggleFullscreen: () => void
	toggleCaptions: () => void
	togglePip: () => void
	next: () => void
}

export function usePlayerKeys(videoRef: RefObject<HTMLVideoElement | null>, actions: PlayerKeyActions) {
	const onKey = useEffectEvent((event: KeyboardEvent) => {
		const target = event.target as HTMLElement | null
		// A menu handles its own keys (player-menu.tsx); fields keep theirs.
		if (target?.closest('input, textarea, select, [data-player-menu]')) return
		if (event.ctrlKey || event.metaKey || event.altKey) return
		const onButton = target?.closest('button, [role="button"], [role="menuitem"], [role="slider"], a')
		const onSlider = target?.closest('[role="slider"]')
		const video = videoRef.current
		switch (event.key) {
			case 'Escape':
				actions.escape()
				break
			case ' ':
			case 'k':
				if (event.key === ' ' && onButton) return
				actions.togglePlay()
				break
			case 'j':
			case 'ArrowLeft':
				if (event.key === 'ArrowLeft' && onSlider) return
				actions.skip(-SKIP_SECONDS)
				break
			case 'l':
			case 'ArrowRight':
				if (event.key === 'ArrowRight' && onSlider) return
				actions.skip(SKIP_SECONDS)
				break
			case 'ArrowUp':
			case 'ArrowDown':
				if (!video || onSlider) return
				video.muted = false
				video.volume = clampVolume(video.volume + (event.key === 'ArrowUp' ? 0.1 : -0.1))
				break
			case 'f':
				actions.toggleFullscreen()
				break
			case 'm':
				if (video) video.muted = !video.muted
				break
			case 'c':
				actions.toggleCaptions()
				break
			case 'p':
				actions.togglePip()
				break
			case 'n':
				actions.next()
				break
			default:
				return
		}
		event.preventDefault()
	})

	useEffect(() => {
		const listener = (event: KeyboardEvent) => onKey(event)
		window.addEventListener('keydown', listener)
		return () => window.removeEventListener('keydown', listener)
	}, [])
}
