// Trickplay (product.md §9: 160x90 JPEG thumbnails at quality 0.85, one every 10 s
// under 300 s of media, else every 30 s) as plain arithmetic: how many
// thumbnails, where each sits in its sprite, and the WebVTT thumbnails track
// whose cues name `sprite-N.jpg#xywh=x,y,w,h`. Sprites (not one file per
// thumbnail) keep a two-hour film to a handful of requests. Pure, unit-tested.

export const THUMBNAIL_WIDTH = 160
export const THUMBNAIL_HEIGHT = 90
/** §9's quality 0.85 on the JPEG encoder's 1–100 scale. */
export const THUMBNAIL_JPEG_QUALITY = 85
export const SPRITE_COLUMNS = 10
export const SPRITE_ROWS = 10
export const TRICKPLAY_VTT_NAME = 'thumbnails.vtt'

export function thumbnailIntervalSeconds(durationSeconds: number): number {
	return durationSeconds < 300 ? 10 : 30
}

export function thumbnailCount(durationSeconds: number): number {
	if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0
	return Math.ceil(durationSeconds / thumbnailIntervalSeconds(durationSeconds))
}

export function spriteName(sprite: number): string {
	return `sprite-${sprite}.jpg`
}

/** Which sprite holds thumbnail `n`, and where. */
export function thumbnailPlace(n: number): { sprite: number; x: number; y: number } {
	const perSprite = SPRITE_COLUMNS * SPRITE_ROWS
	const within = n % perSprite
	return {
		sprite: Math.floor(n / perSprite),
		x: (within % SPRITE_COLUMNS) * THUMBNAIL_WIDTH,
		y: Math.floor(within / SPRITE_COLUMNS) * THUMBNAIL_HEIGHT,
	}
}

/** Rows used by a sprite holding `thumbnails` thumbnails (the last sprite may be shorter). */
export function spriteRows(thumbnails: number): number {
	return Math.min(SPRITE_ROWS, Math.ceil(thumbnails / SPRITE_COLUMNS))
}

export function vttTimestamp(seconds: number): string {
	const millis = Math.round(seconds * 1000)
	const h = Math.floor(millis / 3_600_000)
	const m = Math.floor((millis % 3_600_000) / 60_000)
	const s = Math.floor((millis % 60_000) / 1000)
	const ms = millis % 1000
	const pad = (value: number, width = 2) => String(value).padStart(width, '0')
	return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms, 3)}`
}

/** The WebVTT thumbnails track for `thumbnails` thumbnails (as many as were made) of media this long. */
export function trickplayVtt(durationSeconds: number, thumbnails: number): string {
	const interval = thumbnailIntervalSeconds(durationSeconds)
	const lines = ['WEBVTT', '']
	for (let n = 0; n < thumbnails; n++) {
		const start = n * interval
		const end = Math.min(durationSeconds, start + interval)
		if (end <= start) break
		const { sprite, x, y } = thumbnailPlace(n)
		lines.push(
			`${vttTimestamp(start)} --> ${vttTimestamp(end)}`,
			`${spriteName(sprite)}#xywh=${x},${y},${THUMBNAIL_WIDTH},${THUMBNAIL_HEIGHT}`,
			'',
		)
	}
	return lines.join('\n')
}
