// The offset between a browser's clock and the server's, estimated as NTP does
// (RFC 5905 §8, simplified to one server timestamp): the browser sends its
// time t0, the server answers with its time s, the answer arrives at t1. If
// the two legs took equally long, the server read its clock at (t0 + t1) / 2
// browser time, so offset = s − (t0 + t1) / 2 and the error is at most half
// the round trip. Several samples are kept and the ones with the shortest round
// trips trusted, since a delayed leg is what skews a sample.

export interface ClockSample {
	/** server time − browser time, in ms */
	offset: number
	/** round trip, in ms */
	rtt: number
	/** browser time the answer arrived */
	at: number
}

/** How many samples are kept (the newest). */
export const CLOCK_SAMPLES_KEPT = 12
/** How many of the kept samples, those with the shortest round trips, are averaged. */
export const CLOCK_SAMPLES_TRUSTED = 3
/** Pings sent one after the other when a member connects. */
export const CLOCK_BURST = 8
/** Time between pings once the burst is done. */
export const CLOCK_INTERVAL_MS = 5000

/** One ping's sample; null when the times cannot be right (an answer before its question). */
export function clockSample(sentAt: number, serverTime: number, receivedAt: number): ClockSample | null {
	const rtt = receivedAt - sentAt
	if (!Number.isFinite(rtt) || rtt < 0 || !Number.isFinite(serverTime)) return null
	return { offset: serverTime - (sentAt + receivedAt) / 2, rtt, at: receivedAt }
}

/** Keeps the newest CLOCK_SAMPLES_KEPT samples with the new one added. */
export function addSample(samples: readonly ClockSample[], sample: ClockSample): ClockSample[] {
	return [...samples, sample].slice(-CLOCK_SAMPLES_KEPT)
}

/**
 * The offset to use: the mean of the CLOCK_SAMPLES_TRUSTED samples with the
 * shortest round trips (0 with none yet), and its error bound (half the
 * longest round trip among them).
 */
export function estimateOffset(samples: readonly ClockSample[]): { offset: number; error: number } {
	if (samples.length === 0) return { offset: 0, error: Infinity }
	const best = [...samples].sort((a, b) => a.rtt - b.rtt).slice(0, CLOCK_SAMPLES_TRUSTED)
	const offset = best.reduce((sum, sample) => sum + sample.offset, 0) / best.length
	return { offset, error: Math.max(...best.map((sample) => sample.rtt)) / 2 }
}

/** The server's time now, given the browser's time and the offset. */
export function serverNow(browserNow: number, offset: number): number {
	return browserNow + offset
}
