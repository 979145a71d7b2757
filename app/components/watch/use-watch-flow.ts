import { useCallback, useEffect, useRef, useState } from 'react'
import { LOOKUP_RETRY_DELAY_MS, lookupRetries, paceChecking, type CheckingPace } from '#app/lib/player/watch-flow.ts'
import { lookupStreams, takeLookupAhead, type LookupOutcome, type LookupSource } from '#app/stores/stream-lookups.ts'

export interface WatchTarget {
	type: 'movie' | 'tv'
	tmdbId: number
	season?: number
	episode?: number
}

export type WatchPhase = 'idle' | 'looking' | 'found' | 'failed'

export interface WatchFlow {
	phase: WatchPhase
	/** Sources of the current attempt with their status (progress bar). */
	sources: LookupSource[]
	/** The paced name of "Checking {name}..." while looking. */
	checkingName: string | null
	outcome: LookupOutcome | null
	/** Starts a lookup unless one runs or streams are already known. */
	find: () => void
}

const wait = (ms: number, signal: AbortSignal) =>
	new Promise<void>((resolve) => {
		const timer = window.setTimeout(resolve, ms)
		signal.addEventListener('abort', () => {
			window.clearTimeout(timer)
			resolve()
		})
	})

/**
 * The lookup half of the watch flow: runs GET /api/sources/lookup (after
 * hydration, from an effect, and again on demand), retrying a lookup that
 * ends with nothing 3 times for a movie or 4 for an episode at 400 ms, and
 * paces the "Checking" names so each stays 1.5 s. The pacing is display only:
 * `phase` turns 'found' the moment the first stream arrives, whatever sources
 * are still checking (issue 25 item 3); `outcome` keeps growing as later ones
 * answer, best-ranked stream first.
 */
export function useWatchFlow(target: WatchTarget, { enabled }: { enabled: boolean }): WatchFlow {
	const [phase, setPhase] = useState<WatchPhase>('idle')
	const [sources, setSources] = useState<LookupSource[]>([])
	const [outcome, setOutcome] = useState<LookupOutcome | null>(null)
	const running = useRef<AbortController | null>(null)
	const { type, tmdbId, season, episode } = target

	const find = useCallback(() => {
		if (!enabled || running.current) return
		// The previous episode's player looked this one up ahead: used at once, no second lookup.
		const found = type === 'tv' ? takeLookupAhead({ type, tmdbId, season, episode }) : undefined
		if (found) {
			setSources(found.sources)
			setOutcome(found)
			setPhase('found')
			return
		}
		const controller = new AbortController()
		running.current = controller
		setPhase('looking')
		void (async () => {
			const attempts = 1 + lookupRetries(type)
			let last: LookupOutcome | null = null
			for (let attempt = 0; attempt < attempts && !controller.signal.aborted; attempt++) {
				if (attempt > 0) await wait(LOOKUP_RETRY_DELAY_MS, controller.signal)
				setSources([])
				try {
					const result = await lookupStreams({
						type,
						tmdbId,
						season,
						episode,
						signal: controller.signal,
						onUpdate: (current) => {
							if (controller.signal.aborted) return
							setSources(current.sources)
							if (current.streams.length === 0) return
							// Playable now: the player need not wait for the sources still checking.
							setOutcome(current)
							setPhase('found')
						},
					})
					last = result
					if (result.streams.length > 0) {
						if (controller.signal.aborted) return
						running.current = null
						setOutcome(result)
						setPhase('found')
						return
					}
				} catch {
					// A refused or broken lookup counts as a failed attempt.
				}
			}
			if (controller.signal.aborted) return
			running.current = null
			// The last attempt's answers, for the reasons shown under the failure text.
			if (last) setOutcome(last)
			setPhase('failed')
		})()
	}, [enabled, type, tmdbId, season, episode])

	// After hydration: the first render never waits for a lookup.
	useEffect(() => {
		find()
	}, [find])
	useEffect(
		() => () => {
			running.current?.abort()
			running.current = null
		},
		[],
	)

	const [pace, setPace] = useState<CheckingPace>({ shownId: null, shownSince: 0 })
	const looking = phase === 'looking'
	useEffect(() => {
		if (!looking) {
			setPace((current) => (current.shownId === null ? current : { shownId: null, shownSince: 0 }))
			return
		}
		const next = paceChecking(sources, pace, Date.now())
		// paceChecking keeps shownSince unless the name changes, so comparing ids is enough (and cannot loop).
		if (next.shownId !== pace.shownId) {
			setPace({ shownId: next.shownId, shownSince: next.shownSince })
			return
		}
		if (next.nextChangeAt === null) return
		const timer = window.setTimeout(() => setPace((current) => ({ ...current })), Math.max(0, next.nextChangeAt - Date.now()))
		return () => window.clearTimeout(timer)
	}, [looking, sources, pace])

	const checkingName = looking ? (sources.find((s) => s.id === pace.shownId)?.name ?? null) : null
	return { phase, sources, checkingName, outcome, find }
}
