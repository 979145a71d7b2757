import { parseByteStream, type VTTCue } from 'media-captions'
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react'
import { preferredCaption } from '#app/lib/player/player-rules.ts'
import type { Caption } from '#app/lib/sources/contract.ts'
import { apiStream } from '#app/utils/api-client.ts'

// Subtitles (product.md §5): the stream's captions (or the add-ons' when it has
// none) plus a file the viewer loads; the preferred language is picked when
// the list changes, `c` toggles the last choice. Cues are parsed with
// media-captions and drawn by the player, so size, colour and delay apply.

export type CaptionChoice = { id: string; label: string; language: string; load: () => Promise<VTTCue[]> }

async function parseCaption(body: ReadableStream<Uint8Array>, type: 'srt' | 'vtt'): Promise<VTTCue[]> {
	const result = await parseByteStream(body, { type })
	return result.cues
}

export function useCaptions(captions: Caption[], preferredLanguage: string) {
	const [localCaption, setLocalCaption] = useState<CaptionChoice | null>(null)
	const [captionId, setCaptionId] = useState<string | null>(null)
	const [lastCaptionId, setLastCaptionId] = useState<string | null>(null)
	const [cues, setCues] = useState<VTTCue[]>([])

	const choices = useMemo<CaptionChoice[]>(() => {
		const list: CaptionChoice[] = captions.map((caption) => ({
			id: caption.id,
			label: caption.label,
			language: caption.language,
			load: async () => parseCaption(await apiStream(caption.url), caption.type),
		}))
		return localCaption ? [...list, localCaption] : list
	}, [captions, localCaption])
	// The list's identity: a new array with the same captions is the same list.
	const listKey = choices.map((choice) => choice.id).join('|')

	const pickPreferred = useEffectEvent(() => {
		const preferred = preferredCaption(choices, preferredLanguage)
		setCaptionId((current) => (current && choices.some((choice) => choice.id === current) ? current : (preferred?.id ?? null)))
	})
	useEffect(() => {
		// The preferred subtitle language is picked when the list changes (§3 preferredSubtitles).
		pickPreferred()
	}, [listKey])

	const findChoice = useEffectEvent((id: string | null) => choices.find((item) => item.id === id))
	useEffect(() => {
		const choice = findChoice(captionId)
		setCues([])
		if (!choice) return
		let cancelled = false
		choice
			.load()
			.then((loaded) => {
				if (!cancelled) setCues(loaded)
			})
			.catch(() => {})
		return () => {
			cancelled = true
		}
	}, [captionId, listKey])

	const select = useCallback((id: string | null) => {
		setCaptionId(id)
		if (id) setLastCaptionId(id)
	}, [])
	const toggle = useCallback(() => {
		setCaptionId((current) => (current ? null : (lastCaptionId ?? choices[0]?.id ?? null)))
	}, [lastCaptionId, choices])
	const loadFile = useCallback((file: File | undefined) => {
		if (!file) return
		const type = file.name.toLowerCase().endsWith('.srt') ? 'srt' : 'vtt'
		const choice: CaptionChoice = {
			id: `local:${file.name}`,
			label: file.name,
			language: '',
			load: () => parseCaption(file.stream(), type),
		}
		setLocalCaption(choice)
		setCaptionId(choice.id)
		setLastCaptionId(choice.id)
	}, [])

	return { choices, captionId, cues: captionId ? cues : [], select, toggle, loadFile }
}
