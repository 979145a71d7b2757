import {
	THUMBNAIL_HEIGHT,
	THUMBNAIL_LOAD_TIMEOUT_MS,
	THUMBNAIL_QUALITY,
	THUMBNAIL_SEEK_TIMEOUT_MS,
	THUMBNAIL_WIDTH,
	thumbnailsVtt,
	thumbnailTimes,
} from '#app/lib/player/thumbnails.ts'

// Makes seek-bar thumbnails of a file stream in the browser (§9): a second,
// muted video element seeks through the file and each frame is drawn at
// 160x90 into a JPEG blob; the result is a WebVTT thumbnails track as a blob
// URL. Every URL made is revoked by the returned cleanup.

function once(target: HTMLVideoElement, event: string, timeoutMs: number, signal: AbortSignal): Promise<boolean> {
	return new Promise((resolve) => {
		const done = (ok: boolean) => {
			window.clearTimeout(timer)
			target.removeEventListener(event, onEvent)
			target.removeEventListener('error', onError)
			signal.removeEventListener('abort', onAbort)
			resolve(ok)
		}
		const onEvent = () => done(true)
		const onError = () => done(false)
		const onAbort = () => done(false)
		const timer = window.setTimeout(() => done(false), timeoutMs)
		target.addEventListener(event, onEvent, { once: true })
		target.addEventListener('error', onError, { once: true })
		signal.addEventListener('abort', onAbort, { once: true })
	})
}

export interface BrowserThumbnails {
	vttUrl: string
	revoke: () => void
}

/** undefined when the file can not be loaded in time or the signal aborts; partial tracks are kept. */
export async function makeBrowserThumbnails(src: string, signal: AbortSignal): Promise<BrowserThumbnails | undefined> {
	const video = document.createElement('video')
	video.muted = true
	video.preload = 'auto'
	video.playsInline = true
	video.src = src
	const urls: string[] = []
	const revoke = () => {
		for (const url of urls) URL.revokeObjectURL(url)
	}
	try {
		if (!(await once(video, 'loadeddata', THUMBNAIL_LOAD_TIMEOUT_MS, signal))) return undefined
		const duration = video.duration
		const canvas = document.createElement('canvas')
		canvas.width = THUMBNAIL_WIDTH
		canvas.height = THUMBNAIL_HEIGHT
		const context = canvas.getContext('2d')
		if (!context) return undefined
		const images: Array<{ at: number; url: string }> = []
		for (const at of thumbnailTimes(duration)) {
			if (signal.aborted) break
			video.currentTime = at
			if (!(await once(video, 'seeked', THUMBNAIL_SEEK_TIMEOUT_MS, signal))) continue
			context.drawImage(video, 0, 0, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT)
			const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', THUMBNAIL_QUALITY))
			if (!blob) continue
			const url = URL.createObjectURL(blob)
			urls.push(url)
			images.push({ at, url })
		}
		if (images.length === 0 || signal.aborted) {
			revoke()
			return undefined
		}
		const vttUrl = URL.createObjectURL(new Blob([thumbnailsVtt(images, duration)], { type: 'text/vtt' }))
		urls.push(vttUrl)
		return { vttUrl, revoke }
	} catch {
		revoke()
		return undefined
	} finally {
		video.removeAttribute('src')
		video.load()
	}
}
