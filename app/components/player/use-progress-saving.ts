import { useCallback, useEffect, type RefObject } from 'react'
import { PROGRESS_SAVE_MS, shouldSaveProgress } from '#app/lib/player/player-rules.ts'
import { saveEpisodeProgress, saveMovieProgress } from '#app/stores/library.ts'
import type { PlayerMedia } from './player-props.ts'

// Watch progress into the history (product.md §9): every 2 s while playing,
// and at once on pause, after a seek, when the tab is hidden, when the page
// is closed and when the player closes, so leaving right after a seek or a
// pause keeps the point. Returns the save, for callers that leave.

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

	useEffect(() => {
		const video = videoRef.current
		const onHidden = () => {
			if (document.visibilityState === 'hidden') save()
		}
		video?.addEventListener('pause', save)
		video?.addEventListener('seeked', save)
		document.addEventListener('visibilitychange', onHidden)
		window.addEventListener('pagehide', save)
		return () => {
			video?.removeEventListener('pause', save)
			video?.removeEventListener('seeked', save)
			document.removeEventListener('visibilitychange', onHidden)
			window.removeEventListener('pagehide', save)
		}
	}, [videoRef, save])

	return save
}
