import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { MediaRow, NO_MOVIES_TEXT } from './media-row.tsx'

// The demo catalogue never leaves a movie row empty, so the §8 empty text of
// movie rows is checked here.

function render(element: React.ReactElement) {
	const router = createMemoryRouter([{ path: '/', element }])
	return renderToString(<RouterProvider router={router} />)
}

describe('MediaRow', () => {
	it('says "No movies available" when a movie row is empty', () => {
		expect(render(<MediaRow title="Upcoming Movies" emptyText={NO_MOVIES_TEXT} items={[]} />)).toContain('No movies available')
		expect(NO_MOVIES_TEXT).toBe('No movies available')
	})
})
