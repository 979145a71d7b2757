import { nextStepFor } from '#app/lib/sources/reasons.ts'
import type { LookupContext, LookupEvent, PlaybackSource, ScrapeRequest, SourceResult } from './types.ts'

// One lookup: every source asked at once, each with its own timeout and abort
// signal, events emitted as they happen. A slow, hung or broken source answers
// `none` with a reason and never delays or breaks the others.

export interface LookupOptions {
	/** Per-source time limit (SOURCE_TIMEOUT_MS). */
	timeoutMs: number
	/** Aborted when the client goes away: every source is told, and no more events are emitted. */
	signal: AbortSignal
	user: LookupContext['user']
	uiToken?: string
	clientKey: string
}

const TIMED_OUT = 'timed out'

function reasonOf(error: unknown): string {
	if (error instanceof Error && error.message) return error.message
	if (typeof error === 'string' && error) return error
	return 'the source failed'
}

/** What one source answered, after the timeout and a sanity check of its result. */
async function askSource(source: PlaybackSource, request: ScrapeRequest, options: LookupOptions): Promise<SourceResult> {
	const controller = new AbortController()
	let timer: NodeJS.Timeout | undefined
	let onClientGone: (() => void) | undefined
	// The race, not just the signal, ends the wait: a source that ignores its
	// signal is still cut off at the timeout, or as soon as the client is gone.
	const cutOff = new Promise<SourceResult>((resolve) => {
		timer = setTimeout(() => {
			controller.abort(new Error(TIMED_OUT))
			resolve({ kind: 'none', reason: TIMED_OUT })
		}, options.timeoutMs)
		onClientGone = () => {
			controller.abort(options.signal.reason)
			resolve({ kind: 'none', reason: 'the client went away' })
		}
		if (options.signal.aborted) onClientGone()
		else options.signal.addEventListener('abort', onClientGone, { once: true })
	})
	const context: LookupContext = {
		signal: controller.signal,
		user: options.user,
		clientKey: options.clientKey,
		...(options.uiToken ? { uiToken: options.uiToken } : {}),
	}
	const answer = (async (): Promise<SourceResult> => {
		try {
			return checkResult(source, await source.lookup(request, context))
		} catch (error) {
			return { kind: 'none', reason: controller.signal.aborted && !options.signal.aborted ? TIMED_OUT : reasonOf(error) }
		}
	})()
	try {
		return await Promise.race([answer, cutOff])
	} finally {
		clearTimeout(timer)
		if (onClientGone) options.signal.removeEventListener('abort', onClientGone)
		// Whatever the source still has in flight is of no use now.
		if (!controller.signal.aborted) controller.abort(new Error('lookup finished'))
	}
}

function checkResult(source: PlaybackSource, result: SourceResult | null | undefined): SourceResult {
	if (!result || typeof result !== 'object') return { kind: 'none', reason: 'nothing returned' }
	if (result.kind === 'found') {
		const streams = Array.isArray(result.streams) ? result.streams.map((stream) => ({ ...stream, sourceId: source.id })) : []
		return streams.length > 0 ? { kind: 'found', streams } : { kind: 'none', reason: 'nothing returned' }
	}
	if (result.kind === 'subtitles') {
		return Array.isArray(result.captions) && result.captions.length > 0 ? result : { kind: 'none', reason: 'nothing returned' }
	}
	if (result.kind === 'none') {
		const reason = result.reason || 'nothing returned'
		const next = result.next ?? nextStepFor(reason)
		return next ? { kind: 'none', reason, next } : { kind: 'none', reason }
	}
	return { kind: 'none', reason: 'nothing returned' }
}

function eventOf(source: PlaybackSource, result: SourceResult): LookupEvent {
	const who = { id: source.id, name: source.name }
	switch (result.kind) {
		case 'found':
			return { event: 'found', source: who, streams: result.streams }
		case 'subtitles':
			return { event: 'subtitles', source: who, captions: result.captions }
		case 'none':
			return result.next
				? { event: 'none', source: who, reason: result.reason, next: result.next }
				: { event: 'none', source: who, reason: result.reason }
	}
}

/**
 * Runs a lookup: `checking` for every source in the given (fixed) order, then
 * each source's answer as it arrives, then `done`. Once the client is gone
 * (options.signal aborted) nothing more is emitted.
 */
export async function runLookup(
	request: ScrapeRequest,
	sources: PlaybackSource[],
	options: LookupOptions,
	emit: (event: LookupEvent) => void,
): Promise<void> {
	const send = (event: LookupEvent) => {
		if (!options.signal.aborted) emit(event)
	}
	for (const source of sources) send({ event: 'checking', source: { id: source.id, name: source.name } })
	await Promise.all(
		sources.map(async (source) => {
			const result = await askSource(source, request, options)
			send(eventOf(source, result))
		}),
	)
	send({ event: 'done' })
}
