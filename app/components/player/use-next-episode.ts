import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useNavigate } from 'react-router'
import { episodeHref } from '#app/lib/catalog/slug.ts'
import { episodeAfter } from '#app/lib/library/history.ts'
import { preferBingeGroup, shouldAutoAdvance, showNextEpisode } from '#app/lib/player/player-rules.ts'
import type { Stream } from '#app/lib/sources/contract.ts'
import { lookupStreams, rememberLookupAhead } from '#app/stores/stream-lookups.ts'
import type { PlayerMedia } from './player-props.ts'

// The next episode (product.md §4 Next episode): "Next Episode" from 93 %, the
// next episode looked up ahead from then (its page uses what was found, the
// current stream's binge group first, instead of looking again), and the
// advance at 99.5 % when autoNext is on.

export function useNextEpisode({
	media,
	stream,
	time,
	duration,
	playing,
	autoNext,
	beforeLeaving,
}: {
	media: PlayerMedia
	stream: Stream | undefined
	time: number
	duration: number
	playing: boolean
	autoNext: boolean
	/** Runs before navigating away (the progress save). */
	beforeLeaving: () => void
}) {
	const navigate = useNavigate()
	const advancing = useRef(false)
	const lookedAhead = useRef<string | null>(null)
	const { type, tmdbId, title, season, episode, seasons } = media
	const next = useMemo(
		() => (type === 'tv' && season !== undefined && episode !== undefined ? episodeAfter(season, episode, seasons) : null),
		[type, season, episode, seasons],
	)
	const shown = next !== null && showNextEpisode(time, duration)

	useEffect(() => {
		if (!shown || !next || type !== 'tv') return
		const key = `${next.season}:${next.episode}`
		if (lookedAhead.current === key) return
		lookedAhead.current = key
		const target = { type: 'tv' as const, tmdbId, season: next.season, episode: next.episode }
		void lookupStreams({ ...target })
			.then((outcome) => rememberLookupAhead(target, { ...outcome, streams: preferBingeGroup(outcome.streams, stream) }))
			.catch(() => {
				// The next page looks again by itself.
			})
	}, [shown, next, type, tmdbId, stream])

	const goNext = useCallback(() => {
		if (!next || advancing.current) return
		advancing.current = true
		beforeLeaving()
		void navigate(`${episodeHref(tmdbId, title, next.season, next.episode)}?play=true`, { replace: true })
	}, [next, navigate, tmdbId, title, beforeLeaving])

	useEffect(() => {
		if (playing && next && autoNext && shouldAutoAdvance(time, duration)) goNext()
	}, [playing, next, autoNext, time, duration, goNext])

	return { next, shown, goNext }
}
