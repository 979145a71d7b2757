import { bufferedEndAt, needsTurnOnPlay } from '#app/lib/player/transcode-queue.ts'
import { waitForTurn } from './wait-for-turn.ts'

// A transcoded stream after its turn (decision 0047): the server stops a
// transcode nobody has asked a segment of for 30 s, and its slot goes to the
// next in line, so a viewer back from a long pause may find its transcode
// gone. Pressing play after such a pause asks for a turn again, from where
// the buffer ends (what is buffered plays meanwhile), showing the place in
// line while it waits; a segment refused does the same instead of ending in
// an error. No reload where the player can load from a point (hls.js), one
// reload at the same point where it cannot (the browser's own HLS, as on
// older iPhones). Nothing is held while paused.

/** How the stream's segments are loaded: hls.js, or the browser's own HLS. */
export interface SegmentLoader {
	/** Stops fetching segments (a segment asked for before the turn would only be refused). */
	stop(): void
	/** The turn came: load on from the current point. */
	resume(): void
}

export interface TurnWatch {
	/** A segment was refused (its transcode stopped, the slot taken): ask for a turn now, or on play when paused. */
	refused(): void
	stop(): void
}

function bufferedRanges(video: HTMLVideoElement): Array<[number, number]> {
	return Array.from({ length: video.buffered.length }, (_, i) => [video.buffered.start(i), video.buffered.end(i)])
}

export function watchTurnOnResume(
	video: HTMLVideoElement,
	loader: SegmentLoader,
	queueUrl: string,
	{ onWaiting, onReady, onRefused }: { onWaiting: (position: number) => void; onReady: () => void; onRefused: (error: unknown) => void },
): TurnWatch {
	let pausedAt: number | null = null
	let refusedWhilePaused = false
	let asking: AbortController | null = null

	const askAgain = () => {
		if (asking) return
		const controller = new AbortController()
		asking = controller
		loader.stop()
		waitForTurn(queueUrl, { from: bufferedEndAt(bufferedRanges(video), video.currentTime), signal: controller.signal, onWaiting }).then(
			() => {
				if (controller.signal.aborted) return
				asking = null
				onReady()
				loader.resume()
			},
			(error: unknown) => {
				if (controller.signal.aborted) return
				asking = null
				onRefused(error)
			},
		)
	}
	const onPause = () => {
		pausedAt = Date.now()
	}
	const onPlay = () => {
		const pausedMs = pausedAt === null ? 0 : Date.now() - pausedAt
		const refused = refusedWhilePaused
		pausedAt = null
		refusedWhilePaused = false
		const loadFrom = bufferedEndAt(bufferedRanges(video), video.currentTime)
		if (needsTurnOnPlay({ pausedMs, refusedWhilePaused: refused, loadFrom, duration: video.duration })) askAgain()
	}
	video.addEventListener('pause', onPause)
	video.addEventListener('play', onPlay)
	return {
		refused() {
			// A paused viewer takes no turn (it would hold a slot it does not use): it asks when it plays again.
			if (video.paused && !asking) {
				loader.stop()
				refusedWhilePaused = true
			} else askAgain()
		},
		stop() {
			asking?.abort()
			asking = null
			video.removeEventListener('pause', onPause)
			video.removeEventListener('play', onPlay)
		},
	}
}
