import { useCallback, useEffect, useState, type RefObject } from 'react'
import { readDevice, writeDevice } from '#app/stores/device-storage.ts'

// Playback speed (0.5–2×), remembered on the device. It is the video's
// default rate too, so a new source or quality keeps it.

function storedSpeed() {
	try {
		return readDevice('player-speed') ?? 1
	} catch {
		return 1
	}
}

export function usePlaybackSpeed(videoRef: RefObject<HTMLVideoElement | null>) {
	const [speed, setSpeed] = useState(storedSpeed)

	useEffect(() => {
		const video = videoRef.current
		if (!video) return
		video.defaultPlaybackRate = speed
		video.playbackRate = speed
	}, [videoRef, speed])

	const choose = useCallback((next: number) => {
		setSpeed(next)
		try {
			writeDevice('player-speed', next)
		} catch {
			// Storage refused: the speed still applies to this session.
		}
	}, [])

	return [speed, choose] as const
}
