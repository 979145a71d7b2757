import { data } from 'react-router'
import { testRoutesEnabled } from '#server/testing/test-switches.server.ts'

/**
 * Lets the end-to-end suite exercise the error screen and server-side error
 * logging. Answers 404 unless ENABLE_TEST_ROUTES is on (true or 1).
 */
export function loader() {
	if (!testRoutesEnabled()) throw data(null, { status: 404 })
	throw new Error('Deliberate test error')
}

export default function ErrorTest() {
	return null
}
