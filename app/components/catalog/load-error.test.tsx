import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { LOAD_ERROR_TEXT, LOAD_ERROR_TITLE, LoadError } from './load-error.tsx'

describe('LoadError', () => {
	it('shows the product.md texts and a Retry button', () => {
		const router = createMemoryRouter([{ path: '/', element: <LoadError /> }])
		const html = renderToString(<RouterProvider router={router} />)
		expect(LOAD_ERROR_TITLE).toBe('Something went wrong.')
		expect(html).toContain('Something went wrong.')
		expect(html).toContain('We couldn&#x27;t load the content. Please check your internet connection or try again.')
		expect(LOAD_ERROR_TEXT).toContain("couldn't")
		expect(html).toMatch(/<button[^>]*>.*Retry<\/button>/s)
	})
})
