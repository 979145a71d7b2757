import type { NextStep } from './contract.ts'

// Reasons a person can act on (issue 25 item 4): the texts a source answers
// `none` with when the viewer can do something about it, and the page that
// something is done on. Shared by the server (which attaches the step to the
// lookup event) and the browser (which shows it under product.md §8's text).
// Pure: no I/O.

/** The media folder, to a visitor who is not signed in (MEDIA_ACCESS=signed-in or a list of names). */
export const LIBRARY_SIGN_IN_REASON = "Sign in to play files from this site's library"
/** The 4K service, asked without a token or refusing the one sent. */
export const FOURK_TOKEN_REASON = 'Your 4K token is missing or expired: set it up on /4k'

export const SIGN_IN_STEP: NextStep = { href: '/login', label: 'Sign in' }
export const FOURK_STEP: NextStep = { href: '/4k', label: 'Set up 4K' }

/** The next step of a reason text every source of its kind gives the same way; undefined for the rest. */
export function nextStepFor(reason: string): NextStep | undefined {
	if (reason === LIBRARY_SIGN_IN_REASON) return SIGN_IN_STEP
	if (reason === FOURK_TOKEN_REASON) return FOURK_STEP
	return undefined
}

/** "A", "A and B", "A, B and C". */
function listText(items: readonly string[]): string {
	if (items.length <= 1) return items[0] ?? ''
	return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/**
 * The sample clips' answer for a title they do not cover, naming the titles
 * they do: "No source has this title. Sample clips cover Big Buck Bunny,
 * Sintel, … and Stranger Things (season 1, episodes 1–3)."
 */
export function sampleCoverageReason(covered: readonly string[]): string {
	return covered.length > 0 ? `No source has this title. Sample clips cover ${listText(covered)}.` : 'No source has this title.'
}

/** "Stranger Things (season 1, episodes 1–3)": a show the sample clips cover, with the episodes they cover. */
export function sampleShowCoverage(name: string, season: number, episodes: readonly number[]): string {
	const sorted = [...episodes].sort((a, b) => a - b)
	const first = sorted[0]
	const last = sorted.at(-1)
	const contiguous = first !== undefined && last !== undefined && last - first + 1 === sorted.length
	const range =
		sorted.length === 1 ? `episode ${first}` : contiguous ? `episodes ${first}–${last}` : `episodes ${listText(sorted.map(String))}`
	return `${name} (season ${season}, ${range})`
}

export interface ActionableReason {
	sourceId: string
	text: string
	next: NextStep
}

/**
 * The reasons worth showing when no source found a stream: each source's own
 * reason that comes with a next step, in lookup (rank) order, each text once.
 * Reasons with nothing to do ("timed out", "not in the media folder") are left
 * out: they would only add noise under the failure text.
 */
export function actionableReasons(
	sources: ReadonlyArray<{ id: string; status: string; reason?: string; next?: NextStep }>,
): ActionableReason[] {
	const out: ActionableReason[] = []
	for (const source of sources) {
		if (source.status !== 'none' || !source.reason || !source.next) continue
		if (out.some((reason) => reason.text === source.reason)) continue
		out.push({ sourceId: source.id, text: source.reason, next: source.next })
	}
	return out
}
