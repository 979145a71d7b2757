import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { episodeHref } from '#app/lib/catalog/slug.ts'
import type { TmdbEpisode } from '#app/lib/catalog/tmdb-types.ts'
import { episodeAfter } from '#app/lib/library/history.ts'
import { preferBingeGroup, shouldAutoAdvance, showUpNext } from '#app/lib/player/player-rules.ts'
import type { Stream } from '#app/lib/sources/contract.ts'
import { lookupStreams, rememberLookupAhead } from '#app/stores/stream-lookups.ts'
import { catalogRequest } from '#app/utils/api-client.ts'
import type { PlayerMedia } from './player-props.ts'

// Up next (product.md §4 Next episode): from 93 % (or the stream's credits)
// the next episode is looked up ahead (its page uses what was found, the
// current stream's binge group first, instead of looking again) and its
// card shows; at 99.5 % the player moves on when autoNext is on, unless the
// viewer cancelled or the look-ahead found nothing to play: then playback
// ends here instead of leaving for a page with nothing to play.

/** pending: looking; found: streams to play; none: nothing playable; failed: the look-up broke (the next page looks again). */
export type LookAhead = 'pending' | 'found' | 'none' | 'failed'

export interface NextEpisode {
	season: number
	episode: number
	name?: string
	stillPath?: string | null
}

export function useNextEpisode({
	media,
	stream,
	time,
	duration,
	playing,
	ended,
	autoNext,
	beforeLeaving,
}: {
	media: PlayerMedia
	stream: Stream | undefined
	time: number
	duration: number
	playing: boolean
	/** Whether the video has played to its end (a look-ahead may answer after that). */
	ended: () => boolean
	autoNext: boolean
	/** Runs before navigating away (the progress save). */
	beforeLeaving: () => void
}) {
	const navigate = useNavigate()
	const advancing = useRef(false)
	const { type, tmdbId, title, season, episode, seasons } = media
	const next = useMemo(
		() => (type === 'tv' && season !== undefined && episode !== undefined ? episodeAfter(season, episode, seasons) : null),
		[type, season, episode, seasons],
	)
	const nextKey = next ? `${next.season}:${next.episode}` : null
	const shown = next !== null && showUpNext(time, duration, stream?.credits)
	const [lookAhead, setLookAhead] = useState<{ key: string; status: LookAhead } | null>(null)
	const [details, setDetails] = useState<{ key: string; name?: string; stillPath?: string | null } | null>(null)
	const [cancelledFor, setCancelledFor] = useState<string | null>(null)
	const status = lookAhead && lookAhead.key === nextKey ? lookAhead.status : null
	const cancelled = cancelledFor !== null && cancelledFor === nextKey

	useEffect(() => {
		if (!shown || !next || !nextKey || type !== 'tv' || lookAhead?.key === nextKey) return
		setLookAhead({ key: nextKey, status: 'pending' })
		const target = { type: 'tv' as const, tmdbId, season: next.season, episode: next.episode }
		void lookupStreams({ ...target })
			.then((outcome) => {
				rememberLookupAhead(target, { ...outcome, streams: preferBingeGroup(outcome.streams, stream) })
				setLookAhead({ key: nextKey, status: outcome.streams.length > 0 ? 'found' : 'none' })
			})
			.catch(() => setLookAhead({ key: nextKey, status: 'failed' }))
		// The card's title and still; the card shows without them when this fails.
		void catalogRequest<Pick<TmdbEpisode, 'name' | 'still_path'>>(`/tv/${tmdbId}/season/${next.season}/episode/${next.episode}`)
			.then((found) => setDetails({ key: nextKey, name: found.name, stillPath: found.still_path }))
			.catch(() => {})
	}, [shown, next, nextKey, type, tmdbId, stream, lookAhead?.key])

	const unavailable = status === 'none'
	const goNext = useCallback(() => {
		if (!next || advancing.current || unavailable) return
		advancing.current = true
		beforeLeaving()
		void navigate(`${episodeHref(tmdbId, title, next.season, next.episode)}?play=true`, { replace: true })
	}, [next, unavailable, navigate, tmdbId, title, beforeLeaving])

	// A look-ahead still running at 99.5 % is waited for; one that broke does not stop the advance.
	const settled = status === 'found' || status === 'failed'
	useEffect(() => {
		if (next && autoNext && !cancelled && settled && shouldAutoAdvance(time, duration) && (playing || ended())) goNext()
	}, [next, autoNext, cancelled, settled, time, duration, playing, ended, goNext])

	const cancel = useCallback(() => setCancelledFor(nextKey), [nextKey])
	const card: NextEpisode | null = next
		? { ...next, ...(details && details.key === nextKey ? { name: details.name, stillPath: details.stillPath } : {}) }
		: null
	return {
		next: card,
		/** The card shows (from 93 % or the credits, until cancelled). */
		shown: shown && !cancelled,
		unavailable,
		/** Whether the advance will happen by itself at 99.5 %. */
		counting: autoNext && !unavailable,
		goNext,
		cancel,
	}
}
