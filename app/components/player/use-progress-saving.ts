import { useCallback, useEffect, type RefObject } from 'react'
import { PROGRESS_SAVE_MS, shouldSaveProgress } from '#app/lib/player/player-rules.ts'
import { saveEpisodeProgress, saveMovieProgress } from '#app/stores/library.ts'
import type { PlayerMedia } from './player-props.ts'

// Watch progress into the history (product.md §9): every 2 s while playing,
// and when the player closes. Returns the save, for callers that leave.

export function useProgressSaving(videoRef: RefObject<HTMLVideoElement | null>, media: PlayerMedia, playing: boolean) {
	const save = useCallback(() => {
		const video = videoRef.current
		if (!video || !shouldSaveProgress(video.currentTime, video.duration)) return
		const watched = { mediaId: media.tmdbId, title: media.title, year: media.year ?? undefined, posterPath: media.posterPath }
		const progress = { watched: video.currentTime, duration: video.duration }
		if (media.type === 'tv' && media.season !== undefined && media.episode !== undefined) {
			saveEpisodeProgress(
				watched,
				{
					id: media.episodeId ?? 0,
					season: media.season,
					number: media.episode,
					title: media.episodeTitle ?? '',
					seasonId: media.seasonTmdbId ?? 0,
				},
				progress,
			)
		} else {
			saveMovieProgress(watched, progress)
		}
	}, [videoRef, media])

	useEffect(() => {
		if (!playing) return
		const timer = setInterval(save, PROGRESS_SAVE_MS)
		return () => clearInterval(timer)
	}, [playing, save])
	useEffect(() => () => save(), [save])

	return save
}
