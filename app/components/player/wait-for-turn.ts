import { readTurnAnswer } from '#app/lib/player/transcode-queue.ts'
import { apiRequest, ApiError } from '#app/utils/api-client.ts'

// A transcoded stream's turn (decision 0046): before its playlist is loaded,
// the player asks the stream's queue URL whether a transcode slot is free for
// it, and while every slot is taken it asks again at the server's pace,
// showing its place in line. Leaving (the player closes, the page goes)
// gives the place up at once; a ticket not renewed also expires on the server.

/** Network failures in a row tolerated while waiting (the server restarting, a moment offline). */
const NETWORK_FAILURES = 3

function sleep(ms: number, signal: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal.aborted) return reject(signal.reason as Error)
		const timer = setTimeout(() => {
			signal.removeEventListener('abort', stop)
			resolve()
		}, ms)
		const stop = () => {
			clearTimeout(timer)
			reject(signal.reason as Error)
		}
		signal.addEventListener('abort', stop, { once: true })
	})
}

/**
 * Resolves when the viewer may load the stream (its transcode runs, or was
 * started at `from` seconds for it). `onWaiting` gets the place in line each
 * time the server answers "waiting". Rejects with ApiError when the server
 * refuses (no ffmpeg, the client's start limit, a full line), and with the
 * signal's reason when aborted.
 */
export async function waitForTurn(
	queueUrl: string,
	{ from, signal, onWaiting }: { from: number; signal: AbortSignal; onWaiting: (position: number) => void },
): Promise<void> {
	let ticket: string | undefined
	const leave = () => {
		if (!ticket) return
		const held = ticket
		ticket = undefined
		void apiRequest(queueUrl, { method: 'DELETE', query: { ticket: held }, keepalive: true }).catch(() => {})
	}
	window.addEventListener('pagehide', leave)
	let failures = 0
	try {
		for (;;) {
			let reply: unknown
			try {
				reply = await apiRequest<unknown>(queueUrl, {
					body: { ...(ticket ? { ticket } : {}), from: Math.round(from * 1000) / 1000 },
					signal,
				})
				failures = 0
			} catch (error) {
				// A refusal has the server's words; a broken connection is tried again a few times.
				if (signal.aborted || error instanceof ApiError || ++failures > NETWORK_FAILURES) throw error
				await sleep(2000, signal)
				continue
			}
			const answer = readTurnAnswer(reply)
			if (!answer || answer.state === 'ready') {
				// Its job started (or the server does not queue this stream): nothing to give up any more.
				ticket = undefined
				return
			}
			ticket = answer.ticket
			onWaiting(answer.position)
			await sleep(answer.pollMs, signal)
		}
	} finally {
		window.removeEventListener('pagehide', leave)
		if (signal.aborted) leave()
	}
}
