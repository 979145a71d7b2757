import { useEffect } from 'react'
import { startPlaybackSync } from './sync.ts'

/** For the player: while `playing` is true, watch progress syncs every 25 s (product.md §9). */
export function usePlaybackSync(playing: boolean) {
	useEffect(() => {
		if (!playing) return
		return startPlaybackSync()
	}, [playing])
}
