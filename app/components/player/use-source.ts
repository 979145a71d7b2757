import { useCallback, useEffect, useEffectEvent, useState } from 'react'
import { TEXT } from '#app/lib/player/player-rules.ts'
import { sourceFailedNotice, withArrivals } from '#app/lib/player/watch-flow.ts'
import type { SourceInfo, Stream } from '#app/lib/sources/contract.ts'
import { lookupStreams } from '#app/stores/stream-lookups.ts'
import type { PlayerMedia } from './player-props.ts'

// Which stream plays: the lookup's first one, another of its streams, or one
// found by looking up a chosen source again (a list to pick from when it
// answers with several, the failure text when it finds none: product.md §8).
// Also the player's short notices, which disappear after 5 s.

const NOTICE_MS = 5000

export function useNotice() {
	const [notice, setNotice] = useState<string | null>(null)
	useEffect(() => {
		if (!notice) return
		const timer = setTimeout(() => setNotice(null), NOTICE_MS)
		return () => clearTimeout(timer)
	}, [notice])
	return [notice, setNotice] as const
}

export function useSource(media: PlayerMedia, initialStreams: Stream[], setNotice: (text: string | null) => void, preferUntil = 0) {
	const [streams, setStreams] = useState<Stream[]>(initialStreams)
	const [streamIndex, setStreamIndex] = useState(0)
	const [choice, setChoice] = useState<{ name: string; streams: Stream[] } | null>(null)

	// Streams found after the player opened join its list; until preferUntil a better-ranked one takes over (decision 0037).
	const mergeArrivals = useEffectEvent((arrived: Stream[]) => {
		const next = withArrivals(streams, streamIndex, arrived, Date.now() < preferUntil)
		if (next.streams !== streams) setStreams([...next.streams])
		if (next.index !== streamIndex) setStreamIndex(next.index)
	})
	useEffect(() => mergeArrivals(initialStreams), [initialStreams])

	const playFrom = useCallback((list: Stream[], index: number) => {
		setStreams(list)
		setStreamIndex(index)
	}, [])

	const { type, tmdbId, season, episode } = media
	const changeSource = useCallback(
		async (source: SourceInfo) => {
			setNotice(TEXT.loading)
			try {
				const outcome = await lookupStreams({ type, tmdbId, season, episode, source: source.id })
				const found = outcome.streams
				if (found.length === 0) setNotice(sourceFailedNotice(source.name, outcome.sources))
				else if (found.length === 1) {
					setNotice(null)
					playFrom(found, 0)
				} else {
					setNotice(null)
					setChoice({ name: source.name, streams: found })
				}
			} catch {
				setNotice(TEXT.changeSourceFailed)
			}
		},
		[type, tmdbId, season, episode, setNotice, playFrom],
	)

	const pick = useCallback(
		(stream: Stream) => {
			if (!choice) return
			playFrom(choice.streams, choice.streams.indexOf(stream))
			setChoice(null)
		},
		[choice, playFrom],
	)

	return {
		streams,
		stream: streams[streamIndex] as Stream | undefined,
		choice,
		playIndex: (index: number) => playFrom(streams, index),
		changeSource,
		pick,
	}
}
