import { useEffect, useState } from 'react'
import type { Stream } from '#app/lib/sources/contract.ts'
import { makeBrowserThumbnails, type BrowserThumbnails } from '#app/utils/video-thumbnails.ts'

// Seek-bar thumbnails (product.md §9): the stream's own thumbnails track, or
// for a file stream without one (and the preview setting on) thumbnails made
// here from its smallest quality, once per stream after playback has started.

export function useThumbnailsTrack(stream: Stream | undefined, smallestUrl: string | null, preview: boolean, started: boolean) {
	const [made, setMade] = useState<{ streamId: string; vttUrl: string } | null>(null)
	const source = stream?.type === 'file' && !stream.thumbnails && preview ? smallestUrl : null
	const streamId = stream?.id
	// Started latches per stream: a pause for buffering must not throw the work away.
	const [startedFor, setStartedFor] = useState<string | undefined>(undefined)
	if (started && streamId !== undefined && startedFor !== streamId) setStartedFor(streamId)
	const ready = source !== null && streamId !== undefined && startedFor === streamId

	useEffect(() => {
		if (!ready || !source || !streamId) return
		const controller = new AbortController()
		let result: BrowserThumbnails | undefined
		void makeBrowserThumbnails(source, controller.signal).then((thumbnails) => {
			result = thumbnails
			if (thumbnails && !controller.signal.aborted) setMade({ streamId, vttUrl: thumbnails.vttUrl })
			else thumbnails?.revoke()
		})
		return () => {
			controller.abort()
			result?.revoke()
			setMade(null)
		}
	}, [ready, source, streamId])

	return stream?.thumbnails ?? (made && made.streamId === streamId ? made.vttUrl : undefined)
}
