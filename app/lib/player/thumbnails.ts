// Seek-bar thumbnails made in the browser when a stream has no thumbnails
// track and the preview setting is on (product.md §9): 160x90 JPEG at quality 0.85,
// one every 10 s for media under 300 s, else every 30 s; a seek may take 2 s
// and loading 5 s before the attempt is given up. Pure rules; the drawing is
// in app/utils/video-thumbnails.ts.

export const THUMBNAIL_WIDTH = 160
export const THUMBNAIL_HEIGHT = 90
export const THUMBNAIL_QUALITY = 0.85
export const THUMBNAIL_SEEK_TIMEOUT_MS = 2000
export const THUMBNAIL_LOAD_TIMEOUT_MS = 5000

/** Seconds between thumbnails for media of this length. */
export function thumbnailInterval(duration: number): number {
	return duration < 300 ? 10 : 30
}

/** The times thumbnails are taken at: 0, then every interval, before the end. */
export function thumbnailTimes(duration: number): number[] {
	if (!Number.isFinite(duration) || duration <= 0) return []
	const step = thumbnailInterval(duration)
	const times: number[] = []
	for (let at = 0; at < duration; at += step) times.push(at)
	return times
}

const clock = (seconds: number) => {
	const whole = Math.max(0, seconds)
	const h = Math.floor(whole / 3600)
	const m = Math.floor((whole % 3600) / 60)
	const s = whole % 60
	return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`
}

/**
 * A WebVTT thumbnails track (what media-chrome's seek bar reads): each image
 * covers its time until the next. Every cue names its image's box
 * (`#xywh=0,0,160,90`, one image per file): media-chrome reads the box of
 * each cue and fails on a cue without one.
 */
export function thumbnailsVtt(images: ReadonlyArray<{ at: number; url: string }>, duration: number): string {
	const sorted = [...images].sort((a, b) => a.at - b.at)
	const box = `#xywh=0,0,${THUMBNAIL_WIDTH},${THUMBNAIL_HEIGHT}`
	const cues = sorted.map((image, index) => `${clock(image.at)} --> ${clock(sorted[index + 1]?.at ?? duration)}\n${image.url}${box}`)
	return `WEBVTT\n\n${cues.join('\n\n')}\n`
}
