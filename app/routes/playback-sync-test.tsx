import { useEffect, useState } from 'react'
import { data } from 'react-router'
import { saveMovieProgress } from '#app/stores/library.ts'
import { usePlaybackSync } from '#app/stores/sync-hooks.ts'
import { testRoutesEnabled } from '#server/testing/test-switches.server.ts'

/**
 * Lets the end-to-end suite check the 25 s progress sync while playing
 * (product.md §7, §9) before a player exists: a stand-in that records a second of
 * progress every second while "playing", through the same hook and storage
 * calls the player uses. Answers 404 unless ENABLE_TEST_ROUTES is on
 * (true or 1).
 */
export function loader() {
	if (!testRoutesEnabled()) throw data(null, { status: 404 })
	return null
}

export function meta() {
	return [{ title: 'Playback sync test · Willow' }, { name: 'robots', content: 'noindex' }]
}

const MEDIA = { mediaId: 990_001, title: 'Playback Sync Test Movie', year: 2024 }
const DURATION = 5400

export default function PlaybackSyncTest() {
	const [playing, setPlaying] = useState(false)
	const [watched, setWatched] = useState(0)
	usePlaybackSync(playing)

	useEffect(() => {
		if (!playing) return
		const timer = window.setInterval(() => setWatched((seconds) => Math.min(DURATION, seconds + 1)), 1000)
		return () => window.clearInterval(timer)
	}, [playing])

	useEffect(() => {
		if (watched > 0) saveMovieProgress(MEDIA, { watched, duration: DURATION })
	}, [watched])

	return (
		<section className="mx-auto max-w-xl">
			<h1 className="text-2xl font-bold">Playback sync test</h1>
			<button type="button" className="mt-4 rounded bg-neutral-800 px-4 py-2 text-white" onClick={() => setPlaying((value) => !value)}>
				{playing ? 'Pause' : 'Play'}
			</button>
			<p className="mt-4" data-testid="watched" aria-live="off">
				{watched} s watched
			</p>
		</section>
	)
}
