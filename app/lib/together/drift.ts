// How a member keeps its video where the room is (after Jellyfin's SyncPlay:
// "SpeedToSync" for a small difference, "SkipToSync" for a large one). The
// drift is the member's position minus the room's, in seconds: positive when
// ahead. Within the dead band nothing changes (playbackRate steps are not free:
// some browsers stutter on each change); a small drift is taken back by a
// slight change of speed, which nobody notices; a large one by a seek, which
// costs a moment of buffering but is quick.

/** Below this drift (s) the rate goes back to 1. */
export const DEAD_BAND_S = 0.04
/** Above this drift (s) the member seeks instead of changing speed. */
export const SEEK_ABOVE_S = 1
/** The furthest the rate moves from 1 (±8 %: pitch-corrected audio still sounds natural). */
export const MAX_RATE_CHANGE = 0.08
/** The rate change per second of drift, so 0.25 s of drift is taken back at 5 % in ~5 s. */
export const RATE_PER_SECOND = 0.2

export type Correction = { kind: 'none' } | { kind: 'rate'; rate: number } | { kind: 'seek'; to: number }

/**
 * What to do for a member at `local` seconds when the room is at `target`.
 * `seekLead` (s) is how far ahead of the target to land, for the time a seek
 * takes while the room goes on (measured by the member on its last seek).
 */
export function correctDrift(local: number, target: number, seekLead = 0): Correction {
	const drift = local - target
	const size = Math.abs(drift)
	if (!Number.isFinite(drift)) return { kind: 'none' }
	if (size > SEEK_ABOVE_S) return { kind: 'seek', to: Math.max(0, target + seekLead) }
	if (size < DEAD_BAND_S) return { kind: 'rate', rate: 1 }
	const change = Math.min(MAX_RATE_CHANGE, size * RATE_PER_SECOND)
	// Ahead: slow down; behind: speed up. Rounded so tiny changes do not re-set the rate every tick.
	return { kind: 'rate', rate: Math.round((drift > 0 ? 1 - change : 1 + change) * 1000) / 1000 }
}

/** The next seek lead (s): a moving mean of how late the last seeks landed, within 0–1 s. */
export function nextSeekLead(previous: number, landedLateBy: number): number {
	if (!Number.isFinite(landedLateBy)) return previous
	const next = previous * 0.5 + landedLateBy * 0.5
	return Math.min(1, Math.max(0, next))
}
