import { describe, expect, it } from 'vitest'
import { privacySections } from './privacy.tsx'

describe('privacy page', () => {
	const text = (endpoint: string | null) =>
		privacySections(endpoint)
			.map((section) => `${section.heading}: ${section.body}`)
			.join('\n')

	it('says error reports leave only when the visitor sends one', () => {
		expect(text(null)).toContain('Only when you press "Report This Issue"')
	})

	it("says whether analytics are sent, and where, from the site's setting", () => {
		expect(text(null)).toContain('This site sends no analytics')
		expect(text('https://stats.example.org/events')).toContain('to stats.example.org')
		expect(text('https://stats.example.org/events')).not.toContain('sends no analytics')
	})
})
