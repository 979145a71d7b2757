// SubRip → WebVTT, because browsers' <track> reads WebVTT only. Pure: no I/O.

/** WebVTT text from SubRip or WebVTT text (already-VTT input passes through). */
export function toWebVtt(text: string): string {
	const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
	if (/^WEBVTT/.test(normalised)) return normalised
	// SubRip cue times use a comma before the milliseconds; VTT a full stop. Cue numbers are valid VTT cue ids.
	const body = normalised.replace(/(\d{1,2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2')
	return `WEBVTT\n\n${body.trim()}\n`
}
