import { describe, expect, it } from 'vitest'
import {
	actionableReasons,
	FOURK_STEP,
	FOURK_TOKEN_REASON,
	LIBRARY_SIGN_IN_REASON,
	nextStepFor,
	sampleCoverageReason,
	sampleShowCoverage,
	SIGN_IN_STEP,
} from './reasons.ts'

describe('reasons a person can act on', () => {
	it('gives the next step of the shared reason texts, and none for look-alikes', () => {
		expect(nextStepFor(LIBRARY_SIGN_IN_REASON)).toEqual(SIGN_IN_STEP)
		expect(nextStepFor(FOURK_TOKEN_REASON)).toEqual(FOURK_STEP)
		expect(nextStepFor('sign in to play the media folder')).toBeUndefined()
		expect(nextStepFor('token rejected')).toBeUndefined()
		expect(nextStepFor(`${FOURK_TOKEN_REASON}.`)).toBeUndefined()
		expect(nextStepFor('timed out')).toBeUndefined()
	})

	it('names what the sample clips cover', () => {
		expect(sampleShowCoverage('Stranger Things', 1, [3, 1, 2])).toBe('Stranger Things (season 1, episodes 1–3)')
		expect(sampleShowCoverage('Show', 2, [4])).toBe('Show (season 2, episode 4)')
		expect(sampleShowCoverage('Show', 1, [1, 3])).toBe('Show (season 1, episodes 1 and 3)')
		expect(sampleCoverageReason(['Sintel'])).toBe('No source has this title. Sample clips cover Sintel.')
		expect(sampleCoverageReason(['A', 'B', 'C'])).toBe('No source has this title. Sample clips cover A, B and C.')
		expect(sampleCoverageReason([])).toBe('No source has this title.')
	})

	it('keeps the reasons with a next step, in rank order, each text once', () => {
		const watchSintel = { href: '/movies/45745-sintel', label: 'Watch Sintel' }
		expect(
			actionableReasons([
				{ id: 'library', status: 'none', reason: LIBRARY_SIGN_IN_REASON, next: SIGN_IN_STEP },
				{ id: 'fourk', status: 'checking' },
				{ id: 'addon:a', status: 'none', reason: 'timed out' },
				{ id: 'addon:b', status: 'none', reason: LIBRARY_SIGN_IN_REASON, next: SIGN_IN_STEP },
				{ id: 'addon:c', status: 'subtitles' },
				{ id: 'sample', status: 'none', reason: 'No source has this title. Sample clips cover Sintel.', next: watchSintel },
			]),
		).toEqual([
			{ sourceId: 'library', text: LIBRARY_SIGN_IN_REASON, next: SIGN_IN_STEP },
			{ sourceId: 'sample', text: 'No source has this title. Sample clips cover Sintel.', next: watchSintel },
		])
		expect(actionableReasons([{ id: 'found', status: 'found' }])).toEqual([])
	})
})
