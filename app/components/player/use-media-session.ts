import { useEffect, useEffectEvent } from 'react'
import { mediaSessionArtwork, SKIP_SECONDS } from '#app/lib/player/player-rules.ts'

// The Media Session (lock screen, headset and keyboard media keys): the
// title's metadata and the play, pause, seek and next-track actions.

export interface MediaSessionActions {
	play: () => void
	pause: () => void
	skip: (delta: number) => void
	seekTo: (seconds: number) => void
	/** Absent when there is no next episode. */
	next?: () => void
}

export function useMediaSession(
	metadata: { title: string; artist: string | undefined; posterPath: string | null },
	actions: MediaSessionActions,
) {
	// The metadata is set once per title: the artwork URL comes from the one
	// image helper (demo artwork is Willow's own route, not TMDB's host), and
	// re-creating it on every render made the browser fetch it again each time.
	const { title, artist, posterPath } = metadata
	useEffect(() => {
		if (!('mediaSession' in navigator)) return
		navigator.mediaSession.metadata = new MediaMetadata({ title, artist, artwork: mediaSessionArtwork(posterPath) })
		return () => {
			navigator.mediaSession.metadata = null
		}
	}, [title, artist, posterPath])

	// The handlers call the latest actions; they are registered again only when "next" comes or goes.
	const run = useEffectEvent((action: MediaSessionAction, details: MediaSessionActionDetails) => {
		if (action === 'play') actions.play()
		else if (action === 'pause') actions.pause()
		else if (action === 'seekbackward') actions.skip(-SKIP_SECONDS)
		else if (action === 'seekforward') actions.skip(SKIP_SECONDS)
		else if (action === 'seekto' && details.seekTime !== undefined) actions.seekTo(details.seekTime)
		else if (action === 'nexttrack') actions.next?.()
	})
	const hasNext = actions.next !== undefined
	useEffect(() => {
		if (!('mediaSession' in navigator)) return
		const names: MediaSessionAction[] = ['play', 'pause', 'seekbackward', 'seekforward', 'seekto', 'nexttrack']
		const set = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
			try {
				navigator.mediaSession.setActionHandler(action, handler)
			} catch {
				// An action this browser does not know.
			}
		}
		for (const action of names) set(action, action === 'nexttrack' && !hasNext ? null : (details) => run(action, details))
		return () => {
			for (const action of names) set(action, null)
		}
	}, [hasNext])
}
