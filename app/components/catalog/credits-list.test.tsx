import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CreditsList, type CreditPerson } from './credits-list.tsx'

// The demo catalogue lists five people at most, so the end-to-end tests never
// meet the "Click for N more" button: its rendering is checked here.

const people = (count: number): CreditPerson[] =>
	Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}`, role: `Role ${i + 1}`, profile_path: null }))
const listItems = (html: string) => html.match(/<li\b/g)?.length ?? 0

describe('CreditsList', () => {
	it('shows 5 people, then a "Click for N more" button that controls the list', () => {
		const html = renderToString(<CreditsList title="Cast" people={people(8)} testId="cast-list" />)
		expect(listItems(html)).toBe(5)
		expect(html).toContain('Person 5')
		expect(html).not.toContain('Person 6')
		const button = /<button[^>]*data-testid="credits-more"[^>]*>([^<]*)<\/button>/.exec(html)
		expect(button?.[1]).toBe('Click for 3 more')
		const controls = /aria-controls="([^"]+)"/.exec(button![0])?.[1]
		expect(html).toContain(`<ul id="${controls}"`)
		expect(button![0]).toContain('aria-expanded="false"')
	})

	it('shows everyone and no button up to 5 people, and nothing at all for none', () => {
		const five = renderToString(<CreditsList title="Cast" people={people(5)} />)
		expect(listItems(five)).toBe(5)
		expect(five).not.toContain('credits-more')
		expect(renderToString(<CreditsList title="Cast" people={[]} />)).toBe('')
	})
})
